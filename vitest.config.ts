import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/longest-first.js';

/** `npm test`: everything the repository holds; the conformance suite has its own configuration. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The long crash-harness run is `npm run proof`.
    exclude: ['test/durability/proof.test.ts', 'node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default, a test process per core but one, leaves a 2-core machine half idle while
    // tests wait on child processes, Dovecot and the disk.
    maxWorkers: 2,
    // A test process loads the judge's modules once for all its files, not once per file: half the
    // CPU time of a run went to loading them. No test relies on a fresh module state; the one that
    // mocks a module loads its subjects afresh (test/status/cli-roundtrip.test.ts).
    isolate: false,
    // The longest files first, also on a run without vitest's own timings.
    sequence: { sequencer: LongestFirst },
  },
});
