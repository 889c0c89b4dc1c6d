/** What find and findNear take and give, and the places and candidates a search passes between its parts. */
import type { Target } from '../ids/target';
import type { AriaRole, ElementType } from '../dom/types';
import type { Budget } from './budget';

export interface FindOptions {
  /** button, link, input, select, checkbox, radio, menuitem, tab, heading, table, row, cell, image, any, a role, or a CSS selector. */
  type?: ElementType | AriaRole | (string & {});
  /** Most matches returned (default 10). */
  limit?: number;
  /** true (default): only visible elements; 'viewport': only those on screen now; false: hidden ones too. */
  visible?: boolean | 'viewport';
  /** Search only inside this element (ID or CSS selector). */
  within?: Target;
  /** Leave out these elements and everything inside them (IDs or CSS selectors). */
  exclude?: Target | Target[];
  /** Case-sensitive matching for string patterns (RegExp patterns keep their own flags). */
  caseSensitive?: boolean;
  /** The whole text must match. */
  exact?: boolean;
}

export interface Match {
  id: number;
  tag: string;
  role?: string;
  text: string;
  type?: string;
  value?: string;
  href?: string;
  checked?: boolean;
  selected?: boolean;
  disabled?: boolean;
  expanded?: boolean;
  /** What it does elsewhere, known before a click: 'opens a new tab', 'downloads report.pdf', 'opens the mail app'. */
  opens?: string;
  /** The row a cell or a control in a table row belongs to. */
  row?: string;
  /** Where it is, when another match reads alike and no row tells them apart: `list item "Buy milk"`. */
  in?: string;
  /** Present and true when the element is visible but outside the viewport. */
  offscreen?: boolean;
  /** Present when `visible: false` returned a hidden element: why it is hidden. */
  hidden?: string;
  /** findNear only: how the match relates to the anchor element. */
  relation?: string;
  /** findNear only: the anchor's own control that the page shows only while the pointer is over its item. */
  onHover?: true;
}

export type Matches = Match[] & { note?: string; unreachable?: string[] };

/** A place where the pattern matched, before it is mapped to the element a person acts on. */
export interface Hit {
  source: Element;
  matched: string;
  /** Matched by an attribute or computed name, not by its text. */
  byName?: boolean;
}

export interface Candidate {
  /** The element returned. */
  el: Element;
  /** The element whose text or attribute matched (for visibility when the result is a hidden input). */
  source: Element;
  matched: string;
  exact: boolean;
  /** Where in `matched` the pattern matched. */
  at?: number;
  order: number;
  score: number;
  inViewport: boolean;
  hidden?: string;
  /** The phrase a person reads there, when it is not the element's whole text. */
  phrase?: string;
  /** Hidden until the pointer is over this element (CSS :hover), which holds the anchor (findNear). */
  onHover?: Element;
}

export interface SearchResult {
  candidates: Candidate[];
  /** Matches left out for being hidden (when only visible ones are wanted). */
  hidden: Candidate[];
  note?: string;
  unreachable: Element[];
  stopped?: Budget['stopped'];
  /** The work the search could do (ms), for the note when it stopped on time. */
  ms: number;
}
