import { defineConfig } from 'vitest/config';

// `npm run proof`: the long run of the crash harness (scripts/proof.mjs), outside `npm test`.
export default defineConfig({
  test: {
    include: ['test/durability/proof.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 24 * 3_600_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
