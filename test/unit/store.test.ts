import { afterEach, describe, expect, it } from 'vitest';
import { defaults } from '../../src/config';
import { LLMHelperError } from '../../src/errors';
import { ElementStore, describeFingerprint, fingerprint } from '../../src/page/ids/store';

afterEach(() => {
  document.body.innerHTML = '';
});

const el = (html: string): Element => {
  document.body.insertAdjacentHTML('beforeend', html);
  return document.body.lastElementChild!;
};

describe('ElementStore', () => {
  it('gives small increasing IDs and the same ID to the same element', () => {
    const store = new ElementStore(defaults());
    const a = el('<button>A</button>');
    const b = el('<button>B</button>');
    expect(store.idFor(a)).toBe(1);
    expect(store.idFor(b)).toBe(2);
    expect(store.idFor(a)).toBe(1);
    expect(store.resolve(2).element).toBe(b);
  });

  it('never reuses an ID, even after clear()', () => {
    const store = new ElementStore(defaults());
    store.idFor(el('<button>A</button>'));
    store.clear();
    expect(store.idFor(el('<button>B</button>'))).toBe(2);
    expect(() => store.resolve(1)).toThrow(/Element 1 was forgotten/);
  });

  it('evicts the least recently used entries past the cap', () => {
    const store = new ElementStore({ ...defaults(), maxIds: 2 });
    const [a, b, c] = ['A', 'B', 'C'].map((t) => el(`<button>${t}</button>`));
    store.idFor(a!);
    store.idFor(b!);
    store.resolve(1); // A is now more recent than B
    store.idFor(c!);
    expect(store.size).toBe(2);
    expect(store.resolve(1).element).toBe(a);
    expect(() => store.resolve(2)).toThrow(/forgotten/);
  });

  it('explains unknown and malformed IDs', () => {
    const store = new ElementStore(defaults());
    expect(() => store.resolve(99)).toThrow(/There is no element 99/);
    expect(() => store.resolve(-1)).toThrow(LLMHelperError);
  });

  it('names a gone element as it was, with its row', () => {
    const store = new ElementStore(defaults());
    document.body.innerHTML =
      '<table><tr><td>Invoice 2024-03</td><td><button>Download</button></td></tr></table>';
    const id = store.idFor(document.querySelector('button')!);
    document.body.innerHTML = '';
    expect(() => store.resolve(id)).toThrow(
      `Element ${id} (button "Download" in row "Invoice 2024-03") is no longer on the page; run find again.`,
    );
  });

  it('fingerprints tag, role, name, stable attributes, position and context', () => {
    document.body.innerHTML =
      '<form aria-label="Login"><input name="a"><input name="user" data-testid="u" placeholder="User"></form>';
    const fp = fingerprint(document.querySelectorAll('input')[1]!);
    expect(fp).toMatchObject({
      tag: 'INPUT',
      role: 'textbox',
      name: 'User',
      index: 1,
      attrs: { name: 'user', 'data-testid': 'u' },
    });
    expect(fp.context).toEqual({ kind: 'form', label: 'Login' });
    expect(describeFingerprint(fp)).toBe('textbox "User" in form "Login"');
  });
});

describe('memory stays bounded', () => {
  it('60,000 IDs over a changing page keep the store within its cap (IDs and fingerprint buckets)', () => {
    const store = new ElementStore(defaults());
    document.body.innerHTML = '';
    for (let round = 0; round < 60; round++) {
      // A live dashboard: every round replaces the rows with new ones, each with its own text.
      const rows = Array.from({ length: 1000 }, (_, i) => `<p>Row ${round}-${i}</p>`).join('');
      document.body.innerHTML = rows;
      for (const p of Array.from(document.querySelectorAll('p'))) store.idFor(p);
    }
    const { ids, buckets } = store.counts;
    expect(ids).toBeLessThanOrEqual(5000);
    expect(buckets).toBeLessThanOrEqual(ids);
  }, 60_000);
});
