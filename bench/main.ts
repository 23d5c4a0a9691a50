import { benchChecker } from './checker.js';
import { benchEngine } from './engine.js';
import { benchMail } from './mail.js';
import { benchGame } from './game.js';
import { benchMaps } from './maps.js';
import { benchRender } from './render.js';
import { benchStartup } from './startup.js';
import { benchStatus } from './status.js';
import { printFigures } from './table.js';
import { benchWeb } from './web.js';

/** `npm run bench`: every speed and memory target of the judge, printed as numbers. */
benchStartup();
await benchMaps();
await benchRender();
await benchMail();
await benchStatus();
await benchEngine();
await benchChecker();
await benchGame();
await benchWeb();
printFigures();
