import { crashTest } from './crash-test.js';
import { pressHandedOver } from './scenarios.js';

crashTest(pressHandedOver);
