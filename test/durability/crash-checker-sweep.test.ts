import { crashTest } from './crash-test.js';
import { checkerSweep } from './scenarios.js';

crashTest(checkerSweep);
