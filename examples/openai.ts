// OpenAI Chat Completions with the official client: the model calls the page's tools, execute() runs
// each call and gives back the tool message to append.
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { execute, tools } from 'llm-helper';

export async function runTask(client: OpenAI, task: string): Promise<string> {
  const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: task }];
  for (let turn = 0; turn < 20; turn++) {
    const reply = await client.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages,
      tools: tools({ format: 'openai' }),
    });
    const message = reply.choices[0]?.message;
    if (!message) break;
    messages.push(message);
    if (!message.tool_calls?.length) return message.content ?? '';
    for (const call of message.tool_calls) messages.push((await execute(call)).message);
  }
  return 'No answer within 20 turns.';
}
