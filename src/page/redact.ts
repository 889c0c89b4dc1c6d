/**
 * Secrets never leave the page: values of secret fields, and payment-card-like numbers in any text,
 * come back as [redacted] from every tool.
 */
import { config } from '../config';
import { inputType, nameOf, tagOf } from './label';

export const REDACTED = '[redacted]';

const SECRET_AUTOCOMPLETE = /\b(cc-number|cc-csc|cc-exp\S*|one-time-code|current-password|new-password)\b/i;
const SECRET_NAME =
  /passw|passcode|card.?(num|no\b)|cc.?(num|no\b)|credit.?card|\bcvc|\bcvv|\bcsc\b|security.?code|one.?time|\botp\b|\bpin\b|\bssn\b|social.?security|api.?key|access.?key|token|secret/i;

/** True for fields whose value must not be shown: passwords, card data, codes, keys, tokens. */
export function isSecretField(el: Element): boolean {
  const tag = tagOf(el);
  if (tag !== 'INPUT' && tag !== 'TEXTAREA' && !(el as HTMLElement).isContentEditable) return false;
  if (tag === 'INPUT' && inputType(el) === 'password') return true;
  if (SECRET_AUTOCOMPLETE.test(el.getAttribute('autocomplete') ?? '')) return true;
  const words = [el.getAttribute('name'), el.id, el.getAttribute('placeholder'), nameOf(el, 120)]
    .filter(Boolean)
    .join(' ');
  return SECRET_NAME.test(words) || config.redactFields.some((rx) => rx.test(words));
}

const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;

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

/** Replaces payment card numbers (Luhn-valid, 13–19 digits) and integrator patterns in any text. */
export function redactText(text: string): string {
  let out = text;
  if (/\d{4}/.test(out)) out = out.replace(CARD_LIKE, (m) => (luhn(m.replace(/\D/g, '')) ? REDACTED : m));
  for (const rx of config.redactText)
    out = out.replace(new RegExp(rx.source, rx.flags.includes('g') ? rx.flags : rx.flags + 'g'), REDACTED);
  return out;
}

/** Redacts every string inside a JSON-able value; the one exit every tool result passes through. */
export function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (Array.isArray(value)) {
    const out = value.map(redactDeep) as unknown as T;
    for (const key of Object.keys(value))
      if (!/^\d+$/.test(key))
        (out as Record<string, unknown>)[key] = redactDeep(
          (value as unknown as Record<string, unknown>)[key],
        );
    return out;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v);
    return out as T;
  }
  return value;
}

/** A field's current value as a person would read it, with secrets redacted. */
export function fieldValue(el: Element): string | undefined {
  const tag = tagOf(el);
  let value: string | undefined;
  if (tag === 'SELECT') {
    value = Array.from((el as HTMLSelectElement).selectedOptions, (o) => o.label || o.text).join(', ');
  } else if (
    tag === 'TEXTAREA' ||
    (tag === 'INPUT' &&
      !['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file'].includes(inputType(el)))
  ) {
    value = (el as HTMLInputElement).value;
  } else if (tag === 'INPUT' && inputType(el) === 'file') {
    value = Array.from((el as HTMLInputElement).files ?? [], (f) => f.name).join(', ');
  } else if ((el as HTMLElement).isContentEditable) {
    value = (el as HTMLElement).innerText;
  }
  if (value === undefined) return undefined;
  return value && isSecretField(el) ? REDACTED : value;
}
