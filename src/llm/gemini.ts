/**
 * Google Gemini (generateContent / streamGenerateContent?alt=sse). The key goes in the x-goog-api-key
 * header, never in the URL; function calls arrive whole; the stream has no closing event, so a reply is
 * complete once a finish reason came.
 */
import { geminiSchema } from '../tools/formats/json-schema';
import { ProviderError } from './errors';
import type { Reply } from './reply';
import type { ChatRequest } from './types';
import { arr, finishOf, num, obj, str, streamError, type Obj, type WireFormat } from './wire';

function contents(req: ChatRequest): Obj[] {
  return req.messages.map((m) => {
    if (m.role === 'user') return { role: 'user', parts: [{ text: m.content }] };
    if (m.role === 'tool')
      return {
        role: 'user',
        parts: [
          ...m.results.map((r) => ({
            functionResponse: {
              name: r.name,
              response: r.isError ? { error: r.content } : { output: r.content },
            },
          })),
          // Pictures go beside the responses, in the same turn.
          ...m.results.flatMap((r) =>
            (r.images ?? []).map((i) => ({ inlineData: { mimeType: i.mediaType, data: i.data } })),
          ),
        ],
      };
    const parts: Obj[] = m.text ? [{ text: m.text }] : [];
    for (const c of m.toolCalls ?? [])
      parts.push({
        functionCall: { name: c.name, args: typeof c.args === 'object' ? c.args : {} },
        // Gemini 3 refuses a turn whose function calls come back without their thought signatures.
        ...(c.signature ? { thoughtSignature: c.signature } : {}),
      });
    return { role: 'model', parts };
  });
}

const MODES = { auto: 'AUTO', required: 'ANY', none: 'NONE' } as const;

function candidate(json: unknown, reply: Reply): void {
  const response = obj(json);
  if (response.error) throw streamError(response.error);
  const blocked = str(obj(response.promptFeedback).blockReason);
  if (blocked) throw new ProviderError('blocked', `Gemini blocked the request (${blocked}).`);
  const first = obj(arr(response.candidates)[0]);
  for (const part of arr(obj(first.content).parts).map(obj)) {
    if (typeof part.text === 'string' && !part.thought) reply.addText(part.text);
    if (part.functionCall) {
      const call = obj(part.functionCall);
      reply.wholeCall(str(call.id), str(call.name), call.args ?? {}, str(part.thoughtSignature) || undefined);
    }
  }
  const usage = obj(response.usageMetadata);
  if (response.usageMetadata)
    reply.setUsage(
      num(usage.promptTokenCount),
      num(usage.candidatesTokenCount),
      num(usage.cachedContentTokenCount),
    );
  if (first.finishReason) reply.finish(finishOf(first.finishReason));
}

export const gemini: WireFormat = {
  url: (base, model) => `${base}/v1beta/models/${encodeURIComponent(model)}:streamGenerateContent?alt=sse`,
  headers: (key): Record<string, string> => (key ? { 'x-goog-api-key': key } : {}),
  body(req) {
    const body: Obj = { contents: contents(req) };
    if (req.system) body.systemInstruction = { parts: [{ text: req.system }] };
    if (req.tools?.length) {
      body.tools = [
        {
          functionDeclarations: req.tools.map((t) => ({
            name: t.name,
            description: t.description,
            parameters: geminiSchema(t.parameters),
          })),
        },
      ];
      const choice = req.toolChoice;
      if (choice)
        body.toolConfig = {
          functionCallingConfig:
            typeof choice === 'string'
              ? { mode: MODES[choice] }
              : { mode: 'ANY', allowedFunctionNames: [choice.name] },
        };
    }
    const generation: Obj = {};
    if (req.maxOutputTokens !== undefined) generation.maxOutputTokens = req.maxOutputTokens;
    if (req.temperature !== undefined) generation.temperature = req.temperature;
    if (Object.keys(generation).length) body.generationConfig = generation;
    return body;
  },
  event(data, _event, reply) {
    candidate(data, reply);
    return undefined; // no closing event: complete once a finish reason came
  },
};
