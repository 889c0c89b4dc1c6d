// Vercel AI SDK: the tools run themselves in the page; any AI SDK model (openai('gpt-4.1-mini'),
// anthropic('claude-sonnet-4-5'), a gateway model…) drives them.
import { generateText, stepCountIs, type LanguageModel } from 'ai';
import { tools } from 'llm-helper';

export async function runTask(model: LanguageModel, task: string): Promise<string> {
  const { text } = await generateText({
    model,
    tools: tools({ format: 'ai-sdk' }),
    stopWhen: stepCountIs(20),
    prompt: task,
  });
  return text;
}
