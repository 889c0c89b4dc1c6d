// A scripted model (not a language model) for page-agent, for the cost bench: an OpenAI-compatible
// Chat Completions server that answers page-agent's own requests (its system prompt, its one
// AgentOutput tool, its browser state) with fixed decisions. page-agent sends each step as one fresh
// request (system + one user message holding the task, its history and the page), so the script picks
// its step from the request itself: "Step N of M" and the task in <user_request>. An element is named
// by a regex over page-agent's element list ("[12]<select …"), so the script acts on the indexes
// page-agent showed, as a model would. Listens on 127.0.0.1 only.
import { createServer } from 'node:http';

export const PAGE_AGENT_MODEL = 'scripted-model (not a language model)';

/**
 * Starts the server. scripts: [{ match (regex source over the task), steps: [{ action, goal }] }], an
 * action being page-agent's own ({ click_element_by_index: { index } } …) where an index may be
 * { $index: regex }: the index on the first line of the element list the regex matches.
 */
export async function startPageAgentModel(scripts) {
  const log = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) return res.writeHead(404).end();
    const body = JSON.parse(raw);
    log.push({ body });
    const prompt = body.messages.find((m) => m.role === 'user')?.content ?? '';
    const task = /<user_request>\n([\s\S]*?)\n<\/user_request>/.exec(prompt)?.[1] ?? '';
    const step = Number(/Step (\d+) of/.exec(prompt)?.[1] ?? 1) - 1;
    const script = scripts.find((s) => new RegExp(s.match, 'i').test(task));
    const planned = script?.steps[step];
    const state = prompt.slice(prompt.indexOf('<browser_state>'));
    let unseen = null;
    const fill = (v) => {
      if (v && typeof v === 'object' && '$index' in v) {
        const line = state.split('\n').find((l) => new RegExp(v.$index, 'i').test(l));
        const index = /\[(\d+)\]/.exec(line ?? '')?.[1];
        if (index === undefined) unseen ??= v.$index;
        return Number(index ?? -1);
      }
      return v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]))
        : v;
    };
    let action = planned ? fill(planned.action) : null;
    if (!planned || unseen !== null)
      action = {
        done: {
          text: `${PAGE_AGENT_MODEL}: ${planned ? `no element matching ${unseen}` : 'no script for this step'}`,
          success: false,
        },
      };
    const args = {
      evaluation_previous_goal: step ? 'The previous action did what was expected. Verdict: Success' : '',
      memory: `Step ${step + 1} of the plan for: ${task}`,
      next_goal: planned?.goal ?? 'Stop.',
      action,
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-pa-${log.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: `call_pa_${log.length}`,
                  type: 'function',
                  function: { name: 'AgentOutput', arguments: JSON.stringify(args) },
                },
              ],
            },
          },
        ],
        usage: { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: 50, total_tokens: 0 },
      }),
    );
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    log,
    close: () => new Promise((r) => server.close(r)),
  };
}
