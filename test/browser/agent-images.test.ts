/**
 * A tool that returns a picture (ToolOutput.images: the extension's screenshot, or an integrator's own
 * tool): the agent sends it with the turn that took it, once; later requests carry the result's text
 * only, and agent.state() holds no pixels. Real Chromium, the scripted model over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';
import { call } from '../support/mock-model.mjs';
import { baseURLFor } from '../support/provider-cases';

const ctx = useBrowser();
const mock = useMockModel();

describe("a tool's pictures", () => {
  it('go to the model once, with the turn that took them, and never into the saved state', async () => {
    const page = await ctx.open('invoices.html');
    await page.addScriptTag({
      type: 'module',
      content: "import * as z from '/node_modules/zod/v4/classic/external.js'; window.realZod = z;",
    });
    await page.waitForFunction(() => 'realZod' in window);
    mock.setScenario({
      replies: [
        call('chart', {}),
        call('find', { pattern: 'Invoice' }),
        call('find', { pattern: 'Total' }),
        { text: 'The chart rises.' },
      ],
    });
    const r = await page.evaluate(
      async (baseURL) => {
        const z = (window as unknown as { realZod: { object(s: object): unknown } }).realZod;
        const L = window.LLMHelper as unknown as {
          defineTool(t: object): unknown;
          addTool(t: unknown): void;
          provider(n: string, o: unknown): unknown;
          Agent: new (o: unknown) => {
            run(t: string): Promise<{ status: string; answer: string }>;
            state(): unknown;
          };
        };
        L.addTool(
          L.defineTool({
            name: 'chart',
            description: 'A picture of the sales chart.',
            input: z.object({}),
            risk: 'read',
            run: () => ({
              text: 'The sales chart.',
              images: [{ mediaType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' }],
            }),
          }),
        );
        const agent = new L.Agent({
          provider: L.provider('openai', { apiKey: 'sk-test', baseURL, model: 'scripted', maxRetries: 0 }),
        });
        const result = await agent.run('How does the chart look?');
        return { result, state: JSON.stringify(agent.state()) };
      },
      baseURLFor(mock.url, 'openai'),
    );
    expect(r.result).toMatchObject({ status: 'done', answer: 'The chart rises.' });
    const pictures = mock.log.map(
      (l) => (JSON.stringify(l.body).match(/data:image\/png;base64,iVBORw0KGgo/g) ?? []).length,
    );
    // Request 2 follows the chart call: it carries the picture; the next ones its text only.
    expect(pictures).toEqual([0, 1, 0, 0]);
    expect(JSON.stringify(mock.log[3]!.body)).toContain('The sales chart.');
    expect(r.state).toContain('The sales chart.');
    expect(r.state).not.toContain('iVBORw0KGgo');
    await page.close();
  });
});
