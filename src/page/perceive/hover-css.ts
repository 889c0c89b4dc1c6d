/**
 * Controls a page shows only while the pointer is over something (a list row's delete button under
 * `.row:hover .actions { display: flex }`). CSS :hover follows the real pointer only: a script's events
 * never set it, so such a control stays hidden to the SDK's hover. Read from the page's own same-origin
 * style sheets: what a rule with :hover shows, and over what.
 */
import * as dom from '../dom/members';

interface HoverRule {
  /** The selector with :hover dropped: what the control matches once its holder is hovered. */
  shown: string;
  /** The part up to the hovered compound, :hover dropped: the element the pointer must be over. */
  over: string;
}

/** Per document: the rules, read again when its sheets change in number. */
const cache = new WeakMap<Document, { sheets: number; rules: HoverRule[] }>();

/** Whether a rule's declarations make something shown: display other than none, visible, opaque. */
const shows = (style: CSSStyleDeclaration): boolean =>
  (!!style.display && style.display !== 'none') ||
  style.visibility === 'visible' ||
  (!!style.opacity && Number(style.opacity) > 0);

/** A selector list split at its top-level commas (not those inside :is(…) or [attr="a,b"]). */
const parts = (list: string): string[] =>
  list
    .split(/,(?![^([]*[)\]])/)
    .map((p) => p.trim())
    .filter(Boolean);

function collect(rules: CSSRuleList, out: HoverRule[]): void {
  for (let i = 0; i < rules.length && out.length < 500; i++) {
    const rule = rules[i]!;
    const inner = (rule as CSSGroupingRule).cssRules;
    if (inner && !(rule as CSSStyleRule).selectorText) {
      collect(inner, out);
      continue;
    }
    const text = (rule as CSSStyleRule).selectorText;
    if (!text?.includes(':hover') || !shows((rule as CSSStyleRule).style)) continue;
    for (const part of parts(text)) {
      const at = part.lastIndexOf(':hover');
      if (at < 0) continue;
      // The compound holding :hover ends at the next combinator (a space, >, + or ~) after it.
      const end = part.slice(at).search(/[\s>+~]/);
      const over = (end < 0 ? part : part.slice(0, at + end)).replace(/:hover/g, '').trim();
      const shown = part.replace(/:hover/g, '').trim();
      if (over && shown && over !== shown) out.push({ over, shown });
    }
  }
}

function rulesOf(doc: Document): HoverRule[] {
  const sheets = doc.styleSheets;
  const known = cache.get(doc);
  if (known && known.sheets === sheets.length) return known.rules;
  const rules: HoverRule[] = [];
  for (let i = 0; i < sheets.length; i++) {
    try {
      collect(sheets[i]!.cssRules, rules);
    } catch {
      // A sheet from another origin cannot be read.
    }
  }
  cache.set(doc, { sheets: sheets.length, rules });
  return rules;
}

/** A page's selector may be one this browser cannot read: then it matches nothing. */
const safely = <T>(read: () => T): T | null => {
  try {
    return read();
  } catch {
    return null;
  }
};

/**
 * The element the pointer must be over for a page rule to show `el` (or the element around it that the
 * rule hides), or null when no :hover rule of the page's readable sheets shows it.
 */
export function hoverHolder(el: Element): Element | null {
  const doc = dom.doc(el);
  for (const rule of rulesOf(doc)) {
    const shown = safely(() => dom.closest(el, rule.shown));
    if (!shown) continue;
    const over = safely(() => dom.closest(shown, rule.over));
    if (over) return over;
  }
  return null;
}
