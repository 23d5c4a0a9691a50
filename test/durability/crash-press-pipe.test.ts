import { crashTest } from './crash-test.js';
import { pressPipe } from './scenarios.js';

crashTest(pressPipe);
