// The full UMD bundle's ceiling, gzipped (gzip -9): 144 KiB, re-decided 2026-12-02 in #74. What the host
// page pays is what counts: its main-thread time at load at or under 0.8× page-agent's (bench/load-cost.mjs).
// Read by the bench (bundle-rooms.mjs) and by test/unit/bundle.test.ts.
export const CEILING = 147_456;
