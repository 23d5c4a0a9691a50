import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBoardCoordinates, parseBoardCoordinates } from '../../src/map/board-coordinates.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { formatDiagnostic } from '../../src/map/model.js';
import { projectRoot } from '../game/support.js';

const standardPath = join(projectRoot, 'maps', 'standard.map');

describe('a coordinates file', () => {
  it('places provinces and coasts, names where LABEL says, and ignores comments and case', () => {
    const { coordinates, diagnostics } = parseBoardCoordinates('# the west\nlon 12 30.5   # London\n\nSPA 4 -2 label 6 -9\nspa/nc 3.5 .5\n', 'x.coords');
    expect(diagnostics).toEqual([]);
    expect(coordinates.places.get('LON')).toEqual({ point: { x: 12, y: 30.5 }, label: null });
    expect(coordinates.places.get('SPA')).toEqual({ point: { x: 4, y: -2 }, label: { x: 6, y: -9 } });
    expect(coordinates.places.get('SPA/NC')).toEqual({ point: { x: 3.5, y: 0.5 }, label: null });
  });

  it('leaves out the lines it cannot read, and a place given twice keeps its first line, each with a warning', () => {
    const { coordinates, diagnostics } = parseBoardCoordinates('LON 1 2\nPAR 1\nBUR one 2\nMUN 1 2 NAME 3 4\nLON 5 6\nKIE 1 2 3\n', 'x.coords');
    expect([...coordinates.places.keys()]).toEqual(['LON']);
    expect(coordinates.places.get('LON')!.point).toEqual({ x: 1, y: 2 });
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      "x.coords:2: warning: cannot read 'PAR 1': write a place, its x and y, and optionally LABEL with the x and y of its name",
      "x.coords:3: warning: cannot read 'BUR one 2': write a place, its x and y, and optionally LABEL with the x and y of its name",
      "x.coords:4: warning: cannot read 'MUN 1 2 NAME 3 4': write a place, its x and y, and optionally LABEL with the x and y of its name",
      'x.coords:5: warning: LON is placed a second time; the first line for it counts',
      "x.coords:6: warning: cannot read 'KIE 1 2 3': write a place, its x and y, and optionally LABEL with the x and y of its name",
    ]);
  });
});

describe('the map loader', () => {
  it("finds maps/standard.coords beside the judge's standard map, which places every province and coast without a warning", () => {
    const definition = readAnyMap(standardPath);
    // The judge's own drawing, maps/standard.svg, is found first: the file is for a judge that reads coordinates only.
    expect(definition.art.kind).toBe('drawing');
    expect(definition.warnings).toEqual([]);
    const file = join(projectRoot, 'maps', 'standard.coords');
    const { coordinates, diagnostics } = parseBoardCoordinates(readFileSync(file, 'utf8'), file);
    expect([...diagnostics, ...checkBoardCoordinates(coordinates, definition.base)]).toEqual([]);
    for (const location of definition.base.locations) expect(coordinates.places.has(location.abbrev), location.abbrev).toBe(true);
  });

  it('takes the coordinates of the board a variant names with MAP, and warns of places the file names that the map lacks and of provinces it leaves out', () => {
    const folder = mkdtempSync(join(tmpdir(), 'judge-coords-'));
    copyFileSync(standardPath, join(folder, 'standard.map'));
    writeFileSync(join(folder, 'standard.coords'), 'LON 10 10\nPAR 20 60\nXYZ 5 5\n');
    writeFileSync(join(folder, 'lonely.map'), 'MAP standard\n');
    const variant = readAnyMap(join(folder, 'lonely.map'));
    const art = variant.art;
    expect(art.kind === 'coordinates' && art.coordinates.places.get('PAR')?.point).toEqual({ x: 20, y: 60 });
    const messages = variant.warnings.map((warning) => warning.message);
    expect(messages[0]).toBe('not places of the map lonely, left out of its picture: XYZ');
    expect(messages[1]).toMatch(/^no position for CLY EDI LVP YOR WAL NAO .*: the picture puts each beside its neighbours$/);
    expect(variant.ok).toBe(true);
  });

  it('has no coordinates for a map without a file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'judge-coords-'));
    copyFileSync(standardPath, join(folder, 'plain.map'));
    expect(readAnyMap(join(folder, 'plain.map')).art.kind).toBe('generated');
  });
});
