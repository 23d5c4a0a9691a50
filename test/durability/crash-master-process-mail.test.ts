import { crashTest } from './crash-test.js';
import { masterProcessMail } from './scenarios.js';

crashTest(masterProcessMail);
