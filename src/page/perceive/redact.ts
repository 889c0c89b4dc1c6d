/**
 * Secrets never leave the page: values of secret fields, and payment-card-like numbers in any text,
 * come back as [redacted] from every tool.
 */
import { current, type Config } from '../../config';
import { inputType, roleOf, tagOf } from './role';
import { nameOf } from './name';
import { collectRootsSteps } from '../dom/roots';
import { elementIndex } from '../dom/index-range';
import { partlyIndexed } from '../dom/index-slices';
import * as dom from '../dom/members';
import { atOnce, due, forTask, runAtOnce, type Pace, type Steps } from '../dom/slices';
import { drawnText } from './look';

export const REDACTED = '[redacted]';

const SECRET_AUTOCOMPLETE = /\b(cc-number|cc-csc|cc-exp\S*|one-time-code|current-password|new-password)\b/i;
const SECRET_NAME =
  /passw|passcode|card.?(num|no\b)|cc.?(num|no\b)|credit.?card|\bcvc|\bcvv|\bcsc\b|security.?code|one.?time|\botp\b|\bpin\b|\bssn\b|social.?security|api.?key|access.?key|token|secret/i;

/** True for fields whose value must not be shown: passwords, card data, codes, keys, tokens. */
export function isSecretField(el: Element): boolean {
  const tag = tagOf(el);
  if (tag !== 'INPUT' && tag !== 'TEXTAREA' && !(el as HTMLElement).isContentEditable) return false;
  if (tag === 'INPUT' && inputType(el) === 'password') return true;
  if (SECRET_AUTOCOMPLETE.test(dom.attr(el, 'autocomplete') ?? '')) return true;
  const words = [dom.attr(el, 'name'), el.id, dom.attr(el, 'placeholder'), nameOf(el, 120)]
    .filter(Boolean)
    .join(' ');
  return SECRET_NAME.test(words) || current().redactFields.some((rx) => rx.test(words));
}

/**
 * 13–19 digits, however they are written: spaces (also several, and &nbsp;), dashes, dots or slashes
 * between groups, tags between digits in HTML (`4111<span>1111</span>`), and glued to letters.
 */
const CARD_LIKE = /(?<!\d)\d(?:(?:[\s\-./\u00a0]|&nbsp;|&#160;|<[^<>]{0,80}>){0,6}\d){12,18}(?!\d)/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A credential in a URL: the value of a query or fragment parameter whose name says token, secret,
 * password, key, signature, credential, auth or session, alone or after a prefix and _ or - (access_token,
 * X-Amz-Signature, api_key, apikey, JSESSIONID; not monkey or author), and the password of
 * user:password@host.
 */
const URL_SECRET =
  /([?&#;](?:[\w.-]*[_-])?(?:api|access|private|secret|client|csrf|auth|id|refresh|php|j)?(?:token|secret|passw(?:or)?d|pwd|passcode|key|signature|sig|credential|auth|sess(?:ion)?(?:id)?|sid|jwt)=)[^&#;?\s"'<>]+|(\/\/[^\s/:@"'<>]+:)[^\s/@"'<>]+@/gi;

/**
 * API keys and tokens in the formats their issuers give them, wherever they show as text (a token shown
 * once after it is made, a key a settings page reveals): OpenAI's and Anthropic's sk-…, Stripe's
 * sk_live_…, rk_… and whsec_…, GitHub's ghp_… and github_pat_…, GitLab's glpat-…, Slack's xox…-, Google's
 * AIza…, AWS access key IDs, npm's and Hugging Face's tokens, JWTs, and PEM private keys (to the end of
 * the text when cut before their END line).
 */
const KEY_LIKE =
  /(?<![\w-])(?:sk-(?=[\w-]{0,80}\d)[\w-]{20,}|[rs]k_(?:live|test)_\w{10,}|whsec_\w{20,}|gh[oprsu]_\w{30,}|github_pat_\w{20,}|glpat-[\w-]{20,}|xox[abeoprs]-[\w-]{10,}|AIza[\w-]{30,}|A[KS]IA[\dA-Z]{16}|npm_\w{30,}|hf_\w{30,}|eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,})|-----BEGIN[A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END[A-Z ]*PRIVATE KEY-----|$)/g;

/**
 * Replaces payment card numbers (Luhn-valid, 13–19 digits), API keys and tokens, credentials in URLs
 * and integrator patterns in any text.
 */
export function redactText(text: string): string {
  let out = text.replace(KEY_LIKE, REDACTED);
  if (/\d{4}/.test(out)) out = out.replace(CARD_LIKE, (m) => (luhn(m.replace(/\D/g, '')) ? REDACTED : m));
  if (/[=@]/.test(out))
    out = out.replace(URL_SECRET, (_, param?: string, user?: string) =>
      param ? param + REDACTED : `${user}${REDACTED}@`,
    );
  for (const rx of current().redactText)
    out = out.replace(new RegExp(rx.source, rx.flags.includes('g') ? rx.flags : rx.flags + 'g'), REDACTED);
  return out;
}

let liveMemo: string[] | null = null;
/** The settings liveMemo was found with (an instance's redactFields change which fields are secret). */
let memoFor: Config | null = null;

/**
 * The current values of the page's secret fields (passwords, keys, codes, hidden tokens; 4 characters
 * or more), longest first, so that no output can carry them even where no pattern would see them.
 * Memoised for the current task, or call in slices.
 */
export const liveSecrets = (): string[] => runAtOnce(liveSecretsSteps(atOnce()));

/** The roots that held a field when the live secrets were last found: refreshSecrets() reads these. */
let fieldRoots: (Document | ShadowRoot)[] = [];

/**
 * The secret values in one root's fields, into `found`; whether the root has a field at all. From the
 * root's element index, kept up to date between calls; where a call's budget left the index
 * unfinished, from the browser's query, which is whole (18-31 ms at 420,000 elements).
 */
function secretsIn(root: Document | ShadowRoot, found: Set<string>): boolean {
  const consider = (el: Element, values: (string | null | undefined)[]) => {
    const present = values.map((v) => v?.trim()).filter((v): v is string => !!v && v.length >= 4);
    if (present.length && isSecretField(el)) for (const v of present) found.add(v);
  };
  // Indexed loops, no copies: on a page of 500,000 elements and 5,000 shadow roots, the collector's
  // marking is paid by what a task allocates.
  const fields = (list: ArrayLike<Element>) => {
    for (let i = 0; i < list.length; i++) {
      const el = list[i]!;
      const value = (el as HTMLInputElement).value;
      const initial = dom.attr(el, 'value');
      if ((value && value.length >= 4) || (initial && initial.length >= 4))
        consider(el, [value, initial, tagOf(el) === 'TEXTAREA' ? dom.text(el) : null]);
    }
    return list.length > 0;
  };
  const editable = (list: ArrayLike<Element>) => {
    let any = false;
    for (let i = 0; i < list.length; i++) {
      const el = list[i]!;
      if (dom.hasAttr(el, 'contenteditable')) {
        any = true;
        if ((el as HTMLElement).isContentEditable) consider(el, [dom.text(el)]);
      }
    }
    return any;
  };
  if (partlyIndexed(root)) {
    const all = dom.qsa(root, 'input,textarea,[contenteditable]');
    const typed: Element[] = [];
    for (let i = 0; i < all.length; i++) {
      const tag = tagOf(all[i]!);
      if (tag === 'INPUT' || tag === 'TEXTAREA') typed.push(all[i]!);
    }
    fields(typed);
    editable(all);
    return true;
  }
  const index = elementIndex(root);
  const inputs = fields(index.tag('input'));
  const areas = fields(index.tag('textarea'));
  return editable(index.kinded) || inputs || areas;
}

/** liveSecrets as steps that may pause (dom/slices.ts): between roots. */
export function* liveSecretsSteps(pace: Pace): Steps<string[]> {
  if (typeof document === 'undefined') return [];
  if (liveMemo && memoFor === current()) return liveMemo;
  memoFor = current();
  const found = new Set<string>();
  const withFields: (Document | ShadowRoot)[] = [];
  const roots = (yield* collectRootsSteps(document, pace)).roots;
  for (let r = 0; r < roots.length; r++) {
    if (!(r & 63) && due(pace)) yield;
    const root = roots[r] as Document | ShadowRoot;
    if (secretsIn(root, found)) withFields.push(root);
  }
  fieldRoots = withFields;
  liveMemo = [...found].sort((a, b) => b.length - a.length);
  forTask(forgetSecrets);
  return liveMemo;
}

/**
 * The live secrets read again, at once, from the roots that held fields when they were last found:
 * a call in slices answers with them, so that a value the person typed during its pauses is scrubbed
 * too, without a pause of its own between its answer and its exit (where the page could remove what it
 * answers).
 */
export function refreshSecrets(): void {
  const found = new Set<string>();
  for (const root of fieldRoots) if (dom.connected(root) || dom.nodeType(root) === 9) secretsIn(root, found);
  liveMemo = [...found].sort((a, b) => b.length - a.length);
  memoFor = current();
  forTask(forgetSecrets);
}

/** The live secrets found again at the next ask. */
function forgetSecrets(): void {
  liveMemo = null;
}

/** A string as it may leave the page: card numbers and integrator patterns redacted, live secret values too. */
export function scrubText(text: string): string {
  let out = redactText(text);
  for (const secret of liveSecrets()) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/**
 * Every string inside a value, scrubbed: the one exit that results, messages, change reports and errors
 * pass through (helper.ts applies it to every public method). Cycles and non-plain objects are left as
 * they are; functions and elements are not data.
 */
export function scrub<T>(value: T, seen = new Set<object>()): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (!value || typeof value !== 'object' || seen.has(value)) return value;
  const proto = Object.getPrototypeOf(value) as object | null;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  seen.add(value);
  const out = (Array.isArray(value) ? [] : {}) as Record<string, unknown>;
  for (const key of Object.keys(value)) out[key] = scrub((value as Record<string, unknown>)[key], seen);
  return out as T;
}

/** A field's current value as a person would read it, with secrets redacted. */
export function fieldValue(el: Element): string | undefined {
  const tag = tagOf(el);
  let value: string | undefined;
  if (tag === 'SELECT') {
    value = [...(el as HTMLSelectElement).selectedOptions].map((o) => o.label || o.text).join(', ');
  } else if (
    tag === 'TEXTAREA' ||
    (tag === 'INPUT' &&
      !['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file'].includes(inputType(el)))
  ) {
    // An empty combobox input may have its choice drawn beside it (Ant Design, Element Plus).
    value = (el as HTMLInputElement).value || drawnText(el, roleOf(el)).value;
  } else if (tag === 'INPUT' && inputType(el) === 'file') {
    value = [...((el as HTMLInputElement).files ?? [])].map((f) => f.name).join(', ');
  } else if (roleOf(el) === 'combobox') {
    value = drawnText(el, 'combobox').value || undefined;
  } else if (/^(slider|spinbutton|progressbar|meter|scrollbar)$/.test(roleOf(el))) {
    // A value drawn by the page: what it says it reads (aria-valuetext), else its number.
    const reads = dom.attr(el, 'aria-valuetext') ?? dom.attr(el, 'aria-valuenow');
    value = reads ?? undefined;
  } else if ((el as HTMLElement).isContentEditable) {
    // An empty editor still holds a line (<p><br></p>): its text is one line break, which reads as empty.
    value = (el as HTMLElement).innerText.replace(/\n$/, '');
  }
  if (value === undefined) return undefined;
  return value && isSecretField(el) ? REDACTED : value;
}
