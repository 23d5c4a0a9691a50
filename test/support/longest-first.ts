import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest when last measured (`npm run test:slowest`), longest first. Vitest
 * starts the files it has timed longest first, so that the two test processes finish together; on a
 * run with no timings of its own (a fresh clone) it starts the largest files first, which put these
 * short files with long runs at the very end, one process working alone on them.
 */
const KNOWN_LONG = [
  'test/web/journey.test.ts',
  'test/durability/crash-master-process-mail.test.ts',
  'test/store/crash.test.ts',
  'test/checker/weeks.test.ts',
  'test/durability/crash-process-command.test.ts',
  'test/checker/grace.test.ts',
  'test/durability/crash-checker-sweep.test.ts',
  'test/mail/maildir.test.ts',
  'test/durability/crash-checker-late-notices.test.ts',
  'test/durability/crash-press-pipe.test.ts',
  'test/durability/crash-press-daemon.test.ts',
  'test/durability/write-faults.test.ts',
  'test/mail/pipe.test.ts',
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const path = (file: TestSpecification) => relative(this.ctx.config.root, file.moduleId);
    if (sorted.some((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`) !== undefined)) return sorted;
    const rank = (file: TestSpecification) => {
      const index = KNOWN_LONG.indexOf(path(file));
      return index === -1 ? KNOWN_LONG.length : index;
    };
    // A stable sort: the files not listed keep vitest's order after the listed ones.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
