import { defineConfig } from 'vitest/config';

/** `npm run test:conformance`: the judge against external material (JUDGE_CORPUS, default ../shared). */
export default defineConfig({
  test: {
    include: ['conformance/**/*.test.ts'],
    globalSetup: ['conformance/global-setup.ts'],
    testTimeout: 180_000,
    pool: 'forks',
    // The three corpus folders' games are files of their own, to be played side by side.
    maxWorkers: 2,
  },
});
