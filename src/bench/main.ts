import { benchMaps } from './maps.js';

/** `npm run bench`: every speed and memory target of the judge, printed as numbers. */
await benchMaps();
