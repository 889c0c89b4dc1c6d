/** Memory stays bounded: a long run on a page that keeps replacing its rows holds at most maxIds IDs. */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const ctx = useBrowser();

describe('memory', () => {
  it('the heap stays flat while 60k IDs are issued for rows that come and go', async () => {
    // Each find is the console's, with its 150 ms: on a page clock ten times slower, a loaded machine's
    // find still lists all 1,000 rows (the check is of memory, not of speed).
    const page = await ctx.open('changes.html', { slowClock: 10 });
    const cdp = await page.context().newCDPSession(page);
    const heapMB = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      return usedSize / 2 ** 20;
    };
    // Each round replaces 1,000 rows with new ones and gives each an ID (find lists up to `limit`).
    const rounds = (n: number) =>
      page.evaluate((n) => {
        let issued = 0;
        window.LLMHelper.configure({ findBudget: 200_000 });
        const box = document.createElement('div');
        document.body.append(box);
        for (let r = 0; r < n; r++) {
          box.replaceChildren();
          for (let i = 0; i < 1000; i++) {
            const row = document.createElement('p');
            row.innerHTML = `<button>Row ${r}-${i}</button>`;
            box.append(row);
          }
          issued += window.LLMHelper.find(/Row \d+-\d+/, { limit: 1000 }).length;
        }
        box.remove();
        return issued;
      }, n);
    expect(await rounds(5)).toBe(5000);
    const before = await heapMB();
    expect(await rounds(55)).toBe(55_000);
    const after = await heapMB();
    // Before the fix the fingerprint index kept a bucket per element ever seen: +7.7 MB over these rounds.
    expect(after - before).toBeLessThan(2);
    await page.close();
  }, 120_000);
});
