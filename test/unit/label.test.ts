import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { adjacentLabel } from '../../src/page/perceive/label-beside';
import { iconName } from '../../src/page/perceive/icon-name';
import { nameOf } from '../../src/page/perceive/name';
import { onlyProposed, roleOf } from '../../src/page/perceive/role';
import { textOf } from '../../src/page/perceive/text-of';
import { containsDeep, docOrder } from '../../src/page/dom/walk';

afterEach(() => {
  document.body.innerHTML = '';
});

const $ = (sel: string) => document.querySelector(sel)!;

describe('textOf', () => {
  it('separates adjacent buttons and blocks, joins inline runs', () => {
    document.body.innerHTML =
      '<div id="d"><p>Sure<b>ly</b> not</p><button>Cancel</button><button>Delete</button></div>';
    expect(textOf($('#d'))).toBe('Surely not Cancel Delete');
  });

  it("ends a word after a block too (a visually hidden status before a tab's text)", () => {
    document.body.innerHTML =
      '<div id="t" role="tab"><div aria-live="polite">Tab 2 of 2</div>Documents</div>';
    expect(textOf($('#t'))).toBe('Tab 2 of 2 Documents');
  });
});

describe('textOf budget', () => {
  it('white space and empty wrappers, however many, do not use up a name (Material Web cut option names to nothing)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('\n      ', ' ', '<span></span>', '<div> </div>', '<!-- lit -->'), {
          maxLength: 300,
          size: 'max',
        }),
        fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,30}[A-Za-z]$/),
        (filler, word) => {
          document.body.innerHTML = `<li role="option">${filler.join('')}<div>${word}</div></li>`;
          const name = word.replace(/ +/g, ' ');
          expect(textOf($('li'), 60)).toBe(name);
          expect(nameOf($('li'))).toBe(name);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('docOrder across shadow trees', () => {
  it('sorts what is in shadow trees where their hosts are, a host before its own shadow tree', () => {
    document.body.innerHTML = '<input id="a"><x-field id="host"></x-field><input id="b">';
    const host = $('#host');
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<input id="s1"><x-inner id="inner"></x-inner><input id="s3">';
    const inner = shadow.getElementById('inner')!;
    inner.attachShadow({ mode: 'open' }).innerHTML = '<input id="s2">';
    const order = [
      $('#a'),
      host,
      shadow.getElementById('s1')!,
      inner,
      inner.shadowRoot!.getElementById('s2')!,
      shadow.getElementById('s3')!,
      $('#b'),
    ];
    fc.assert(
      fc.property(fc.shuffledSubarray(order, { minLength: order.length }), (shuffled) => {
        expect([...shuffled].sort(docOrder)).toEqual(order);
      }),
      { numRuns: 50 },
    );
  });
});

describe('a button holding its menu', () => {
  it("is named without the menu's items, but a span whose class is menu is still its text", () => {
    document.body.innerHTML =
      '<div id="a" class="ui dropdown button" tabindex="0">Actions<div class="menu" style="position: absolute"><div class="item">Archive</div></div></div>' +
      '<button id="b"><span class="menu">Menu</span></button>' +
      '<button id="c">More<ul role="menu"><li role="menuitem">Export</li></ul></button>';
    expect([nameOf($('#a')), nameOf($('#b')), nameOf($('#c'))]).toEqual(['Actions', 'Menu', 'More']);
  });
});

describe('custom elements whose control is in their shadow tree', () => {
  it('are not listed beside that control; one holding only an image or text still is', () => {
    document.body.innerHTML =
      '<x-menu-item id="m" tabindex="0"></x-menu-item><x-card id="c" tabindex="0"></x-card><x-tag id="t" tabindex="0"></x-tag>';
    $('#m').attachShadow({ mode: 'open' }).innerHTML = '<li role="menuitem"><slot></slot></li>';
    $('#c').attachShadow({ mode: 'open' }).innerHTML =
      '<span role="img" aria-label="star"></span><slot></slot>';
    $('#t').attachShadow({ mode: 'open' }).innerHTML = '<span>New</span>';
    expect(['#m', '#c', '#t'].map((s) => onlyProposed($(s)))).toEqual([true, false, false]);
  });
});

describe('containsDeep', () => {
  it('follows a slotted child through its slot, and a form whose control is named assignedSlot cannot loop it', () => {
    document.body.innerHTML =
      '<x-item id="host"><b id="text">Team</b></x-item><form id="f"><input name="assignedSlot" id="i"></form>';
    const shadow = $('#host').attachShadow({ mode: 'open' });
    shadow.innerHTML = '<li id="li"><span><slot></slot></span></li>';
    expect(containsDeep(shadow.getElementById('li')!, $('#text'))).toBe(true);
    expect(containsDeep($('#f'), $('#i'))).toBe(true);
    expect(containsDeep($('#host'), $('#i'))).toBe(false);
  });
});

describe('roleOf and nameOf', () => {
  it('derives implicit roles', () => {
    document.body.innerHTML =
      '<a href="/x">x</a><a>y</a><input type="checkbox"><select></select><select multiple></select>';
    expect(roleOf($('a[href]'))).toBe('link');
    expect(roleOf($('a:not([href])'))).toBe('');
    expect(roleOf($('input'))).toBe('checkbox');
    expect(roleOf($('select'))).toBe('combobox');
    expect(roleOf($('select[multiple]'))).toBe('listbox');
  });

  it('leaves out a state written at the end of a name, so the name stays the same whichever it is', () => {
    document.body.innerHTML = `
      <input id="a" type="checkbox" aria-label="Toggle row selection (Unchecked)">
      <input id="b" type="checkbox" aria-label="Toggle row selection (checked)" checked>
      <button id="c">Show (checked) items only</button>`;
    expect(nameOf($('#a'))).toBe('Toggle row selection');
    expect(nameOf($('#b'))).toBe('Toggle row selection');
    expect(nameOf($('#c'))).toBe('Show (checked) items only');
  });

  it("names a popup labelled only by a symbol after the field that controls it, not a word's popup", () => {
    document.body.innerHTML = `
      <label for="f">Assignee</label><input id="f" role="combobox" aria-controls="lb">
      <button id="b">▾</button><div id="lb" role="listbox" aria-labelledby="b"></div>
      <button id="m-b">Options ▾</button><div id="m" role="menu" aria-labelledby="m-b"></div>
      <button id="alone">▾</button><div id="lone" role="listbox" aria-labelledby="alone"></div>`;
    expect(nameOf($('#lb'))).toBe('Assignee');
    expect(nameOf($('#m'))).toBe('Options ▾');
    // Nothing controls it: the symbol is all there is.
    expect(nameOf($('#lone'))).toBe('▾');
  });

  it('takes a close box with no role for a button, not what merely says closed or sits in a button', () => {
    document.body.innerHTML = `
      <div class="t-dialog__header"><span id="td" class="t-dialog__close"><svg class="t-icon t-icon-close"></svg></span></div>
      <div class="modal"><span id="x" class="close">&times;</span></div>
      <button id="eb" class="el-dialog__headerbtn"><i id="ei" class="el-icon el-icon-close"></i></button>
      <div id="closed" class="panel is-closed">Shipping</div>
      <span id="long" class="tag-close">Remove this filter</span>
      <div id="wrap" class="modal-close"><button>×</button></div>`;
    expect(roleOf($('#td'))).toBe('button');
    expect(nameOf($('#td'))).toMatch(/close/);
    expect(roleOf($('#x'))).toBe('button');
    expect(roleOf($('#ei'))).toBe('');
    for (const id of ['#closed', '#long', '#wrap']) expect(roleOf($(id))).toBe('');
  });

  it('leaves display: none text out of a name, not visually hidden text', () => {
    document.body.innerHTML = `
      <div id="h" role="columnheader">Total <span style="display: none">1</span></div>
      <button id="b"><span style="position: absolute; clip: rect(0 0 0 0)">Delete</span> ✕</button>`;
    expect(nameOf($('#h'))).toBe('Total');
    expect(nameOf($('#b'))).toBe('Delete ✕');
    // Long text (what find reads) is not a name: it keeps everything.
    expect(textOf($('#h'))).toBe('Total 1');
  });

  it("names a button by its <label for> before its content (Ant Design's switch)", () => {
    document.body.innerHTML =
      '<label for="n">Notifications</label><button id="n" role="switch"><span></span></button><button id="m">Go</button>';
    expect(nameOf($('#n'))).toBe('Notifications');
    expect(nameOf($('#m'))).toBe('Go');
  });

  it("names an icon-only button by its icon component's label (Ant Design's role=img, MUI's data-testid)", () => {
    document.body.innerHTML = `
      <span id="a" role="button"><span role="img" aria-label="filter" class="anticon"><svg></svg></span></span>
      <button id="b"><svg class="MuiSvgIcon-root" data-testid="DeleteOutlinedIcon"></svg></button>
      <button id="c"><svg data-testid="ArrowDropDownIcon"></svg></button>`;
    expect(nameOf($('#a'))).toBe('filter');
    expect(nameOf($('#b'))).toBe('delete');
    expect(nameOf($('#c'))).toBe('arrow drop down');
  });

  it('follows aria-labelledby, aria-label, labels, then placeholder', () => {
    document.body.innerHTML = `
      <span id="l1">From</span><span id="l2">date</span><input id="a" aria-labelledby="l1 l2">
      <input id="b" aria-label="Quick search">
      <label for="c">Email</label><input id="c" placeholder="you@example.com">
      <input id="d" placeholder="Zip code">
      <input id="e" type="submit" value="Send it">`;
    expect(nameOf($('#a'))).toBe('From date');
    expect(nameOf($('#b'))).toBe('Quick search');
    expect(nameOf($('#c'))).toBe('Email');
    expect(nameOf($('#d'))).toBe('Zip code');
    expect(nameOf($('#e'))).toBe('Send it');
  });

  it('names an unattached field from the label text beside it', () => {
    document.body.innerHTML = `
      <table><tr><td>Customer:</td><td><input id="a"></td></tr></table>
      <div><div>Amount *</div><div><input id="b"></div></div>`;
    expect(adjacentLabel($('#a'))).toBe('Customer');
    expect(nameOf($('#b'))).toBe('Amount');
  });

  it('gives nameless icon buttons a handle from svg title, image file name or class', () => {
    document.body.innerHTML = `
      <button id="a"><svg><title>Close</title></svg></button>
      <button id="b"><img src="/icons/download-icon.png"></button>
      <button id="c" class="btn btn-icon icon-trash"></button>
      <button id="d"><i class="fa fa-pencil"></i></button>`;
    expect(iconName($('#a'))).toBe('Close');
    expect(nameOf($('#b'))).toBe('download');
    expect(nameOf($('#c'))).toBe('trash');
    expect(nameOf($('#d'))).toBe('pencil');
  });
});
