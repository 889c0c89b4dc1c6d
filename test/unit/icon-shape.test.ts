import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { iconShape } from '../../src/page/perceive/icon-shape';
import { nameOf } from '../../src/page/perceive/name';

afterEach(() => {
  document.body.innerHTML = '';
});

const svg = (inner: string, viewBox = '0 0 24 24'): Element => {
  document.body.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${inner}</svg>`;
  return document.querySelector('svg')!;
};

// Icons as the sets publish them.
const ICONS: Array<[string, string, string]> = [
  [
    'Feather plus',
    '<line x1="12" y1="5" x2="12" y2="19"></line><line x1="5" y1="12" x2="19" y2="12"></line>',
    'plus',
  ],
  ['Feather minus', '<line x1="5" y1="12" x2="19" y2="12"></line>', 'minus'],
  [
    'Feather x',
    '<line x1="18" y1="6" x2="6" y2="18"></line><line x1="6" y1="6" x2="18" y2="18"></line>',
    'close',
  ],
  ['Lucide plus', '<path d="M5 12h14"/><path d="M12 5v14"/>', 'plus'],
  ['Lucide x', '<path d="M18 6 6 18"/><path d="m6 6 12 12"/>', 'close'],
  ['Heroicons plus', '<path stroke-linecap="round" d="M12 4.5v15m7.5-7.5h-15" />', 'plus'],
  ['Heroicons x-mark', '<path d="M6 18 18 6M6 6l12 12" />', 'close'],
  [
    'Tabler plus, after its transparent square',
    '<path stroke="none" d="M0 0h24v24H0z" fill="none"/><path d="M12 5l0 14" /><path d="M5 12l14 0" />',
    'plus',
  ],
  ['Naive UI minus', '<line x1="400" y1="256" x2="112" y2="256"></line>', 'minus'],
  ['Naive UI plus', '<path d="M256 112V400M400 256H112" stroke-width="32"></path>', 'plus'],
  [
    'TDesign close',
    '<g id="close"><path d="M16.9503 7.05029L12.0005 12M12.0005 12L7.05078 16.9498M12.0005 12L16.9503 16.9498M12.0005 12L7.05078 7.05029"></path></g>',
    'close',
  ],
  // What they must not be taken for.
  ['Feather chevron-left', '<polyline points="15 18 9 12 15 6"></polyline>', ''],
  ['Feather check', '<polyline points="20 6 9 17 4 12"></polyline>', ''],
  [
    'Feather menu',
    '<line x1="3" y1="12" x2="21" y2="12"></line><line x1="3" y1="6" x2="21" y2="6"></line><line x1="3" y1="18" x2="21" y2="18"></line>',
    '',
  ],
  [
    'Feather arrow-right',
    '<line x1="5" y1="12" x2="19" y2="12"></line><polyline points="12 5 19 12 12 19"></polyline>',
    '',
  ],
  ['a filled triangle (Arco caret)', '<path d="M23 13L38 30H10Z" fill="currentColor"></path>', ''],
  ['a circle', '<circle cx="12" cy="12" r="10"></circle>', ''],
  ['a curve', '<path d="M4 12c4-8 12-8 16 0"></path>', ''],
  ['a corner (┘)', '<path d="M19 5V19H5"></path>', ''],
];

describe('iconShape', () => {
  it.each(ICONS)('%s', (_name, inner, shape) => {
    expect(iconShape(svg(inner))).toBe(shape);
  });

  it("names an icon-only button with no name, title or telling class by what it draws (Naive UI's input-number)", () => {
    document.body.innerHTML = `
      <button id="down" class="n-button n-button--default-type"><span class="n-button__icon"><i class="n-base-icon"><svg viewBox="0 0 512 512"><line x1="400" y1="256" x2="112" y2="256"></line></svg></i></span></button>
      <button id="up" class="n-button n-button--default-type"><span class="n-button__icon"><i class="n-base-icon"><svg viewBox="0 0 512 512"><path d="M256 112V400M400 256H112"></path></svg></i></span></button>`;
    expect(nameOf(document.querySelector('#down')!)).toBe('minus');
    expect(nameOf(document.querySelector('#up')!)).toBe('plus');
  });

  it('never throws, and says plus, minus, close or nothing, for any path or points', () => {
    const path = fc.array(
      fc.oneof(
        fc.constantFrom('M', 'L', 'H', 'V', 'm', 'l', 'h', 'v', 'Z', 'C', 'A', ' ', ',', '-', '.', 'e'),
        fc.double({ noNaN: false }).map(String),
      ),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(path, fc.string(), (d, points) => {
        const shape = iconShape(
          svg(
            `<path d="${d.join('').replace(/"/g, '')}"></path><polyline points="${points.replace(/["<>&]/g, '')}"></polyline>`,
          ),
        );
        expect(['plus', 'minus', 'close', '']).toContain(shape);
      }),
      { numRuns: 300 },
    );
  });
});
