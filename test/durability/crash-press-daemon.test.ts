import { crashTest } from './crash-test.js';
import { pressDaemon } from './scenarios.js';

/**
 * The daemon dies in the middle of a stream of press: after the second of three mails is recorded
 * (its press queued, not yet sent), and once at a moment of the clock's choosing after it started.
 * `npm run proof` tries every durable write of the stream and many random moments.
 */
crashTest(pressDaemon, {
  select: (labels) => [labels.indexOf('mail recorded', labels.indexOf('mail recorded') + 1) + 1],
  killsAfterMs: [40],
});
