/** Which elements a `type` option selects. One CSS selector per type: the single truth for find and snapshot. */
import { LLMHelperError } from '../../errors';
import * as dom from './members';

/**
 * Boxes whose class says close: the close controls pages draw without a role, for roleOf to tell (a token
 * that ends in close). One case-sensitive substring test each, as a page-wide query pays it per element.
 */
export const CLOSE_BOXES = 'span[class*=close],div[class*=close],i[class*=close]';

/** A calendar's days drawn without a role (a class that says day, or a date in data-date), for roleOf to tell. */
const DAY_BOXES = 'div[class*=day],span[class*=day],div[data-date],span[data-date]';

/** Boxes whose class is button or btn (Fomantic UI's div.ui.button), for roleOf to tell. */
const CLASS_BUTTONS = 'div[class~=button],span[class~=button],div[class~=btn],span[class~=btn]';

export const TYPE_SELECTORS = {
  // With what may be a button without a role, for roleOf to tell: close boxes, icons that show a pointer,
  // a calendar's days.
  button: `button,input[type=button],input[type=submit],input[type=reset],input[type=image],summary,[role=button],${CLOSE_BOXES},${CLASS_BUTTONS},${DAY_BOXES},i,svg,span[class*=icon]`,
  link: 'a[*|href],area[href],[role=link]',
  input:
    'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=reset]):not([type=image]):not([type=range]),textarea,[contenteditable=""],[contenteditable=true],[role=textbox],[role=searchbox],[role=spinbutton]',
  // With the selects libraries draw without ARIA roles (a field in, or a focusable box with, a class
  // that says select: Element UI, Layui, Naive UI).
  select:
    'select,[role=combobox],[role=listbox],[class*=select i]>input:not([type=hidden]),[class*=select i]>*>input:not([type=hidden]),[tabindex][class*=select i]:not([tabindex="-1"])',
  checkbox:
    'input[type=checkbox],[role=checkbox],[role=switch],[role=menuitemcheckbox],[class$=switch i]:not([tabindex="-1"]),[class*="switch " i]:not([tabindex="-1"])',
  // Material Web's md-radio keeps its role in ElementInternals, where no selector sees it.
  radio: 'input[type=radio],[role=radio],[role=menuitemradio],md-radio',
  menuitem: '[role=menuitem],[role=menuitemcheckbox],[role=menuitemradio]',
  tab: '[role=tab]',
  heading: 'h1,h2,h3,h4,h5,h6,[role=heading]',
  // Not a table laid out for looks (role presentation or none: Ext JS's radio groups, its grid's rows,
  // each a table of one row inside the role=grid), nor its rows and cells unless a role says so.
  table: 'table:not([role=presentation]):not([role=none]),[role=table],[role=grid],[role=treegrid]',
  row: 'tr:not([role=presentation]):not([role=none]):not(:is(table[role=presentation],table[role=none])>*>tr:not([role])),[role=row]',
  cell: 'td:not([role=presentation]):not([role=none]),th,[role=cell],[role=gridcell],[role=columnheader],[role=rowheader]',
  image: 'img,svg[role=img],[role=img],input[type=image]',
  any: '*',
} as const;

export type ElementType = keyof typeof TYPE_SELECTORS;

/** WAI-ARIA widget, structure and landmark roles, for find's `type` (any other role name works too). */
export type AriaRole =
  | 'alert'
  | 'alertdialog'
  | 'article'
  | 'banner'
  | 'combobox'
  | 'complementary'
  | 'contentinfo'
  | 'dialog'
  | 'form'
  | 'grid'
  | 'gridcell'
  | 'group'
  | 'img'
  | 'list'
  | 'listbox'
  | 'listitem'
  | 'main'
  | 'menu'
  | 'menubar'
  | 'menuitemcheckbox'
  | 'menuitemradio'
  | 'navigation'
  | 'option'
  | 'progressbar'
  | 'radiogroup'
  | 'region'
  | 'rowheader'
  | 'columnheader'
  | 'scrollbar'
  | 'search'
  | 'searchbox'
  | 'separator'
  | 'slider'
  | 'spinbutton'
  | 'status'
  | 'switch'
  | 'tablist'
  | 'tabpanel'
  | 'textbox'
  | 'toolbar'
  | 'tooltip'
  | 'tree'
  | 'treegrid'
  | 'treeitem';

/** Headings that make a page's outline. */
export const OUTLINE_SELECTOR = 'h1,h2,h3,[role=heading][aria-level="1"],[role=heading][aria-level="2"]';
/** Landmarks a summary names. */
export const LANDMARK_SELECTOR =
  'main,[role=main],nav,[role=navigation],header,[role=banner],footer,[role=contentinfo],aside,[role=complementary],[role=search],search,form[aria-label],form[aria-labelledby],section[aria-label],section[aria-labelledby]';
/** Pagers: a pagination nav, or what a class calls a pagination, paginator, pager or paging. */
export const PAGERS = 'nav[aria-label*=pagination i],[class*=paginat i],[class*=pager i],[class*=paging i]';

/**
 * Open dialogs: native, ARIA, and what a class calls a modal (View Design's div.ivu-modal, Fomantic UI's
 * div.ui.modal) or Layui's layer dialogs.
 */
export const DIALOG_SELECTOR =
  'dialog[open],[role=dialog],[role=alertdialog],[aria-modal=true],.layui-layer-dialog,.layui-layer-page,.t-dialog,[class~=modal],[class$="-modal"],[class*="-modal "]';
/** Classes that make an element an alert (each alone a fast query). */
export const ALERT_CLASSES = ['.toast', '.snackbar', '.notification', '.alert'];
/** Alerts, status messages and toasts. */
export const ALERT_SELECTOR = `[role=alert],[role=status],[aria-live=assertive],[aria-live=polite],${ALERT_CLASSES.join(',')},.layui-layer-msg`;

/** Everything a person can operate: the union of the interactive types. */
export const INTERACTIVE_SELECTOR = [
  TYPE_SELECTORS.button,
  TYPE_SELECTORS.link,
  TYPE_SELECTORS.input,
  TYPE_SELECTORS.select,
  TYPE_SELECTORS.checkbox,
  TYPE_SELECTORS.radio,
  TYPE_SELECTORS.menuitem,
  TYPE_SELECTORS.tab,
  'input[type=range],[role=slider],[role=option],[role=treeitem],[tabindex]:not([tabindex="-1"]):not(div):not(span):not(label)',
  // A select drawn without ARIA roles (Naive UI's focusable box); roleOf tells which are selects.
  '[tabindex][class*=select i]:not([tabindex="-1"])',
  // A link with no href is a button when the page draws it as clickable; roleOf tells.
  'a:not([href])',
  // A header that sorts its column when clicked.
  'th[aria-sort],[role=columnheader][aria-sort]',
].join(',');

/** The roles of inputs by their type, and of elements by their tag, when no role attribute says. */
export const INPUT_ROLES: Record<string, string> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  file: 'button',
  number: 'spinbutton',
  search: 'searchbox',
  hidden: '',
};

export const TAG_ROLES: Record<string, string> = {
  BUTTON: 'button',
  SUMMARY: 'button',
  TEXTAREA: 'textbox',
  H1: 'heading',
  H2: 'heading',
  H3: 'heading',
  H4: 'heading',
  H5: 'heading',
  H6: 'heading',
  TABLE: 'table',
  TR: 'row',
  TD: 'cell',
  TH: 'columnheader',
  UL: 'list',
  OL: 'list',
  MENU: 'list',
  LI: 'listitem',
  NAV: 'navigation',
  MAIN: 'main',
  HEADER: 'banner',
  FOOTER: 'contentinfo',
  ASIDE: 'complementary',
  FORM: 'form',
  SEARCH: 'search',
  ARTICLE: 'article',
  DIALOG: 'dialog',
  OPTION: 'option',
  FIELDSET: 'group',
  DETAILS: 'group',
  PROGRESS: 'progressbar',
  OUTPUT: 'status',
  IFRAME: 'iframe',
};

/**
 * Role names the SDK prints (`textbox "Name"`), taken as the type that holds them: someone who reads a
 * role in a result and asks for it gets those elements, not a CSS tag no element has.
 */
const ROLE_TYPES: Record<string, ElementType> = {
  textbox: 'input',
  searchbox: 'input',
  spinbutton: 'input',
  combobox: 'select',
  listbox: 'select',
  switch: 'checkbox',
  img: 'image',
  gridcell: 'cell',
  columnheader: 'cell',
  rowheader: 'cell',
  grid: 'table',
  treegrid: 'table',
  menuitemcheckbox: 'menuitem',
  menuitemradio: 'menuitem',
};

/** The type a name stands for: a type, or the type that holds a role name; else the name itself. */
export const typeName = (type: string): string =>
  Object.hasOwn(ROLE_TYPES, type) ? ROLE_TYPES[type]! : type;

/**
 * Whether the caller wrote `type` as a CSS selector (`.more`, `span`, `div.card > i`), which selects
 * exactly the elements it matches whatever their role, rather than one of our kinds or a role name,
 * which the SDK interprets (a kind proposes icons and drawn boxes that a role may turn down). A bare word
 * is a selector when it names an HTML element that is not also a kind or a role name (span, div, i, a).
 */
export function isSelectorType(type: string): boolean {
  if (Object.hasOwn(TYPE_SELECTORS, typeName(type))) return false;
  if (!/^[a-z]+$/i.test(type)) return true;
  return (
    !(dom.create(document, type) instanceof HTMLUnknownElement) && !Object.values(TAG_ROLES).includes(type)
  );
}

/**
 * The CSS selector for a type: a type's name or a role name it holds; a bare word as a tag or a role
 * (`option`, `slider`, `alert`); or a CSS selector. A clear error for what is none of these.
 */
export function typeSelector(type: string): string {
  const name = typeName(type);
  if (Object.hasOwn(TYPE_SELECTORS, name)) return TYPE_SELECTORS[name as ElementType];
  // A bare word: a tag, or a role given or implied (no type of ours stands for slider, listitem, alert…).
  if (/^[a-z]+$/i.test(type)) {
    const of = (table: Record<string, string>) => Object.keys(table).filter((k) => table[k] === type);
    return [
      type,
      `[role~=${type}]`,
      ...of(TAG_ROLES).map((t) => t.toLowerCase()),
      ...of(INPUT_ROLES).map((t) => `input[type=${t}]`),
    ].join();
  }
  try {
    dom.qs(document.createDocumentFragment(), type);
  } catch {
    throw new LLMHelperError(
      'bad_argument',
      `type "${type}" is neither a known type (${Object.keys(TYPE_SELECTORS).join(', ')}) nor a valid CSS selector.`,
    );
  }
  return type;
}

/** A control that submits its form: a submit button, or a button of a form with no type. */
export const SUBMIT = 'button[type=submit],input[type=submit],input[type=image],form button:not([type])';

/**
 * The tags of the elements with no attribute at all that INTERACTIVE_SELECTOR matches: an element of
 * another tag with no attribute is not interactive, which a walk can tell without testing the selector
 * (most of a big page: a table's cells, a text's paragraphs). test/unit/types.test.ts checks every tag.
 */
export const BARE_INTERACTIVE = new Set([
  'a',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  'i',
  'svg',
  'md-radio',
]);
