/** Text the way a person reads it: &nbsp; and runs of white space are one space; one Unicode form. */
/** `3 items`, `1 item`. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
/**
 * A count with thousands separated by commas (12,345). Not toLocaleString: its first use in a page loads
 * the browser's number formatting, 13-18 ms of one task in Chromium.
 */
export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * More than ASCII: only then is there anything to unify. Written as one range, which Chromium tests a
 * one-byte string for in a fraction of a millisecond per megabyte (a negated class reads every character).
 */
const NON_ASCII = /[\x80-\uffff]/;
/** Soft hyphens and zero-width characters: invisible, and never typed by whoever searches. */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/** One Unicode form (`form`), no invisible characters. */
const unify = (s: string, form: string): string =>
  NON_ASCII.test(s) ? s.normalize(form).replace(INVISIBLE, '') : s;

/** As a person reads it: one Unicode form (NFC), no soft hyphens or zero-width characters. */
export const readable = (s: string): string => unify(s, 'NFC');

/** For case-insensitive search, width-folded as well (NFKC): "SUBMIT" finds "ＳＵＢＭＩＴ". */
export const folded = (s: string): string => unify(s, 'NFKC');

export const normalize = (s: string): string => readable(s).replace(/\s+/g, ' ').trim();

export const truncate = (s: string, max: number): string =>
  s.length <= max ? s : s.slice(0, Math.max(0, max - 1)).trimEnd() + '…';

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
