import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { initialPosition } from '../../src/engine/position.js';
import { GENERATED_BOARD, type BoardArt } from '../../src/map/board-art.js';
import { parseBoardCoordinates } from '../../src/map/board-coordinates.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { boardSvg } from '../../src/render/board-svg.js';
import { textBox } from '../../src/render/svg-text.js';
import { projectRoot } from '../game/support.js';
import { crowdedPositions, nameBoxes, namesOverlapping } from './board-geometry.js';

const standard = readAnyMap(join(projectRoot, 'maps', 'standard.map'));
const coordinatesFile = join(projectRoot, 'maps', 'standard.coords');
const coordinates = parseBoardCoordinates(readFileSync(coordinatesFile, 'utf8'), coordinatesFile).coordinates;
const drawings: { board: string; art: BoardArt }[] = [
  { board: 'drawn on maps/standard.svg', art: standard.art },
  { board: 'with maps/standard.coords', art: { kind: 'coordinates', coordinates } },
  { board: 'laid out from its adjacencies', art: GENERATED_BOARD },
];

describe.each(drawings)('the standard board $board', ({ art }) => {
  const pictures = [initialPosition(standard.base), ...crowdedPositions(standard.base)].map((position) =>
    boardSvg(standard.base, position, { title: 'Game alpha', art }),
  );

  it('draws no name over another, over a unit or over a supply center, even with a unit on every place', () => {
    expect(pictures.flatMap(namesOverlapping)).toEqual([]);
  });

  it('names every province and coast, at a legible size', () => {
    const names = nameBoxes(pictures[0]!);
    const provinces = new Set(standard.base.locations.map((location) => location.province));
    // On a drawing a fleet's place on its coast tells the coast: no tag is written.
    const tags = art.kind === 'drawing' ? [] : ['nc', 'sc', 'nc', 'sc', 'ec', 'sc'];
    expect(names.map((name) => name.what.slice('name '.length)).sort()).toEqual([...provinces, ...tags].sort());
    for (const name of names) expect(name.size, name.what).toBeGreaterThanOrEqual(8);
  });
});

describe('the space a name is given', () => {
  it('holds the glyphs as the PNG renderer draws them', () => {
    const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
    const texts = ['MAO', 'WWW', 'SWE', 'MOS', 'BUL', 'nc', 'sc', 'ec', 'STP', 'IJI', 'Mwm'];
    for (const [weight, size] of [
      ['bold', 10],
      ['normal', 8],
    ] as const) {
      for (const text of texts) {
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="100" y="40" text-anchor="middle" font-size="${size}" font-weight="${weight}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">${text}</text></svg>`;
        const drawn = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).getBBox();
        // No font on the machine draws nothing: there is nothing to compare then.
        if (drawn === undefined) continue;
        const given = textBox(text, 100, 40, size);
        expect(drawn.x, text).toBeGreaterThanOrEqual(given.left);
        expect(drawn.x + drawn.width, text).toBeLessThanOrEqual(given.right);
        expect(drawn.y, text).toBeGreaterThanOrEqual(given.top);
        expect(drawn.y + drawn.height, text).toBeLessThanOrEqual(given.bottom);
      }
    }
  });
});
