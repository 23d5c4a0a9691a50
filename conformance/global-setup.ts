import { useTestEnvironment } from '../test/support/environment.js';
import { missingCorpus } from './corpus.js';

/**
 * Global set-up: without the corpus the suite stops before any test with one line saying what it
 * needs, rather than a stack trace or a page of failed tests. Then the tests' environment, as
 * `npm test` has it (see test/support/environment.ts); returns its teardown.
 */
export default function setup(): () => void {
  const missing = missingCorpus();
  if (missing !== null) {
    process.stderr.write(`${missing}\n`);
    process.exit(1);
  }
  return useTestEnvironment();
}
