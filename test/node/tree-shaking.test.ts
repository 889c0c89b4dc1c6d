/**
 * An app's bundler keeps only what the app imports (dist/esm, one file per module, no side effects):
 * VERSION alone is a few bytes; provider brings the model layer without the page layer, the agent or
 * the panel. Built with Vite as bench/import-cost.mjs does (the bench reports the sizes).
 */
import { describe, expect, it } from 'vitest';
import { APPS, appSize } from '../../bench/import-cost.mjs';

describe('tree-shaking in a Vite app', () => {
  it('import { VERSION } keeps almost nothing', async () => {
    const { code, raw } = await appSize(APPS['import { VERSION }']!);
    expect(raw).toBeLessThan(200);
    expect(code).toMatch(/\d+\.\d+\.\d+/);
  });

  it('import { provider } keeps the model layer only', async () => {
    const { code } = await appSize(APPS['import { provider }']!);
    expect(code).toContain('api.openai.com'); // the presets
    expect(code).not.toContain('elementFromPoint'); // the page layer
    expect(code).not.toContain('llm-helper.panel.settings'); // the panel
    expect(code).not.toContain('ask_user'); // the agent
  });
});
