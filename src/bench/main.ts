import { benchEngine } from './engine.js';
import { benchMaps } from './maps.js';
import { benchStatus } from './status.js';

/** `npm run bench`: every speed and memory target of the judge, printed as numbers. */
await benchMaps();
await benchStatus();
await benchEngine();
