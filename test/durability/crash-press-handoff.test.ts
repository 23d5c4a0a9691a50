import { crashTest } from './crash-test.js';
import { pressHandedOver } from './scenarios.js';

/** And once at a moment after the daemon's start line, while `judge mail` may be waiting on it. */
crashTest(pressHandedOver, { killsAfterMs: [60] });
