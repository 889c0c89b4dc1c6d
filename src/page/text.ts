/** Text the way a person reads it: &nbsp; and runs of white space are one space. */
export const normalize = (s: string): string => s.replace(/\s+/g, ' ').trim();

export const truncate = (s: string, max: number): string =>
  s.length <= max ? s : s.slice(0, Math.max(0, max - 1)).trimEnd() + '…';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export interface Pattern {
  /** Tests one normalised text (single spaces, trimmed): the exact meaning of the pattern. */
  regex: RegExp;
  /**
   * Scans a whole page's text nodes joined in one string ('g' flag). A superset of `regex` (anchors and
   * word boundaries dropped, spaces optional), so that no match is missed at a node boundary; every
   * hit is verified with `regex` against its block's own text.
   */
  scan: RegExp;
  /** Set when the pattern was not a valid regular expression and was searched as plain text. */
  note?: string;
}

export interface PatternOptions {
  caseSensitive?: boolean;
  /** The whole text must match, not a part of it. */
  exact?: boolean;
}

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
      while (source[i + 1] === ' ') i++;
      out += space;
    } else if (dropAssertions && (ch === '^' || ch === '$')) continue;
    else out += ch;
  }
  return out;
}

/**
 * A search pattern from a RegExp (its own flags are honoured), a regex source string, or plain text.
 * A string that is also meant literally ("Save (draft)") matches both ways; an invalid regex falls
 * back to literal text and says so.
 */
export function toPattern(pattern: string | RegExp, opts: PatternOptions = {}): Pattern {
  let source: string;
  let flags: string;
  let note: string | undefined;
  if (pattern instanceof RegExp || Object.prototype.toString.call(pattern) === '[object RegExp]') {
    const rx = pattern as RegExp;
    source = rx.source;
    flags = rx.flags.replace(/[gy]/g, '');
  } else {
    const text = String(pattern);
    flags = opts.caseSensitive ? '' : 'i';
    const literal = escapeRegExp(text);
    try {
      new RegExp(text, flags);
      source = literal === text ? text : `(?:${text})|(?:${literal})`;
    } catch (e) {
      source = literal;
      note = `"${text}" is not a valid regular expression (${(e as Error).message.replace(/^Invalid regular expression: /, '')}), so it was searched as plain text.`;
    }
  }
  if (opts.exact) source = `^(?:${source})$`;
  return {
    regex: new RegExp(rewrite(source, '\\s+', false), flags),
    scan: new RegExp(rewrite(source, '\\s*', true), flags + 'g'),
    note,
  };
}

/** Tags that flow inside a line of text: text split over them is read as one string. */
export const INLINE_TAGS = new Set([
  'A',
  'ABBR',
  'B',
  'BDI',
  'BDO',
  'CITE',
  'CODE',
  'DATA',
  'DFN',
  'EM',
  'FONT',
  'I',
  'KBD',
  'LABEL',
  'MARK',
  'Q',
  'S',
  'SAMP',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'TIME',
  'U',
  'VAR',
  'WBR',
  'INS',
  'DEL',
  'NOBR',
  'TT',
  'BIG',
  'STRIKE',
  'ACRONYM',
]);
