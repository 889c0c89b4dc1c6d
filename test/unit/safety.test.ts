/** Which calls the agent asks the person about, and the reason they read, in English and Chinese. */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { classify, ruling } from '../../src/agent/safety';
import { createLLMHelper } from '../../src/helper';

let helper: ReturnType<typeof createLLMHelper>;
beforeEach(() => {
  document.body.innerHTML =
    '<button>Delete invoice 7</button><button>Rename</button><a href="https://elsewhere.example/x">Away</a>';
  helper = createLLMHelper();
});
const idOf = (text: string) => helper.find(text, { visible: false })[0]!.id;

describe('classify', () => {
  it('asks about a target whose text is about deleting, in the agent language', () => {
    const en = classify(helper, 'click', { id: idOf('Delete invoice') }, 'write');
    expect(en).toMatchObject({ risky: true, reason: 'click on "Delete invoice 7" (delete)' });
    const zh = classify(helper, 'click', { id: idOf('Delete invoice') }, 'write', 'zh');
    expect(zh).toMatchObject({ risky: true, reason: 'click：“Delete invoice 7”（delete）' });
  });

  it('lets an ordinary target through, and never asks about reading', () => {
    expect(classify(helper, 'click', { id: idOf('Rename') }, 'write').risky).toBe(false);
    expect(classify(helper, 'find', { pattern: 'Delete' }, 'read').risky).toBe(false);
  });

  it('asks about code, uploads and other sites, in both languages', () => {
    expect(classify(helper, 'runJS', { code: '1' }, 'danger', 'zh').reason).toBe('runJS 会在页面中运行代码');
    expect(classify(helper, 'upload', { id: 1 }, 'write').reason).toBe('uploads files to the page');
    expect(classify(helper, 'navigate', { url: 'https://elsewhere.example/' }, 'write', 'zh')).toMatchObject({
      risky: true,
      reason: '打开另一个网站：https://elsewhere.example',
    });
    expect(classify(helper, 'navigate', { url: '/settings' }, 'write').risky).toBe(false);
  });

  it('never throws, whatever the arguments (stale IDs, wrong types, odd URLs)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('click', 'type', 'navigate', 'press', 'clickMenuItem', 'drag', 'upload'),
        fc.dictionary(fc.constantFrom('id', 'fromId', 'url', 'path', 'text'), fc.anything({ maxDepth: 1 })),
        fc.constantFrom('en' as const, 'zh' as const),
        (name, args, lang) => {
          const r = classify(helper, name, args, 'write', lang);
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
  });
});
