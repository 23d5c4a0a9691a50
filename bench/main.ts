import { benchChecker } from './checker.js';
import { benchDrawings } from './drawings.js';
import { benchEngine } from './engine.js';
import { benchMail, benchPipeMode } from './mail.js';
import { benchMemory } from './memory.js';
import { benchGame } from './game.js';
import { benchMaps } from './maps.js';
import { benchRender } from './render.js';
import { benchStartup } from './startup.js';
import { benchStatus } from './status.js';
import { printFigures } from './table.js';
import { benchWeb } from './web.js';

/**
 * `npm run bench`: every speed and memory target of the judge, printed as numbers, then one table
 * of the figures against their targets. `npm run bench -- web engine` runs only those sections.
 */
const SECTIONS: Record<string, () => unknown> = {
  startup: benchStartup,
  maps: benchMaps,
  render: benchRender,
  drawings: benchDrawings,
  mail: benchMail,
  pipe: benchPipeMode,
  status: benchStatus,
  engine: benchEngine,
  checker: benchChecker,
  game: benchGame,
  web: benchWeb,
  memory: benchMemory,
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) throw new Error(`npm run bench: no section ${unknown.join(', ')}; the sections are ${Object.keys(SECTIONS).join(', ')}`);
for (const [name, run] of Object.entries(SECTIONS)) if (chosen.length === 0 || chosen.includes(name)) await run();
printFigures();
