/** Text the way a person reads it: &nbsp; and runs of white space are one space. */
export const normalize = (s: string): string => s.replace(/\s+/g, ' ').trim();

export const truncate = (s: string, max: number): string =>
  s.length <= max ? s : s.slice(0, Math.max(0, max - 1)).trimEnd() + '…';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export interface Pattern {
  regex: RegExp;
  /** Set when the pattern was not a valid regular expression and was searched as plain text. */
  note?: string;
}

export interface PatternOptions {
  caseSensitive?: boolean;
  /** The whole text must match, not a part of it. */
  exact?: boolean;
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
  return { regex: new RegExp(source, flags), note };
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
