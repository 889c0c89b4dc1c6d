/** What a person reads when a provider is set up wrong: the URL that answered 404, an endpoint pasted as the base URL. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorFromResponse } from '../../src/llm/errors';
import { createProvider } from '../../src/llm/index';

afterEach(() => vi.restoreAllMocks());

describe('provider set-up mistakes', () => {
  it('a 404 names the URL that answered and says what to check; no "see above" with nothing above', () => {
    const e = errorFromResponse(
      404,
      new Headers(),
      '',
      'openai',
      'https://llm.example/v2/chat/completions?x=1',
    );
    expect(e.message).toBe(
      'openai answered 404 (nothing there) at https://llm.example/v2/chat/completions. Check the base URL (the API root, such as https://api.openai.com/v1) and the model name.',
    );
    expect(errorFromResponse(400, new Headers(), '', 'openai').message).not.toMatch(/see above/);
  });

  it('a full endpoint pasted as the base URL is trimmed to its API root, with a note', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const urls: string[] = [];
    const fetch = async (url: string) => {
      urls.push(url);
      return new Response('{}', { status: 500 });
    };
    const p = createProvider('openai', {
      baseURL: 'https://llm.example/v1/chat/completions',
      apiKey: 'k',
      fetch: fetch as unknown as typeof globalThis.fetch,
      maxRetries: 0,
    });
    await p.chat({ messages: [{ role: 'user', content: 'hi' }] }).catch(() => undefined);
    expect(urls).toEqual(['https://llm.example/v1/chat/completions']);
    expect(info).toHaveBeenCalledWith(
      'LLMHelper: https://llm.example/v1/chat/completions is an endpoint; using its API root, https://llm.example/v1, as the baseURL.',
    );
  });
});
