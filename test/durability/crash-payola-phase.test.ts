import { crashTest } from './crash-test.js';
import { payolaPhase } from './scenarios.js';

crashTest(payolaPhase);
