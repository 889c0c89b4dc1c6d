// @vitest-environment jsdom
/**
 * BARE_INTERACTIVE, the shortcut snapshot's walk takes (an element with no attribute at all is
 * interactive only if its tag is listed), holds for every tag: what INTERACTIVE_SELECTOR matches with
 * no attribute, anywhere in a page, is listed, and what is listed is matched somewhere.
 */
import { describe, expect, it } from 'vitest';
import { BARE_INTERACTIVE, INTERACTIVE_SELECTOR } from '../../src/page/dom/types';

const HTML_TAGS =
  'a abbr address area article aside audio b bdi bdo blockquote body br button canvas caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr i iframe img input ins kbd label legend li main map mark menu meter nav noscript object ol optgroup option output p picture pre progress q rp rt ruby s samp search section select slot small source span strong sub summary sup table tbody td template textarea tfoot th thead time tr track u ul var video wbr md-radio x-card my-button'.split(
    ' ',
  );
const SVG_TAGS = ['svg', 'path', 'g', 'circle', 'use', 'title'];

describe('BARE_INTERACTIVE', () => {
  it('lists exactly the tags INTERACTIVE_SELECTOR matches with no attribute, wherever they stand', () => {
    const matched = new Set<string>();
    // Inside the parents that selectors of the list look at (a box whose class says select, a table).
    for (const parent of [
      '<div class="select"><span></span></div>',
      '<table><tbody><tr></tr></tbody></table>',
      '<div></div>',
    ]) {
      document.body.innerHTML = parent;
      const holders = [document.body, ...document.body.querySelectorAll('*')];
      for (const holder of holders) {
        for (const tag of HTML_TAGS) {
          const el = document.createElement(tag);
          holder.appendChild(el);
          if (!el.hasAttributes() && el.matches(INTERACTIVE_SELECTOR)) matched.add(el.localName);
          el.remove();
        }
        for (const tag of SVG_TAGS) {
          const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
          holder.appendChild(el);
          if (el.matches(INTERACTIVE_SELECTOR)) matched.add(el.localName);
          el.remove();
        }
      }
    }
    expect([...matched].sort()).toEqual([...BARE_INTERACTIVE].sort());
  });
});
