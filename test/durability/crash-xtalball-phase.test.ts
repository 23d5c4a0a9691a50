import { crashTest } from './crash-test.js';
import { crystalBallPhase } from './scenarios.js';

crashTest(crystalBallPhase);
