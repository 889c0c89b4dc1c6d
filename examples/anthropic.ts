// Anthropic Messages with the official client: tool_use blocks go to execute(), whose tool_result
// blocks go back in the next user message.
import Anthropic from '@anthropic-ai/sdk';
import { execute, tools } from 'llm-helper';

export async function runTask(client: Anthropic, task: string): Promise<string> {
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: task }];
  for (let turn = 0; turn < 20; turn++) {
    const reply = await client.messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 2048,
      messages,
      tools: tools({ format: 'anthropic' }),
    });
    messages.push({ role: 'assistant', content: reply.content });
    const calls = reply.content.filter((block) => block.type === 'tool_use');
    if (!calls.length)
      return reply.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    const results: Anthropic.ToolResultBlockParam[] = [];
    for (const call of calls) results.push((await execute(call)).message);
    messages.push({ role: 'user', content: results });
  }
  return 'No answer within 20 turns.';
}
