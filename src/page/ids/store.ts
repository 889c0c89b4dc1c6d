/**
 * Element IDs: small positive integers, unique for the life of the page and never reused. The same
 * element always gets the same ID; elements are held weakly; each ID keeps a fingerprint so that an
 * element a framework re-rendered is re-found, and one that cannot be re-found fails loudly.
 */
import type { Config } from '../../config';
import { LLMHelperError } from '../../errors';
import { contextOf, type ContextKind } from '../perceive/context';
import { nameOf } from '../perceive/name';
import { roleOf, tagOf } from '../perceive/role';
import { textOf } from '../perceive/text-of';
import { truncate } from '../dom/text';
import { queryAllDeep } from '../dom/roots';
import * as dom from '../dom/members';

const STABLE_ATTRS = ['id', 'name', 'data-testid', 'href', 'type'] as const;

export interface Fingerprint {
  tag: string;
  role: string;
  name: string;
  text: string;
  attrs: Partial<Record<(typeof STABLE_ATTRS)[number], string>>;
  /** Position among siblings with the same tag. */
  index: number;
  context?: { kind: ContextKind; label: string };
}

interface Entry {
  id: number;
  ref: WeakRef<Element>;
  fp: Fingerprint;
  key: string;
}

export function fingerprint(el: Element): Fingerprint {
  const attrs: Fingerprint['attrs'] = {};
  for (const a of STABLE_ATTRS) {
    const v = dom.attr(el, a);
    if (v !== null) attrs[a] = v.slice(0, 200);
  }
  let index = 0;
  for (let s = el.previousElementSibling; s; s = s.previousElementSibling)
    if (dom.tag(s) === dom.tag(el)) index++;
  const ctx = contextOf(el);
  return {
    tag: tagOf(el),
    role: roleOf(el),
    name: nameOf(el, 80),
    text: truncate(textOf(el, 200), 80),
    attrs,
    index,
    context: ctx ? { kind: ctx.kind, label: ctx.label } : undefined,
  };
}

/** How an element is named in messages: `button "Download" in row "Invoice 2024-03"`. */
export function describeFingerprint(fp: Fingerprint): string {
  const what = fp.role || fp.tag.toLowerCase();
  const label = fp.name || fp.text;
  const where = fp.context?.label ? ` in ${fp.context.kind} "${fp.context.label}"` : '';
  return `${what}${label ? ` "${label}"` : ''}${where}`;
}

const keyOf = (fp: Fingerprint): string => `${fp.tag}|${fp.role}|${fp.name}|${fp.text}`;

/** True when a candidate is the same thing as the fingerprinted element, not merely similar. */
function sameThing(fp: Fingerprint, c: Fingerprint): boolean {
  if (keyOf(fp) !== keyOf(c)) return false;
  for (const a of STABLE_ATTRS) if ((fp.attrs[a] ?? null) !== (c.attrs[a] ?? null)) return false;
  return (fp.context?.label ?? '') === (c.context?.label ?? '') && fp.context?.kind === c.context?.kind;
}

export interface Resolved {
  element: Element;
  /** Set when the original element was gone and an equivalent one was found by fingerprint. */
  relocated?: string;
}

export class ElementStore {
  /** The instance's settings (ID cap, budgets, redaction, runJS): one object per LLMHelper. */
  constructor(readonly config: Config) {}

  private entries = new Map<number, Entry>();
  private byElement = new WeakMap<Element, number>();
  private byKey = new Map<string, Set<number>>();
  private lastId = 0;

  /** What the store holds: IDs, and fingerprint buckets (never more than IDs). */
  get counts(): { ids: number; buckets: number } {
    return { ids: this.entries.size, buckets: this.byKey.size };
  }

  get size(): number {
    return this.entries.size;
  }

  /** The element's ID, creating one (or re-binding a re-rendered element's old one) if needed. */
  idFor(el: Element): number {
    const known = this.byElement.get(el);
    if (known !== undefined) {
      const entry = this.entries.get(known);
      if (entry && entry.ref.deref() === el) {
        this.touch(entry);
        return known;
      }
    }
    const fp = fingerprint(el);
    const key = keyOf(fp);
    const adopted = this.adoptable(key, fp);
    if (adopted) {
      this.bind(adopted, el, fp);
      return adopted.id;
    }
    const entry: Entry = { id: ++this.lastId, ref: new WeakRef(el), fp, key };
    this.entries.set(entry.id, entry);
    this.byElement.set(el, entry.id);
    this.index(entry);
    this.evict();
    return entry.id;
  }

  /** The element an ID stands for now, if it is still there (without re-locating or touching it). */
  peek(id: number): Element | undefined {
    return this.entries.get(id)?.ref.deref();
  }

  /** The fingerprint kept for an ID (without resolving it). */
  fingerprintOf(id: number): Fingerprint | undefined {
    return this.entries.get(id)?.fp;
  }

  resolve(id: number): Resolved {
    if (!Number.isInteger(id) || id < 1)
      throw new LLMHelperError(
        'unknown_id',
        `"${String(id)}" is not an element ID; IDs are the positive integers that find, findNear and snapshot return.`,
      );
    const entry = this.entries.get(id);
    if (!entry)
      throw new LLMHelperError(
        'unknown_id',
        id > this.lastId
          ? `There is no element ${id}: no tool has returned that ID yet (the highest so far is ${this.lastId}). Use an ID from find, findNear or snapshot.`
          : `Element ${id} was forgotten (cleared, or evicted after ${this.config.maxIds} newer IDs); run find again to get a current ID.`,
      );
    const el = entry.ref.deref();
    if (el && dom.connected(el)) {
      this.touch(entry);
      return { element: el };
    }
    const found = this.relocate(entry);
    this.bind(entry, found, fingerprint(found));
    return {
      element: found,
      relocated: `Element ${id} was re-rendered; re-located it as the same ${describeFingerprint(entry.fp)}.`,
    };
  }

  clear(): void {
    this.entries.clear();
    this.byElement = new WeakMap();
    this.byKey.clear();
  }

  private relocate(entry: Entry): Element {
    const { fp } = entry;
    const doc = typeof document !== 'undefined' ? document : null;
    const gone = `Element ${entry.id} (${describeFingerprint(fp)}) is no longer on the page`;
    if (!doc) throw new LLMHelperError('stale_id', `${gone}; run find again.`);
    const candidates = queryAllDeep(doc, fp.tag.toLowerCase()).filter((c) => {
      if (!dom.connected(c)) return false;
      const owner = this.byElement.get(c);
      // An element that already answers to another live ID is that ID's, not a candidate.
      if (owner !== undefined && owner !== entry.id && this.entries.get(owner)?.ref.deref() === c)
        return false;
      return roleOf(c) === fp.role && nameOf(c, 80) === fp.name;
    });
    const same = candidates.filter((c) => sameThing(fp, fingerprint(c)));
    const pick = same.length > 1 ? same.filter((c) => fingerprint(c).index === fp.index) : same;
    if (pick.length === 1) return pick[0]!;
    if (same.length > 1)
      throw new LLMHelperError(
        'stale_id',
        `${gone}, and ${same.length} elements now look the same, so it cannot tell which one is meant; run find again and pick by context.`,
      );
    throw new LLMHelperError('stale_id', `${gone}; run find again.`);
  }

  /** A forgotten-but-not-evicted entry whose element is gone and which this element clearly replaces. */
  private adoptable(key: string, fp: Fingerprint): Entry | undefined {
    const ids = this.byKey.get(key);
    if (!ids) return undefined;
    const dead = [...ids]
      .map((id) => this.entries.get(id)!)
      .filter((e) => {
        const old = e.ref.deref();
        return (!old || !dom.connected(old)) && sameThing(e.fp, fp);
      });
    if (dead.length === 1) return dead[0];
    const byIndex = dead.filter((e) => e.fp.index === fp.index);
    return byIndex.length === 1 ? byIndex[0] : undefined;
  }

  /** Removes an ID from its fingerprint bucket, and the bucket when it is left empty. */
  private unindex(entry: Entry): void {
    const set = this.byKey.get(entry.key);
    if (!set) return;
    set.delete(entry.id);
    if (!set.size) this.byKey.delete(entry.key);
  }

  private bind(entry: Entry, el: Element, fp: Fingerprint): void {
    this.unindex(entry);
    entry.ref = new WeakRef(el);
    entry.fp = fp;
    entry.key = keyOf(fp);
    this.byElement.set(el, entry.id);
    this.index(entry);
    this.touch(entry);
  }

  private index(entry: Entry): void {
    let set = this.byKey.get(entry.key);
    if (!set) this.byKey.set(entry.key, (set = new Set()));
    set.add(entry.id);
  }

  private touch(entry: Entry): void {
    this.entries.delete(entry.id);
    this.entries.set(entry.id, entry);
  }

  private evict(): void {
    while (this.entries.size > this.config.maxIds) {
      const oldest = this.entries.values().next().value as Entry;
      this.entries.delete(oldest.id);
      this.unindex(oldest);
    }
  }
}
