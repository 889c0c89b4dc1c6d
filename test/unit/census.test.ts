/** census() classifies in script; it must agree with the selectors in types.ts, the one truth. */
import { describe, expect, it } from 'vitest';
import { census, isControl } from '../../src/page/read/census';
import {
  ALERT_SELECTOR,
  DIALOG_SELECTOR,
  LANDMARK_SELECTOR,
  OUTLINE_SELECTOR,
  TYPE_SELECTORS,
} from '../../src/page/dom/types';

const VARIETY = `
<header><nav aria-label="Main"><a href="/">Home</a><a>no href</a><span role="link">span link</span></nav></header>
<main><h1>T</h1><h4>Four</h4><div role="heading" aria-level="2">Aria</div><div role="heading">No level</div>
<section aria-label="Named"><table><tr><td>x</td></tr></table><div role="grid"></div><div role="table"></div></section>
<section>plain</section><form aria-label="F"><input><input type="hidden"><input type="checkbox"><input type="radio">
<input type="range"><input type="submit"><input type="image"><input type="reset"><input type="button"><input type="BOGUS">
<input type="Email"><textarea></textarea><select><option>a</option></select><button>b</button><summary>s</summary>
<div role="button">rb</div><div contenteditable="">ce</div><div contenteditable="true">ce</div><div contenteditable="false">no</div>
<div role="textbox"></div><div role="switch"></div><div role="combobox"></div><div role="menuitemradio"></div></form>
<img src="x.png" alt=""><area href="/a"><map><area href="/b"></map><aside></aside><search></search><footer></footer>
<div role="alert">A</div><p class="toast">T</p><div aria-live="polite"></div><div class="alert notification">N</div>
<dialog open>D</dialog><div role="dialog"></div><div aria-modal="true"></div><div role="navigation"></div></main>`;

describe('census agrees with the selectors', () => {
  it('counts, lists and control candidates', () => {
    document.body.innerHTML = VARIETY;
    const c = census(document);
    const n = (sel: string) => document.querySelectorAll(sel).length;
    expect(c.counts).toEqual({
      heading: n(TYPE_SELECTORS.heading),
      table: n('table,[role=table],[role=grid]'),
      form: n('form'),
      field: n(
        [TYPE_SELECTORS.input, TYPE_SELECTORS.select, TYPE_SELECTORS.checkbox, TYPE_SELECTORS.radio].join(
          ',',
        ),
      ),
      button: n(TYPE_SELECTORS.button),
      link: n(TYPE_SELECTORS.link),
      image: n('img'),
    });
    const same = (els: Element[], sel: string) =>
      expect(els).toEqual(Array.from(document.querySelectorAll(sel)));
    same(c.first('outline', 1000), OUTLINE_SELECTOR);
    same(c.first('headings', 1000), TYPE_SELECTORS.heading);
    same(c.first('landmarks', 1000), LANDMARK_SELECTOR);
    same(c.dialogs, DIALOG_SELECTOR);
    same(c.alerts, ALERT_SELECTOR);
    const order = (a: Element, b: Element) => (a.compareDocumentPosition(b) & 4 ? -1 : 1);
    same(
      [...new Set(c.controls.flatMap((l) => Array.from(l)))].filter(isControl).sort(order),
      `${TYPE_SELECTORS.button},${TYPE_SELECTORS.input},${TYPE_SELECTORS.select},${TYPE_SELECTORS.link}`,
    );
  });
});
