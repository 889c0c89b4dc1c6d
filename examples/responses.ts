// OpenAI Responses API with the official client: function_call items go to execute(), whose
// function_call_output items are the next input.
import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { execute, tools } from 'llm-helper';

export async function runTask(client: OpenAI, task: string): Promise<string> {
  let input: string | ResponseInputItem[] = task;
  let previous: string | undefined;
  for (let turn = 0; turn < 20; turn++) {
    const response = await client.responses.create({
      model: 'gpt-4.1-mini',
      input,
      previous_response_id: previous,
      tools: tools({ format: 'responses' }),
    });
    previous = response.id;
    const calls = response.output.filter((item) => item.type === 'function_call');
    if (!calls.length) return response.output_text;
    const outputs: ResponseInputItem[] = [];
    for (const call of calls) outputs.push((await execute(call)).message);
    input = outputs;
  }
  return 'No answer within 20 turns.';
}
