/** Which calls the agent asks the person about, and the reason they read, in English and Chinese. */
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { classify, ruling } from '../../src/agent/safety';

// As the extension's build: its tabs tool is classified there (the page builds have no such tool).
vi.mock('../../src/target', () => ({ EXTENSION: true }));
import { createLLMHelper } from '../../src/helper';

let helper: ReturnType<typeof createLLMHelper>;
beforeEach(() => {
  document.body.innerHTML =
    '<button>Delete invoice 7</button><button>Rename</button><a href="https://elsewhere.example/x">Away</a>' +
    '<a href="/home">Home</a><a href="mailto:ann@example.com">Mail Ann</a>' +
    '<form action="https://collector.example/post"><input aria-label="Search box"><button>Go</button></form>' +
    '<form action="/save"><input aria-label="Name box"><button>Keep</button></form>' +
    '<label>Attachment <input type="file"></label>';
  helper = createLLMHelper();
});
const idOf = (text: string) => helper.find(text, { visible: false })[0]!.id;

describe('classify', () => {
  it('asks about a target whose text is about deleting, in the agent language', async () => {
    const en = await classify(helper, 'click', { id: idOf('Delete invoice') }, 'write');
    expect(en).toMatchObject({ risky: true, reason: 'click on "Delete invoice 7" (delete)' });
    const zh = await classify(helper, 'click', { id: idOf('Delete invoice') }, 'write', 'zh');
    expect(zh).toMatchObject({ risky: true, reason: '点击：“Delete invoice 7”' });
  });

  it('lets an ordinary target through, and never asks about reading', async () => {
    expect((await classify(helper, 'click', { id: idOf('Rename') }, 'write')).risky).toBe(false);
    expect((await classify(helper, 'find', { pattern: 'Delete' }, 'read')).risky).toBe(false);
  });

  it('asks about code, uploads and other sites, in both languages', async () => {
    expect((await classify(helper, 'runJS', { code: '1' }, 'danger', 'zh')).reason).toBe(
      'runJS 会在页面中运行代码',
    );
    const file = helper.find({ type: 'input[type=file]', visible: false })[0]!.id;
    // The person reads which files go into which field.
    expect(
      (await classify(helper, 'upload', { id: file, files: [{ name: 'q3-report.pdf' }] }, 'write')).reason,
    ).toBe(`upload "q3-report.pdf" into [${file}] button "Attachment" (file)`);
    expect(
      await classify(helper, 'navigate', { url: 'https://elsewhere.example/' }, 'write', 'zh'),
    ).toMatchObject({
      risky: true,
      reason: '打开另一个网站：https://elsewhere.example',
    });
    expect((await classify(helper, 'navigate', { url: '/settings' }, 'write')).risky).toBe(false);
    // The extension's tabs tool: opening another site asks, as navigate does; closing a tab asks too.
    expect(
      await classify(helper, 'tabs', { action: 'open', url: 'https://elsewhere.example/' }, 'write'),
    ).toMatchObject({
      risky: true,
      origin: 'https://elsewhere.example',
    });
    expect((await classify(helper, 'tabs', { action: 'switch', tab: 4 }, 'write')).risky).toBe(false);
    expect(await classify(helper, 'tabs', { action: 'close', tab: 4 }, 'write')).toMatchObject({
      risky: true,
      reason: 'tabs on "close tab 4" (close)',
    });
  });

  it('asks before a click on a link, or a form sent by a click, Enter or submit, that opens another site', async () => {
    const away = { risky: true, reason: 'opens another site, https://elsewhere.example' };
    expect(await classify(helper, 'click', { id: idOf('Away') }, 'write')).toMatchObject(away);
    expect(await classify(helper, 'dblclick', { id: idOf('Away') }, 'write')).toMatchObject(away);
    const form = {
      risky: true,
      reason: 'opens another site, https://collector.example',
      origin: 'https://collector.example',
    };
    expect(await classify(helper, 'click', { id: idOf('^Go$') }, 'write')).toMatchObject(form);
    expect(await classify(helper, 'press', { key: 'Enter', id: idOf('Search box') }, 'write')).toMatchObject(
      form,
    );
    expect(
      await classify(helper, 'type', { id: idOf('Search box'), text: 'x', submit: true }, 'write'),
    ).toMatchObject(form);
    // Clicking into the field, or typing without submitting, sends nothing; same-site forms and links,
    // and mailto:, open no other site.
    expect((await classify(helper, 'click', { id: idOf('Search box') }, 'write')).risky).toBe(false);
    expect((await classify(helper, 'type', { id: idOf('Search box'), text: 'x' }, 'write')).risky).toBe(
      false,
    );
    expect((await classify(helper, 'click', { id: idOf('Keep') }, 'write')).risky).toBe(false);
    expect((await classify(helper, 'press', { key: 'Enter', id: idOf('Name box') }, 'write')).risky).toBe(
      false,
    );
    expect((await classify(helper, 'click', { id: idOf('Home') }, 'write')).risky).toBe(false);
    expect((await classify(helper, 'click', { id: idOf('Mail Ann') }, 'write')).risky).toBe(false);
  });

  it('never throws, whatever the arguments (stale IDs, wrong types, odd URLs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('click', 'type', 'navigate', 'press', 'clickMenuItem', 'drag', 'upload'),
        fc.dictionary(fc.constantFrom('id', 'fromId', 'url', 'path', 'text'), fc.anything({ maxDepth: 1 })),
        fc.constantFrom('en' as const, 'zh' as const),
        async (name, args, lang) => {
          const r = await classify(helper, name, args, 'write', lang);
          expect(typeof r.reason).toBe('string');
          expect(r.risky || r.reason === '').toBe(true);
        },
      ),
    );
  });
});

describe('ruling', () => {
  it('deny wins over allow, by tool or by origin', () => {
    const rules = { allow: ['runJS', 'https://ok.example'], deny: ['runJS'] };
    expect(ruling(rules, 'runJS', {})?.verdict).toBe('deny');
    expect(ruling(rules, 'navigate', { url: 'https://ok.example/a' })?.verdict).toBe('allow');
    expect(ruling(rules, 'click', {})).toBeNull();
    // A link or form that opens another site is ruled by its origin, as navigate is.
    expect(ruling(rules, 'click', { id: 3 }, 'https://ok.example')?.verdict).toBe('allow');
    expect(
      ruling({ deny: ['https://bad.example'] }, 'click', { id: 3 }, 'https://bad.example')?.verdict,
    ).toBe('deny');
  });
});
