// Draws the board pictures in docs/ with the judge's own renderer, from the built judge:
//   npm run build && node scripts/docs-pictures.mjs
// docs/standard-1901.png: the standard map's opening position, as MAP draws it.
// docs/standard-fall-1901-results.png: the results picture of the Fall 1901 the render bench
// draws (bounces, supports, convoys, a dislodgement), as a results mail draws it.
import { writeFileSync } from 'node:fs';
import { standardFall1901 } from '../dist-bench/bench/render.js';
import { initialPosition } from '../dist-bench/src/engine/position.js';
import { readAnyMap } from '../dist-bench/src/map/catalog.js';
import { svgToPng } from '../dist-bench/src/render/board-png.js';
import { boardSvg } from '../dist-bench/src/render/board-svg.js';

const definition = readAnyMap('maps/standard.map');
const map = definition.base;

function draw(file, position, picture) {
  const svg = boardSvg(map, position, { subtitle: 'map standard', art: definition.art, ...picture });
  writeFileSync(file, svgToPng(svg));
  console.log(`drawn ${file}`);
}

draw('docs/standard-1901.png', initialPosition(map), { title: 'Game example: Spring 1901 Movement' });
const fall = standardFall1901(map);
draw('docs/standard-fall-1901-results.png', fall.position, { title: 'Game example after Fall 1901 Movement', orders: fall.outcomes });
