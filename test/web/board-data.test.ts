import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readAnyMap } from '../../src/map/catalog.js';
import { boardSvg, HEADER_HEIGHT } from '../../src/render/board-svg.js';
import { GENERATED_BOARD } from '../../src/map/board-art.js';
import { initialPosition } from '../../src/engine/position.js';
import { boardPlaces } from '../../src/render/board-places.js';
import { scriptSafeJson } from '../../src/web/board-data.js';
import { projectRoot } from '../game/support.js';

const standard = readAnyMap(join(projectRoot, 'maps', 'standard.map'));

describe("the clickable board's data", () => {
  it('cannot end the script element it is written into, and reads back as the same value', () => {
    const value = { text: '</script><script>alert(1)</script><!-- & \u2028' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('puts each place, coasts too, where the board picture draws a unit on it, with its full name', () => {
    const places = boardPlaces(standard.base, standard.art);
    expect(Object.keys(places)).toHaveLength(standard.base.locations.length);
    expect(places['SPA/SC']!.name).toBe('Spain (south coast)');
    // The picture of the opening position draws A PAR's badge around the spot given for PAR.
    const svg = boardSvg(standard.base, initialPosition(standard.base), { title: 'start', art: standard.art });
    const badge = /<title>A PAR \(France\)<\/title><rect x="([\d.]+)" y="([\d.]+)" width="(\d+)"/.exec(svg)!;
    const [x, y, size] = [Number(badge[1]), Number(badge[2]), Number(badge[3])];
    const [spotX, spotY] = places.PAR!.at;
    expect(Math.abs(spotX - (x + size / 2))).toBeLessThan(0.2);
    // The badge is drawn inside the board's group, which sits under the heading.
    expect(Math.abs(spotY - (y + size / 2) - HEADER_HEIGHT)).toBeLessThan(0.2);
  });

  it("names each province's outline in the board picture the way the clickable board finds it: a drawing's art-<place> areas, a laid-out board's titled cells", () => {
    const provinces = standard.base.locations.filter((location) => location.coast === null).map((location) => location.abbrev);
    const drawn = boardSvg(standard.base, initialPosition(standard.base), { title: 'drawing', art: standard.art });
    const areas = new Set([...drawn.matchAll(/<path id="art-([a-z_]+)"/g)].map((match) => match[1]!.toUpperCase()));
    expect(provinces.filter((province) => !areas.has(province))).toEqual([]);
    const laidOut = boardSvg(standard.base, initialPosition(standard.base), { title: 'laid out', art: GENERATED_BOARD });
    const cells = new Set([...laidOut.matchAll(/<polygon [^>]*><title>[^<]* \(([A-Z]+)\)<\/title>/g)].map((match) => match[1]!));
    expect(provinces.filter((province) => !cells.has(province))).toEqual([]);
  });
});
