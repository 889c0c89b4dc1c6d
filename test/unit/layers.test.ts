/**
 * The candidates settle looks at for dialogs, alerts and menus (eachLayerCandidate: the element index's
 * lists and a few fast class queries) must hold every element the selectors in types.ts and settle.ts can
 * match: one sample element per part of each, in a document and in a shadow root (whose class queries go
 * as one).
 */
import { describe, expect, it } from 'vitest';
import { eachLayerCandidate, MENUS } from '../../src/page/observe/layers';
import { ALERT_SELECTOR, DIALOG_SELECTOR } from '../../src/page/dom/types';

const SAMPLES: Record<string, string> = {
  'dialog[open]': '<dialog open></dialog>',
  '[role=dialog]': '<div role="dialog"></div>',
  '[role=alertdialog]': '<div role="alertdialog"></div>',
  '[aria-modal=true]': '<div aria-modal="true"></div>',
  '.layui-layer-dialog': '<div class="layui-layer layui-layer-dialog"></div>',
  '.layui-layer-page': '<div class="layui-layer-page"></div>',
  '.t-dialog': '<div class="t-dialog"></div>',
  '[class~=modal]': '<div class="fade modal show"></div>',
  '[class$="-modal"]': '<div class="ant-modal"></div>',
  '[class*="-modal "]': '<div class="el-modal wide"></div>',
  '[role=alert]': '<div role="alert"></div>',
  '[role=status]': '<p role="status"></p>',
  '[aria-live=assertive]': '<div aria-live="assertive"></div>',
  '[aria-live=polite]': '<div aria-live="polite"></div>',
  '.toast': '<div class="toast"></div>',
  '.snackbar': '<div class="snackbar"></div>',
  '.notification': '<div class="notification is-danger"></div>',
  '.alert': '<div class="alert alert-danger"></div>',
  '.layui-layer-msg': '<div class="layui-layer-msg"></div>',
  '[role=menu]': '<ul role="menu"></ul>',
  '[role=menubar]': '<div role="menubar"></div>',
  '[role=listbox]': '<ul role="listbox"></ul>',
  'md-menu:not([role])': '<md-menu></md-menu>',
};

describe('layer candidates', () => {
  it('cover every part of the dialog, alert and menu selectors', () => {
    const parts = [DIALOG_SELECTOR, ALERT_SELECTOR, MENUS].flatMap((s) => s.split(',').map((p) => p.trim()));
    expect(Object.keys(SAMPLES).sort()).toEqual([...parts].sort());
    for (const [part, html] of Object.entries(SAMPLES)) {
      document.body.innerHTML = html;
      const el = document.body.firstElementChild!;
      expect(el.matches(part), part).toBe(true);
      const candidates: Element[] = [];
      eachLayerCandidate(document, (c) => candidates.push(c));
      expect(candidates, `${part}: not a candidate`).toContain(el);
      // The same element in a component's shadow root, after the root was indexed without it.
      document.body.innerHTML = '<div id="host"></div>';
      const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
      shadow.innerHTML = '<span></span>';
      eachLayerCandidate(shadow, () => undefined);
      shadow.innerHTML = `<span>${html}</span>`;
      const inner = shadow.firstElementChild!.firstElementChild!;
      const inShadow: Element[] = [];
      eachLayerCandidate(shadow, (c) => inShadow.push(c));
      expect(inShadow, `${part}: not a candidate in a shadow root`).toContain(inner);
    }
  });
});
