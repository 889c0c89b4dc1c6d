/**
 * The Prompt API's options checked before a session is made (src/llm/prompt-api.ts): every built-in
 * tool's schema, as the agent offers it (zod → JSON Schema), passes; anything the API would refuse is
 * a clear error naming the tool and what to fix; language tags are BCP 47 or a clear error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLLMHelper } from '../../src/helper';
import { offered } from '../../src/agent/offer';
import { checkLanguages, checkPromptTools } from '../../src/llm/prompt-api';
import type { ToolSpec } from '../../src/llm/types';
import type { PageTools } from '../../src/agent/page-tools';

const helper = createLLMHelper();

describe('checkPromptTools', () => {
  it('takes every tool the agent offers, in each preset (schemas from zod)', async () => {
    for (const preset of ['read', 'standard', 'full'] as const) {
      const { specs } = await offered({ helper: helper as unknown as PageTools, preset }, 'act');
      expect(() => checkPromptTools(specs)).not.toThrow();
    }
  });

  it('refuses, naming the tool and the fix, any tool the API would refuse; takes the rest (property)', () => {
    const good = fc.record({
      name: fc.stringMatching(/^[A-Za-z_][\w.-]{0,20}$/),
      description: fc.string(),
      parameters: fc.constant({ type: 'object', properties: { q: { type: 'string' } } } as Record<
        string,
        unknown
      >),
    });
    const bad = fc.oneof(
      good.map((t) => ({ ...t, parameters: { type: 'array' } })),
      good.map((t) => ({ ...t, parameters: { type: 'object', default: () => 1 } as never })),
      good.map((t) => ({ ...t, name: `${t.name} x` })),
      good.map((t) => ({ ...t, description: 42 as never })),
    );
    fc.assert(
      fc.property(fc.uniqueArray(good, { selector: (t) => t.name, maxLength: 5 }), bad, (tools, wrong) => {
        const fine = tools.filter((t) => t.name !== wrong.name.split(' ')[0]);
        expect(() => checkPromptTools(fine as ToolSpec[])).not.toThrow();
        expect(() => checkPromptTools([...fine, wrong] as ToolSpec[])).toThrow(
          new RegExp(
            `would refuse tool "${wrong.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": .*No session was made`,
          ),
        );
      }),
    );
  });

  it('refuses two tools of one name', () => {
    const t = { name: 'find', description: 'Find.', parameters: { type: 'object' } };
    expect(() => checkPromptTools([t, t])).toThrow(/another tool has the same name/);
  });
});

describe('checkLanguages', () => {
  it('takes BCP 47 tags, canonical; refuses anything else with what to give (property)', () => {
    expect(checkLanguages(['EN', 'ja', 'zh-hans'])).toEqual(['en', 'ja', 'zh-Hans']);
    fc.assert(
      fc.property(fc.constantFrom('en', 'es', 'ja', 'de-CH', 'pt-BR', 'zh-Hant'), (tag) => {
        expect(checkLanguages([tag])).toEqual([Intl.getCanonicalLocales(tag)[0]]);
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string().filter((s) => !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(s)),
          fc.integer(),
        ),
        (wrong) => {
          expect(() => checkLanguages(['en', wrong])).toThrow(/languages must be a list of language tags/);
        },
      ),
    );
    expect(() => checkLanguages([])).toThrow(/language tags such as \['en'\]/);
    expect(() => checkLanguages('en')).toThrow(/No session was made/);
  });
});
