/** Text the way a person reads it: &nbsp; and runs of white space are one space. */
/** `3 items`, `1 item`. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const normalize = (s: string): string => s.replace(/\s+/g, ' ').trim();

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
