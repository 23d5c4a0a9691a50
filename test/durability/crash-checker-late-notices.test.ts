import { crashTest } from './crash-test.js';
import { checkerLateNotices } from './scenarios.js';

crashTest(checkerLateNotices);
