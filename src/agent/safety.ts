/**
 * Which calls are risky, and what the integrator's allow and deny rules say. A call is risky by its
 * tool (danger: runJS; upload), by where it sends the page (navigate, a click on a link, or a form
 * submitted by a click, Enter or type's submit, to another origin) or by its target: the element's text
 * or URL talks about deleting, paying, ordering, sending, submitting, cancelling. The same rules hold for
 * every caller: the agent's run, a replay, the bridge.
 */
import { pageUrl, type PageTools } from './page-tools';
import { EXTENSION } from '../target';

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
  /** The other site the call would open (navigate, a link, a form), which allow and deny lists name. */
  origin?: string;
}

const RISKY_WORDS =
  /\b(delete|remove|trash|destroy|erase|pay|payment|purchase|buy|order|checkout|transfer|wire|submit|send|publish|unsubscribe|cancel|terminate|close account|confirm)\b|删除|移除|支付|付款|购买|下单|转账|提交|发送|取消|注销/i;

/** Whether text talks about deleting, paying, sending…: the risky word, or null. */
export const riskyWords = (text: string): string | null => RISKY_WORDS.exec(text)?.[0] ?? null;

/** The reasons a person reads in the confirmation, in the agent's language. */
const REASONS = {
  en: {
    code: (tool: string) => `${tool} runs code in the page`,
    upload: (files: string, field: string) => `upload ${files} into ${field}`,
    site: (origin: string) => `opens another site, ${origin}`,
    on: (tool: string, target: string, word: string) => `${tool} on "${target}" (${word})`,
  },
  zh: {
    code: (tool: string) => `${tool} 会在页面中运行代码`,
    upload: (files: string, field: string) => `把 ${files} 上传到 ${field}`,
    site: (origin: string) => `打开另一个网站：${origin}`,
    // The risky word is the target's own (an English page's "Delete"), so it is not said again.
    on: (tool: string, target: string) => `${ZH_TOOLS[tool] ?? tool}：“${target}”`,
  },
};

/** The actions, said in Chinese in a confirmation. */
const ZH_TOOLS: Record<string, string> = {
  click: '点击',
  type: '输入',
  press: '按键',
  select: '选择',
  check: '勾选',
  menu: '菜单',
  clickMenuItem: '菜单',
  drag: '拖动',
  tabs: '标签页',
};

/** A web URL's origin; null for anything else (mailto:, javascript:, a bad URL), which opens no site. */
const originOf = (url: string, base = location.href): string | null => {
  try {
    const u = new URL(url, base);
    return /^https?:$/.test(u.protocol) ? u.origin : null;
  } catch {
    return null;
  }
};

const idOf = (args: Record<string, unknown>): number | string | undefined => {
  const id = args.id ?? args.fromId;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
};

/** One property of the call's element, or undefined (no element, or it has no such property). */
async function read(helper: PageTools, args: Record<string, unknown>, property: string): Promise<unknown> {
  const id = idOf(args);
  if (id === undefined) return undefined;
  try {
    return await helper.extract(id as number, property);
  } catch {
    return undefined;
  }
}

/** The element a call acts on, described as the page shows it, when the call names one. */
async function targetOf(helper: PageTools, args: Record<string, unknown>): Promise<string | undefined> {
  if (idOf(args) === undefined) return undefined;
  const text = await read(helper, args, 'text');
  const href = await read(helper, args, 'href');
  if (text === undefined && href === undefined) return undefined;
  return [typeof text === 'string' ? text : '', typeof href === 'string' ? href : '']
    .filter(Boolean)
    .join(' ');
}

/** Where the call may send the page: a link a click follows, or the form a click, Enter or submit sends. */
async function destinationOf(
  helper: PageTools,
  name: string,
  args: Record<string, unknown>,
): Promise<string | undefined> {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  // navigate, and the extension's tabs tool opening an address.
  if (name === 'navigate' || (EXTENSION && name === 'tabs')) return str(args.url);
  if (name === 'click' || name === 'dblclick')
    // A field's form is sent by Enter, not by a click into the field (a field has a value).
    return (
      str(await read(helper, args, 'href')) ??
      ((await read(helper, args, 'value')) === undefined
        ? str(await read(helper, args, 'action'))
        : undefined)
    );
  if (
    (name === 'press' && /^(Numpad)?Enter$/.test(String(args.key))) ||
    (name === 'type' && args.submit === true)
  )
    return str(await read(helper, args, 'action'));
  return undefined;
}

export async function classify(
  helper: PageTools,
  name: string,
  args: Record<string, unknown>,
  toolRisk: string | undefined,
  language: 'en' | 'zh' = 'en',
): Promise<Risk> {
  const R = REASONS[language];
  // A saved task's tool: each of its steps is judged, and asked about, as it replays.
  if (toolRisk === 'read' || toolRisk === 'task' || name === 'done' || name === 'ask_user')
    return { risky: false, reason: '' };
  // Upload is a danger-level tool too, but what the person must know is which file goes into which field.
  if (name === 'upload') {
    const files = (Array.isArray(args.files) ? args.files : [args.files])
      .map((f) => (f && typeof f === 'object' ? String((f as { name?: unknown }).name ?? '') : ''))
      .filter(Boolean);
    // The field as find shows it: [4] button "Attachment" (file).
    let field = `[${String(idOf(args) ?? '?')}]`;
    try {
      field = (await helper.describe(idOf(args) as number)).split(/\.\s|\n/)[0]!.slice(0, 100);
    } catch {
      /* no such element: its ID says what the call named */
    }
    return {
      risky: true,
      reason: R.upload(files.length ? files.map((f) => `"${f.slice(0, 60)}"`).join(', ') : 'files', field),
    };
  }
  if (toolRisk === 'danger' || name === 'runJS') return { risky: true, reason: R.code(name) };
  const destination = await destinationOf(helper, name, args);
  const here = originOf(await pageUrl(helper));
  const away = destination ? originOf(destination, here ?? undefined) : null;
  if (away && away !== here) return { risky: true, reason: R.site(away), target: destination, origin: away };
  // Closing a tab may lose what the person had in it: theirs to allow (the extension's tabs tool).
  if (EXTENSION && name === 'tabs' && args.action === 'close')
    return {
      risky: true,
      reason: R.on(name, `${language === 'zh' ? '关闭标签页' : 'close tab'} ${String(args.tab)}`, 'close'),
    };
  if (name === 'navigate' || (EXTENSION && name === 'tabs')) return { risky: false, reason: '' };
  const target = await targetOf(helper, args);
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

/**
 * What the rules say of a call: 'deny' with the reason, or 'allow' (skip confirmation), or null. `origin`
 * is the other site the call would open (classify's risk.origin: a link or form as well as navigate).
 */
export function ruling(
  rules: Rules,
  name: string,
  args: Record<string, unknown>,
  origin: string | null = name === 'navigate' && typeof args.url === 'string' ? originOf(args.url) : null,
): { verdict: 'deny' | 'allow'; reason: string } | null {
  const hits = (list?: string[]) => !!list?.some((r) => r === name || (origin !== null && r === origin));
  if (hits(rules.deny)) return { verdict: 'deny', reason: `the site does not allow ${origin ?? name}` };
  if (hits(rules.allow)) return { verdict: 'allow', reason: '' };
  return null;
}
