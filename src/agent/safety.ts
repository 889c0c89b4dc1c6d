/**
 * Which calls are risky, and what the integrator's allow and deny rules say. A call is risky by its
 * tool (danger: runJS; upload; navigation to another origin) or by its target: the element's text or
 * URL talks about deleting, paying, ordering, sending, submitting, cancelling.
 */
import type { LLMHelper } from '../helper';

export interface Rules {
  /** Tool names, or origins ('https://shop.example') the agent may navigate to. */
  allow?: string[];
  /** Tool names, or origins the agent must not navigate to. Deny wins over allow. */
  deny?: string[];
}

export interface Risk {
  risky: boolean;
  /** Why, in words for the person confirming: 'clicks [4] button "Delete invoice"'. */
  reason: string;
  /** What the call acts on, as the page shows it. */
  target?: string;
}

const RISKY_WORDS =
  /\b(delete|remove|trash|destroy|erase|pay|payment|purchase|buy|order|checkout|transfer|wire|submit|send|publish|unsubscribe|cancel|terminate|close account|confirm)\b|删除|移除|支付|付款|购买|下单|转账|提交|发送|取消|注销/i;

/** The reasons a person reads in the confirmation, in the agent's language. */
const REASONS = {
  en: {
    code: (tool: string) => `${tool} runs code in the page`,
    upload: 'uploads files to the page',
    site: (origin: string) => `opens another site, ${origin}`,
    on: (tool: string, target: string, word: string) => `${tool} on "${target}" (${word})`,
  },
  zh: {
    code: (tool: string) => `${tool} 会在页面中运行代码`,
    upload: '向页面上传文件',
    site: (origin: string) => `打开另一个网站：${origin}`,
    on: (tool: string, target: string, word: string) => `${tool}：“${target}”（${word}）`,
  },
};

const originOf = (url: string): string | null => {
  try {
    return new URL(url, location.href).origin;
  } catch {
    return null;
  }
};

/** The element a call acts on, described as the page shows it, when the call names one. */
function targetOf(helper: LLMHelper, args: Record<string, unknown>): string | undefined {
  const id = args.id ?? args.fromId;
  if (typeof id !== 'number' && typeof id !== 'string') return undefined;
  try {
    const text = helper.extract(id as number, 'text');
    const href = helper.extract(id as number, 'href');
    return [typeof text === 'string' ? text : '', typeof href === 'string' ? href : '']
      .filter(Boolean)
      .join(' ');
  } catch {
    return undefined;
  }
}

export function classify(
  helper: LLMHelper,
  name: string,
  args: Record<string, unknown>,
  toolRisk: string | undefined,
  language: 'en' | 'zh' = 'en',
): Risk {
  const R = REASONS[language];
  if (toolRisk === 'read' || name === 'done' || name === 'ask_user') return { risky: false, reason: '' };
  if (toolRisk === 'danger' || name === 'runJS') return { risky: true, reason: R.code(name) };
  if (name === 'upload') return { risky: true, reason: R.upload };
  if (name === 'navigate' && typeof args.url === 'string') {
    const origin = originOf(args.url);
    if (origin && origin !== location.origin)
      return { risky: true, reason: R.site(origin), target: args.url };
    return { risky: false, reason: '' };
  }
  const target = targetOf(helper, args);
  const words = [
    target,
    typeof args.path === 'string' ? args.path : '',
    typeof args.text === 'string' && name === 'press' ? args.text : '',
  ]
    .filter(Boolean)
    .join(' ');
  const m = RISKY_WORDS.exec(words);
  if (m)
    return {
      risky: true,
      reason: R.on(name, (target ?? words).slice(0, 80), m[0].toLowerCase()),
      target,
    };
  return { risky: false, reason: '', target };
}

/** What the rules say of a call: 'deny' with the reason, or 'allow' (skip confirmation), or null. */
export function ruling(
  rules: Rules,
  name: string,
  args: Record<string, unknown>,
): { verdict: 'deny' | 'allow'; reason: string } | null {
  const origin = name === 'navigate' && typeof args.url === 'string' ? originOf(args.url) : null;
  const hits = (list?: string[]) => !!list?.some((r) => r === name || (origin !== null && r === origin));
  if (hits(rules.deny)) return { verdict: 'deny', reason: `the site does not allow ${origin ?? name}` };
  if (hits(rules.allow)) return { verdict: 'allow', reason: '' };
  return null;
}
