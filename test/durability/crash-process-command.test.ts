import { crashTest } from './crash-test.js';
import { processCommand } from './scenarios.js';

crashTest(processCommand);
