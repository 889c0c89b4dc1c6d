// Gemini with the official @google/genai client: functionCall parts go to execute(), whose
// functionResponse parts go back as the next user turn.
import { GoogleGenAI, type Content, type Part } from '@google/genai';
import { execute, tools } from 'llm-helper';

export async function runTask(ai: GoogleGenAI, task: string): Promise<string> {
  const contents: Content[] = [{ role: 'user', parts: [{ text: task }] }];
  for (let turn = 0; turn < 20; turn++) {
    const response = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents,
      config: { tools: [tools({ format: 'gemini' })] },
    });
    const parts = response.candidates?.[0]?.content?.parts ?? [];
    contents.push({ role: 'model', parts });
    const calls = parts.filter((part) => part.functionCall);
    if (!calls.length) return response.text ?? '';
    const results: Part[] = [];
    for (const call of calls) results.push((await execute(call)).message);
    contents.push({ role: 'user', parts: results });
  }
  return 'No answer within 20 turns.';
}
