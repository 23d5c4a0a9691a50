import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { initialPosition } from '../../src/engine/position.js';
import type { BoardArt } from '../../src/map/board-art.js';
import { matchDrawing } from '../../src/map/drawings/drawing-match.js';
import { readJdipSvg } from '../../src/map/drawings/jdip-svg.js';
import { loadMapFile } from '../../src/map/load.js';
import { artLayout } from '../../src/render/art-layout.js';
import { boardSvg } from '../../src/render/board-svg.js';
import { svgToPng } from '../../src/render/board-png.js';
import { num } from '../../src/render/svg-text.js';
import { projectRoot } from '../game/support.js';
import { JDIP_SVG } from '../map/drawings/fixtures.js';
import { checkXml } from './xml-check.js';

const standard = loadMapFile(join(projectRoot, 'maps', 'standard.map'));
const art: BoardArt = { kind: 'drawing', drawing: matchDrawing(readJdipSvg(JDIP_SVG, 'corner.svg').drawing, standard).drawing };

describe('a board drawn on a drawing', () => {
  const layout = artLayout(standard, art);

  it('stands units, dislodged units and center marks where the drawing puts them', () => {
    expect(layout.spots.get('LON')!.x).toBeCloseTo(55, 6);
    expect(layout.spots.get('LON')!.y).toBeCloseTo(110, 6);
    expect(layout.centerSpots.get('LON')!.x).toBeCloseTo(66, 6);
    // The drawing's dislodged unit is under the unit: moved out along the same line until the two are told apart.
    const dislodged = layout.dislodgedSpots.get('LON')!;
    expect(Math.hypot(dislodged.x - 55, dislodged.y - 110)).toBeCloseTo(Math.hypot(12, 10), 6);
    expect(dislodged.x - 55).toBeCloseTo(dislodged.y - 110, 6);
  });

  it('puts a province the drawing leaves out beside its placed neighbours, and its fleets on its own coasts there', () => {
    const wales = layout.provinces.find((place) => place.province === 'WAL')!.point;
    expect(Math.hypot(wales.x - 55, wales.y - 110)).toBeLessThan(150);
    expect(layout.spots.get('STP/NC')).toEqual(layout.provinces.find((place) => place.province === 'STP')!.point);
  });

  it("is drawn on the drawing's ground, with no cell, adjacency line or coast mark of the judge's own, and rasterises", () => {
    const svg = boardSvg(standard, initialPosition(standard), { title: 'corner', art });
    expect(checkXml(svg).problems).toEqual([]);
    expect(svg).toContain(art.kind === 'drawing' ? art.drawing.ground : '');
    expect(svg).not.toMatch(/<polygon|stroke-opacity="0.4"|<circle[^>]* r="3"/);
    // London's fleet: its 18-pixel badge centred on the drawing's unit position.
    expect(svg).toContain(`<rect x="${num(55 - 9)}" y="${num(110 - 9)}" width="18" height="18"`);
    expect(svgToPng(svg).subarray(1, 4).toString()).toBe('PNG');
    // The drawing has its own colours: no swatch of the judge's sea and land in the legend.
    expect(svg).not.toMatch(/>(sea|land|impassable)</);
    expect(boardSvg(standard, initialPosition(standard), { title: 'laid out' })).toMatch(/>sea</);
  });

  it('keeps every name on the board, clear of the header', () => {
    for (const { label } of layout.provinces) {
      expect(label.box.left).toBeGreaterThanOrEqual(0);
      expect(label.box.top).toBeGreaterThanOrEqual(0);
      expect(label.box.right).toBeLessThanOrEqual(layout.width);
      expect(label.box.bottom).toBeLessThanOrEqual(layout.height);
    }
  });
});
