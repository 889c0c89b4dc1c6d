/**
 * Where a link or submit button goes as its markup says (src/page/perceive/elsewhere-link.ts), over
 * generated links (fast-check): the mark a listing gives it agrees with what the browser does with it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appFor, downloadName, elsewhereMark, linkElsewhere } from '../../src/page/perceive/elsewhere-link';

const link = (attrs: Record<string, string>) => {
  const a = document.createElement('a');
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  document.body.append(a);
  return a;
};

const path = fc.stringMatching(/^[a-z0-9-]{1,12}(\/[a-z0-9-]{1,12}){0,2}(\.[a-z]{2,4})?$/);
const target = fc.constantFrom('', '_self', '_top', '_parent', '_blank', 'report-window');

describe('where a link goes', () => {
  it('a link to a page of this tab, with no target, download or other scheme, stays here and is not marked', () => {
    fc.assert(
      fc.property(path, fc.constantFrom('', '_self', '_top', '_parent'), (p, t) => {
        const a = link({ href: `/${p}`, ...(t ? { target: t } : {}) });
        expect(linkElsewhere(a)).toBeNull();
        expect(elsewhereMark(a)).toBe('');
        a.remove();
      }),
    );
  });

  it('a target of another window opens a new tab, at the address the browser resolves', () => {
    fc.assert(
      fc.property(path, fc.constantFrom('_blank', 'report-window', 'Preview'), (p, t) => {
        const a = link({ href: p, target: t });
        expect(linkElsewhere(a)).toEqual({ kind: 'tab', url: new URL(p, document.baseURI).href });
        expect(elsewhereMark(a)).toBe('opens a new tab');
        a.remove();
      }),
    );
  });

  it('a modified click opens any web link in a new tab', () => {
    fc.assert(
      fc.property(path, fc.constantFrom('ctrl', 'meta', 'shift', 'middle'), (p, key) => {
        const a = link({ href: `/${p}` });
        expect(linkElsewhere(a, { [key]: true })?.kind).toBe('tab');
        a.remove();
      }),
    );
  });

  it("a download on this site's file downloads it, by the attribute's name or the address's last part", () => {
    fc.assert(
      fc.property(path, fc.option(fc.stringMatching(/^[a-z]{1,8}\.(pdf|csv)$/)), target, (p, name, t) => {
        const a = link({ href: `/${p}`, download: name ?? '', ...(t ? { target: t } : {}) });
        const to = linkElsewhere(a)!;
        expect(to.kind).toBe('download');
        expect(to.file).toBe(name ?? p.split('/').at(-1));
        expect(elsewhereMark(a)).toBe(`downloads ${to.file}`);
        a.remove();
      }),
    );
  });

  it("another site's file with a download attribute is opened, not saved (the browser ignores it)", () => {
    const a = link({ href: 'https://elsewhere.example/report.pdf', download: '' });
    expect(linkElsewhere(a)).toBeNull();
    a.remove();
  });

  it('any scheme the browser does not show goes to an app, whatever the target', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('mailto:a@b.example', 'tel:+123', 'sms:+123', 'slack://open', 'zoommtg://x'),
        target,
        (href, t) => {
          const a = link({ href, ...(t ? { target: t } : {}) });
          const to = linkElsewhere(a)!;
          expect(to.kind).toBe('app');
          expect(to.app).toBe(appFor(new URL(href)));
          expect(elsewhereMark(a)).toBe(`opens ${to.app}`);
          a.remove();
        },
      ),
    );
    expect(appFor(new URL('mailto:x@y.example'))).toBe('the mail app');
    expect(appFor(new URL('https://x.example'))).toBeNull();
  });

  it('a file name is never empty', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.option(fc.string()), (u, attr) => {
        expect(downloadName(new URL(u), attr).length).toBeGreaterThan(0);
      }),
    );
  });

  it('a submit button of a form with a new-window target is marked; the document base target counts', () => {
    const form = document.createElement('form');
    form.target = '_blank';
    const button = document.createElement('button');
    form.append(button);
    document.body.append(form);
    expect(elsewhereMark(button)).toBe('opens a new tab');
    form.removeAttribute('target');
    expect(elsewhereMark(button)).toBe('');
    const base = document.createElement('base');
    base.target = '_blank';
    document.head.append(base);
    expect(elsewhereMark(button)).toBe('opens a new tab');
    expect(elsewhereMark(link({ href: '/x' }))).toBe('opens a new tab');
    base.remove();
    form.remove();
  });
});
