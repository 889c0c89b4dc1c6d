import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', environment: 'jsdom', include: ['test/unit/**/*.test.ts'] },
      },
      {
        // Real Chromium through playwright-core, loading the built UMD bundle with a <script> tag.
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
