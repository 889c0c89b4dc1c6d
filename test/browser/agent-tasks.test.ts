/**
 * Saved tasks offered to an agent by the integrator's code (#77: new Agent({ tasks: [saved] })), on the
 * scripted model: the model calls the task as one tool, the app's record is made with its arguments,
 * in fewer requests than the same task step by step; a call missing a field is answered naming it, with
 * nothing done on the page; a risky step of the task still goes through the agent's confirm.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, useMockModel } from '../support/browser';
import { call } from '../support/mock-model.mjs';
import { createInvoiceSteps } from '../support/invoice-script';

const ctx = useBrowser();
const mock = useMockModel();
const records = (page: Page) =>
  page.evaluate(() => (window as unknown as { records: { customer: string; amount: number }[] }).records);

interface Outcome {
  status: string;
  answer: string;
  requests: number;
  calls: { name: string; ok: boolean; result: string }[];
  confirmations: string[];
  saved: unknown;
}

/**
 * Runs `task` in the page on the scripted model, with `offered` (a task's words and the run it saved,
 * under `name`) as the agent's tasks; with `save`, the result saved as a task. `allow`: confirm's answer.
 */
const runIn = (
  page: Page,
  task: string,
  opts: { offered?: { task: string; result: unknown; name: string }; allow?: boolean } = {},
): Promise<Outcome & { result: unknown }> =>
  page.evaluate(
    async ({ url, task, offered, allow }) => {
      const L = window.LLMHelper;
      const confirmations: string[] = [];
      const tasks = offered
        ? [L.Agent.savedTask(offered.task, offered.result as never, offered.name)]
        : undefined;
      const agent = new L.Agent({
        provider: L.provider('openai', { baseURL: `${url}/v1`, apiKey: 'k', model: 'scripted-model' }),
        ...(tasks ? { tasks } : {}),
        confirm: (p) => {
          confirmations.push(p.risk.reason);
          return allow;
        },
      });
      const result = await agent.run(task);
      return {
        status: result.status,
        answer: result.answer,
        requests: result.steps.filter((s) => !s.replayed).length,
        calls: result.steps.flatMap((s) =>
          s.calls.map((c) => ({ name: c.name, ok: c.ok, result: c.result })),
        ),
        confirmations,
        saved: tasks?.[0] ?? null,
        result,
      };
    },
    { url: mock.url, task, offered: opts.offered, allow: opts.allow ?? false },
  );

describe('new Agent({ tasks }): saved tasks as tools of the agent', () => {
  it('calls a saved task as one tool in fewer requests than step by step; a missing field is named with nothing done; a risky step asks confirm', async () => {
    const page = await ctx.open('task-tools.html');
    // Step by step: the model finds and types each field and clicks.
    const task = 'Create an invoice for Acme of 120';
    mock.setScenario({
      replies: createInvoiceSteps(),
    });
    const steps = await runIn(page, task);
    expect(steps.status, JSON.stringify(steps.calls)).toBe('done');
    expect((await records(page)).at(-1)).toEqual({ customer: 'Acme', amount: 120 });
    expect(mock.log).toHaveLength(7);

    // The same task offered as a saved task: one call with the fields as arguments, then done.
    mock.log.length = 0;
    mock.setScenario({
      replies: [
        call('task_create_invoice', { customer: 'Globex', amount: 75 }),
        call('done', { answer: 'Created the invoice for Globex.' }),
      ],
    });
    const offered = { task, result: steps.result, name: 'Create invoice' };
    const asTool = await runIn(page, 'Create an invoice for Globex of 75', { offered });
    expect(asTool.status, JSON.stringify(asTool.calls)).toBe('done');
    expect(asTool.calls[0]).toMatchObject({ name: 'task_create_invoice', ok: true });
    expect(asTool.calls[0]!.result).toMatch(/^Done: \d+ steps replayed as recorded, with no model\./);
    expect((await records(page)).at(-1)).toEqual({ customer: 'Globex', amount: 75 });
    expect(mock.log).toHaveLength(2);
    expect(asTool.requests).toBe(2);
    expect(asTool.requests).toBeLessThan(steps.requests);
    // The model was offered the task's tool with its fields as the schema.
    const offeredTools = JSON.stringify((mock.log[0]!.body as { tools?: unknown }).tools ?? []);
    expect(offeredTools).toContain('task_create_invoice');

    // A call without the amount: answered naming the field, nothing typed or recorded.
    const before = await records(page);
    await page.fill('#customer', '');
    mock.setScenario({
      replies: [call('task_create_invoice', { customer: 'Hooli' }), call('done', { answer: 'Could not.' })],
    });
    const missing = await runIn(page, 'Create an invoice for Hooli', { offered });
    expect(missing.calls[0]).toMatchObject({ name: 'task_create_invoice', ok: false });
    expect(missing.calls[0]!.result).toContain('field amount: expected number (got nothing)');
    expect(await page.inputValue('#customer')).toBe('');
    expect(await records(page)).toEqual(before);

    // A task that deletes: its replayed click still asks the agent's confirm, and a refusal keeps the record.
    mock.setScenario({
      replies: [
        call('find', { pattern: 'Delete oldest' }),
        call('click', { id: '$id' }),
        call('done', { answer: 'Deleted the oldest invoice.' }),
      ],
    });
    const deleting = await runIn(page, 'Delete the oldest invoice', { allow: true });
    expect(deleting.status).toBe('done');
    expect(deleting.confirmations).toHaveLength(1);
    const kept = await records(page);
    mock.setScenario({
      replies: [call('task_delete_oldest', {}), call('done', { answer: 'Refused.' })],
    });
    const refused = await runIn(page, 'Delete the oldest one again', {
      offered: { task: 'Delete the oldest invoice', result: deleting.result, name: 'Delete oldest' },
    });
    expect(refused.confirmations).toHaveLength(1);
    expect(refused.calls[0]).toMatchObject({ name: 'task_delete_oldest', ok: false });
    expect(await records(page)).toEqual(kept);
  });

  it('refuses a task with a secret field, and anything that is not a saved task, naming it', async () => {
    const page = await ctx.open('task-tools.html');
    const errors = await page.evaluate(() => {
      const L = window.LLMHelper;
      const provider = { chat: () => Promise.reject(new Error('no model')) };
      const tryTasks = (tasks: unknown) => {
        try {
          new L.Agent({ provider, tasks } as never);
          return 'accepted';
        } catch (e) {
          return (e as Error).message;
        }
      };
      const secret = {
        version: 1,
        name: 'Sign in',
        task: 'Sign in',
        savedAt: 1,
        transcript: { steps: [], observation: '' },
        fields: [{ step: 0, call: 0, arg: 'text', label: 'Password', value: '', secret: true }],
      };
      return [tryTasks([secret]), tryTasks([{ name: 'x' }]), tryTasks('task')];
    });
    expect(errors[0]).toMatch(
      /tasks\[0\] \("Sign in"\) cannot be offered as a tool: its field "Password" is secret/,
    );
    expect(errors[1]).toMatch(/tasks\[0\] is not a saved task/);
    expect(errors[2]).toMatch(/takes a list of saved tasks/);
  });
});
