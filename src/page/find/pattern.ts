/**
 * Search patterns: a RegExp, a regex source string or plain text, turned into the exact regex and the
 * superset scan regex that find runs over a whole page. Patterns that cannot find anything a person
 * reads (only white space, only anchors) and the known catastrophic shapes (a repeated part inside a
 * repeated group) are refused before they run, with a sentence saying how to write them instead.
 */
import { escapeRegExp } from '../../regexp';
import { LLMHelperError } from '../../errors';
import { folded, readable, truncate } from '../dom/text';

export interface Pattern {
  /** Tests one normalised text (single spaces, trimmed): the exact meaning of the pattern. */
  regex: RegExp;
  /**
   * Scans a page's text joined in one string ('g' flag). A superset of `regex` (anchors and word
   * boundaries dropped, spaces optional, a leading or trailing `.*` dropped), so that no match is missed
   * at a node boundary; every hit is verified with `regex` against the text it landed in.
   */
  scan: RegExp;
  /** Has ^, $ or exact: judged against each element's own text, not only against its whole block. */
  anchored: boolean;
  /** Can match the empty string: only matches holding a non-space character count. */
  emptyable: boolean;
  /** Case does not matter: texts are width-folded (NFKC) before they are searched (searchText). */
  fold: boolean;
  /** Set when the pattern was not a valid regular expression and was searched as plain text. */
  note?: string;
}

export interface PatternOptions {
  caseSensitive?: boolean;
  /** The whole text must match, not a part of it. */
  exact?: boolean;
}

/** Longest pattern accepted: longer ones are pasted text, and a regex that size is slow to compile. */
export const MAX_PATTERN_LENGTH = 1000;

/**
 * Rewrites a regex source outside character classes: literal spaces become `space` (white-space
 * tolerant), and, for the scan, `^`, `$`, `\b` and `\B` are dropped (only ever widening matches).
 */
function rewrite(source: string, space: string, dropAssertions: boolean): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      i++;
      if (dropAssertions && !inClass && (next === 'b' || next === 'B')) continue;
      out += ch + next;
    } else if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
    } else if (ch === '[') {
      inClass = true;
      out += ch;
    } else if (ch === ' ') {
      let run = 1;
      while (source[i + 1] === ' ') {
        i++;
        run++;
      }
      // A quantified space (' *', ' {2}') stays one white-space character under its quantifier.
      if (/[*+?{]/.test(source[i + 1] ?? '')) out += run > 1 ? `${space}\\s` : '\\s';
      else out += space;
    } else if (dropAssertions && (ch === '^' || ch === '$')) continue;
    else out += ch;
  }
  return out;
}

// ---- A small regex parser, enough to see a pattern's shape (the source is already known valid) ----

interface Quantifier {
  min: number;
  max: number;
}
type Atom =
  | { kind: 'char'; text: string }
  | { kind: 'group'; alts: Item[][] }
  | { kind: 'assertion' }
  | { kind: 'backref' };
interface Item {
  atom: Atom;
  quant?: Quantifier;
}

function parse(src: string): Item[][] {
  let pos = 0;
  const alternatives = (): Item[][] => {
    const alts = [sequence()];
    while (src[pos] === '|') {
      pos++;
      alts.push(sequence());
    }
    return alts;
  };
  const sequence = (): Item[] => {
    const items: Item[] = [];
    while (pos < src.length && src[pos] !== '|' && src[pos] !== ')') {
      const atom = atomAt();
      items.push({ atom, quant: quantifier() });
    }
    return items;
  };
  const atomAt = (): Atom => {
    const start = pos;
    const ch = src[pos++]!;
    if (ch === '(') {
      let lookaround = false;
      if (src[pos] === '?') {
        const m = /^\?(?::|=|!|<=|<!|<[^>]*>)/.exec(src.slice(pos, pos + 40)) ?? ['?'];
        lookaround = /^\?(?:=|!|<=|<!)$/.test(m[0]);
        pos += m[0].length;
      }
      const alts = alternatives();
      pos++; // ')'
      return lookaround ? { kind: 'assertion' } : { kind: 'group', alts };
    }
    if (ch === '[') {
      if (src[pos] === '^') pos++;
      if (src[pos] === ']') pos++;
      while (pos < src.length && src[pos] !== ']') pos += src[pos] === '\\' ? 2 : 1;
      pos++;
      return { kind: 'char', text: src.slice(start, pos) };
    }
    if (ch === '^' || ch === '$') return { kind: 'assertion' };
    if (ch === '\\') {
      const next = src[pos++] ?? '';
      if (next === 'b' || next === 'B') return { kind: 'assertion' };
      if (/[1-9]/.test(next) || next === 'k') {
        if (next === 'k') pos = src.indexOf('>', pos) + 1 || src.length;
        else while (/\d/.test(src[pos] ?? '')) pos++;
        return { kind: 'backref' };
      }
      const tail = /^(?:u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[pP]\{[^}]*\}|c[a-zA-Z])/.exec(
        src.slice(pos - 1, pos + 20),
      );
      if (tail) pos += tail[0].length - 1;
      return { kind: 'char', text: src.slice(start, pos) };
    }
    // A surrogate pair is one character.
    if (/[\ud800-\udbff]/.test(ch) && /[\udc00-\udfff]/.test(src[pos] ?? '')) pos++;
    return { kind: 'char', text: src.slice(start, pos) };
  };
  const quantifier = (): Quantifier | undefined => {
    let q: Quantifier | undefined;
    const ch = src[pos];
    if (ch === '*') q = { min: 0, max: Infinity };
    else if (ch === '+') q = { min: 1, max: Infinity };
    else if (ch === '?') q = { min: 0, max: 1 };
    else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(pos, pos + 30));
      if (!m) return undefined;
      const min = Number(m[1]);
      q = { min, max: m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity };
      pos += m[0].length - 1;
    }
    if (!q) return undefined;
    pos++;
    if (src[pos] === '?') pos++; // lazy
    return q;
  };
  return alternatives();
}

/** Characters that stand for every class a pattern can name, to compare what two parts can match. */
const SAMPLE = 'aAzZ09_ \t\n,.;:-!?/\\\'"()[]{}<>@#$%&*+=|~`éÅ中€\u00a0';

/** The flags, and sample characters: SAMPLE plus every character the pattern itself names. */
interface Shape {
  flags: string;
  sample: string[];
}

/** Indexes of the sample characters one atom can match. */
function charsOf(atom: Atom, flags: Shape): number[] {
  if (atom.kind === 'char') {
    let rx: RegExp;
    try {
      rx = new RegExp(`^(?:${atom.text})$`, flags.flags);
    } catch {
      return [];
    }
    return flags.sample.flatMap((c, i) => (rx.test(c) ? [i] : []));
  }
  if (atom.kind === 'group') return [...new Set(atom.alts.flatMap((seq) => firstChars(seq, flags)))];
  return [];
}

/** What the first character of a sequence can be. */
function firstChars(seq: Item[], flags: Shape): number[] {
  const out: number[] = [];
  for (const item of seq) {
    if (item.atom.kind === 'assertion') continue;
    out.push(...charsOf(item.atom, flags));
    if (!canBeEmpty(item)) break;
  }
  return out;
}

const canBeEmpty = (item: Item): boolean =>
  item.atom.kind === 'assertion' ||
  item.atom.kind === 'backref' ||
  (item.quant?.min ?? 1) === 0 ||
  (item.atom.kind === 'group' && item.atom.alts.some((seq) => seq.every(canBeEmpty)));

/** Repeated without a small bound: *, +, {n,} and {n,m} with m of 10 or more. */
const repeats = (item: Item): boolean => !!item.quant && item.quant.max >= 10;

/** Matches a varying number of times (a?, a{1,3}, a+): inside a repeated group, that is ambiguity. */
const varies = (item: Item): boolean => !!item.quant && item.quant.max > item.quant.min;

/** Characters matched by the varying parts inside a sequence (nested groups included). */
function repeatedChars(seq: Item[], flags: Shape, inside = false): number[] {
  return seq.flatMap((item) => {
    if (item.atom.kind === 'group')
      return item.atom.alts.flatMap((s) => repeatedChars(s, flags, inside || varies(item)));
    return inside || varies(item) ? charsOf(item.atom, flags) : [];
  });
}

const hasRepeat = (seq: Item[]): boolean =>
  seq.some((item) => varies(item) || (item.atom.kind === 'group' && item.atom.alts.some(hasRepeat)));

/**
 * A repeated group that can match the same text in many ways: it holds a repeated part and nothing that
 * must appear between repetitions and that the repeated part cannot also match ((a+)+, (\w+\s?)+, (.*,)+),
 * or its alternatives can start with the same character ((a|ab)+, (\w|\d)*). Such groups backtrack
 * exponentially on text that almost matches.
 */
function catastrophic(items: Item[], flags: Shape): string | null {
  // Three or more repeats in a row that can match the same characters (a*a*a*, .*\s*.*) backtrack
  // polynomially: each split of a run between them is tried.
  let run = 0;
  let prev: Set<number> | null = null;
  for (const item of items) {
    if (!repeats(item)) {
      if (!canBeEmpty(item)) {
        run = 0;
        prev = null;
      }
      continue;
    }
    const chars = new Set(
      item.atom.kind === 'group' ? repeatedChars([item], flags) : charsOf(item.atom, flags),
    );
    run = prev && [...chars].some((c) => prev!.has(c)) ? run + 1 : 1;
    prev = chars;
    if (run >= 3) return 'three repeats in a row that can match the same text';
  }
  for (const item of items) {
    if (item.atom.kind !== 'group') continue;
    for (const seq of item.atom.alts) {
      const inner = catastrophic(seq, flags);
      if (inner) return inner;
    }
    if (!item.quant || item.quant.max < 2) continue;
    const alts = item.atom.alts;
    if (alts.some(hasRepeat)) {
      const separated = alts.every((seq) => {
        const covered = new Set(repeatedChars(seq, flags));
        return seq.some(
          (i) =>
            !canBeEmpty(i) &&
            !varies(i) &&
            i.atom.kind === 'char' &&
            charsOf(i.atom, flags).some((c) => !covered.has(c)),
        );
      });
      if (!separated) return 'a repeated part inside a repeated group';
    }
    if (alts.length > 1) {
      const firsts = alts.map((seq) => new Set(firstChars(seq, flags)));
      for (let a = 0; a < firsts.length; a++)
        for (let b = a + 1; b < firsts.length; b++)
          if ([...firsts[a]!].some((c) => firsts[b]!.has(c)))
            return 'alternatives that can match the same text inside a repeated group';
    }
  }
  return null;
}

/** Parts of the pattern that can match a non-space character (false: only white space or nothing). */
function matchesVisibleText(alts: Item[][], flags: Shape): boolean {
  const spaces = new Set(flags.sample.flatMap((c, i) => (/\s/.test(c) ? [i] : [])));
  const visible = (items: Item[]): boolean =>
    items.some((item) =>
      item.atom.kind === 'group'
        ? item.atom.alts.some(visible)
        : item.atom.kind === 'char' && charsOf(item.atom, flags).some((c) => !spaces.has(c)),
    );
  return alts.some(visible);
}

const refuse = (message: string): never => {
  throw new LLMHelperError('bad_argument', message);
};

/** Refuses patterns that would search for nothing or could block the page; says how to write them. */
function checkPattern(source: string, regexFlags: string, shown: string): Item[][] {
  const tree = parse(source);
  const flags: Shape = {
    flags: regexFlags.replace(/[gy]/g, ''),
    sample: [...new Set([...SAMPLE, ...source])],
  };
  if (!matchesVisibleText(tree, flags))
    refuse(
      `The pattern ${shown} can only match empty text or white space, so it would match everything or nothing. Give some text to look for, or use find({ type: 'button' }) to list elements of a type.`,
    );
  for (const seq of tree) {
    const why = catastrophic(seq, flags);
    if (why)
      refuse(
        `The pattern ${shown} has ${why}, which can take exponential time on some text, so it was not run. Simplify it: (a+)+ → a+, (\\w+\\s?)+ → [\\w\\s]+, (a|ab)+ → [ab]+; or search for plain words.`,
      );
  }
  return tree;
}

const DOT_STAR = String.raw`(?:\.\*\??|\[\s\S\]\*\??|\[\^\]\*\??)+`;
const LEADING_DOT_STAR = new RegExp(`^${DOT_STAR}`);
const TRAILING_DOT_STAR = new RegExp(`${DOT_STAR}$`);

/**
 * Drops a leading and a trailing `.*` from a scan source without alternatives at its top level: the same
 * blocks match, without the quadratic work `.*` does on long text.
 */
function trimDotStar(source: string): string {
  if (parse(source).length > 1) return source;
  let out = source.replace(LEADING_DOT_STAR, '');
  const end = TRAILING_DOT_STAR.exec(out);
  // Not when the `.` is escaped (`\.*` is a run of dots).
  if (end && !/(^|[^\\])(\\\\)*\\$/.test(out.slice(0, end.index))) out = out.slice(0, end.index);
  return out || source;
}

/**
 * A search pattern from a RegExp (its own flags are honoured), a regex source string, or plain text.
 * A string that is also meant literally ("Save (draft)") matches both ways; an invalid regex falls
 * back to literal text and says so.
 */
export function toPattern(pattern: string | RegExp, opts: PatternOptions = {}): Pattern {
  let parts: string[];
  let flags: string;
  let note: string | undefined;
  const isRegExp = pattern instanceof RegExp || Object.prototype.toString.call(pattern) === '[object RegExp]';
  const caseless = isRegExp ? (pattern as RegExp).flags.includes('i') : !opts.caseSensitive;
  // The pattern in the form the text is searched in: a plain text width-folded too when case does not
  // matter; a RegExp's source only unified (folding could turn a full-width character into syntax).
  const given = isRegExp ? (pattern as RegExp).source : String(pattern);
  const raw = !isRegExp && caseless ? folded(given) : readable(given);
  if (raw.length > MAX_PATTERN_LENGTH)
    refuse(
      `The pattern is ${raw.length} characters long; the limit is ${MAX_PATTERN_LENGTH}. Search for a short, distinctive part of the text.`,
    );
  const shown = JSON.stringify(truncate(raw, 60));
  if (isRegExp) {
    parts = [raw];
    flags = (pattern as RegExp).flags.replace(/[gy]/g, '');
    checkPattern(raw, flags, shown);
  } else {
    flags = opts.caseSensitive ? '' : 'i';
    const literal = escapeRegExp(raw);
    if (!raw.trim())
      refuse(
        `The pattern ${shown} is only white space. Give some text to look for, or use find({ type: 'input' }) to list elements of a type.`,
      );
    let valid = true;
    try {
      new RegExp(raw, flags);
    } catch (e) {
      valid = false;
      note = `${shown} is not a valid regular expression (${(e as Error).message.replace(/^Invalid regular expression: /, '')}), so it was searched as plain text.`;
    }
    if (valid && literal !== raw) checkPattern(raw, flags, shown);
    parts = !valid || literal === raw ? [literal] : [raw, literal];
  }
  const join = (xs: string[]) => (xs.length === 1 ? xs[0]! : xs.map((x) => `(?:${x})`).join('|'));
  let source = join(parts);
  const anchored = !!opts.exact || /(^|[^\\])[\^$]/.test(source.replace(/\[(?:\\.|[^\]])*\]/g, ''));
  if (opts.exact) source = `^(?:${source})$`;
  const regex = new RegExp(rewrite(source, '\\s+', false), flags);
  return {
    regex,
    fold: caseless,
    scan: new RegExp(join(parts.map((x) => trimDotStar(rewrite(x, '\\s*', true)))), flags + 'g'),
    anchored,
    emptyable: regex.test(''),
    note,
  };
}

/**
 * True when `rx` matches `text` with a match that holds a non-space character. Patterns that can match
 * the empty string ('x?', '\\d*') would otherwise match every text.
 */
/** A text as the pattern searches it: unified (readable), and width-folded when case does not matter. */
export const searchText = (p: Pattern, text: string): string => (p.fold ? folded(text) : readable(text));

export function matchesText(p: Pattern, given: string): boolean {
  const text = searchText(p, given);
  if (!p.emptyable) return p.regex.test(text);
  const all = new RegExp(p.regex.source, p.regex.flags + 'g');
  for (let m = all.exec(text); m; m = all.exec(text)) {
    if (/\S/.test(m[0])) return true;
    if (m.index >= text.length) break;
    all.lastIndex = m.index + 1;
  }
  return false;
}
