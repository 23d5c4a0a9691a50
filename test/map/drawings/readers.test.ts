import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DrawingReadError } from '../../../src/map/board-art.js';
import { formatDiagnostic } from '../../../src/map/model.js';
import { readPostScriptPlaces } from '../../../src/map/drawings/dpjudge-ps.js';
import { applyMatrix, convertedGround } from '../../../src/map/drawings/ghostscript.js';
import { readJdipSvg } from '../../../src/map/drawings/jdip-svg.js';
import { checkXml } from '../../render/xml-check.js';
import { DPJUDGE_PS, JDIP_SVG } from './fixtures.js';

function expectNear(point: { x: number; y: number } | null | undefined, x: number, y: number): void {
  expect(point!.x).toBeCloseTo(x, 6);
  expect(point!.y).toBeCloseTo(y, 6);
}

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof DrawingReadError) return error.message;
    throw error;
  }
  throw new Error('read without complaint');
}

describe('a jDip SVG map', () => {
  const { drawing, diagnostics } = readJdipSvg(JDIP_SVG, 'corner.svg');

  it('places each province at its unit and dislodged-unit positions, scaled so that an army symbol is 22 pixels', () => {
    expect(drawing.kind).toBe('jdip');
    expect([drawing.width, drawing.height]).toEqual([550, 440]);
    const london = drawing.places.get('LON')!;
    expectNear(london.unit, 55, 110);
    expectNear(london.dislodged, 49.5, 104.5);
    expectNear(london.center, 66, 121);
    // The label's baseline at 100,240 (its group moved down 10), centred, 20 pixels high.
    expectNear(london.label, 55, (240 - 0.35 * 20) * 0.55);
    expectNear(drawing.places.get('ENGLISH CHANNEL')!.unit, 110, 154);
    expect(drawing.places.get('NTH')!.label).toBeNull();
  });

  it('warns of a province it cannot place, with its line, and of what refers outside the drawing', () => {
    expect(drawing.places.has('WAL')).toBe(false);
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      'corner.svg:21: warning: a jdipNS:PROVINCE without a jdipNS:UNIT with x and y: left out',
      'corner.svg:39: warning: <image> refers outside the drawing (http://example.org/sea.png): left out',
    ]);
  });

  it('keeps its MapLayer as the ground, with the style rules written in, ids prefixed, the pattern it uses, and no script', () => {
    expect(checkXml(drawing.ground).problems).toEqual([]);
    expect(drawing.ground).toMatch(/^<svg x="0" y="0" width="550" height="440" viewBox="0 0 1000 800" preserveAspectRatio="none"/);
    expect(drawing.ground).toContain('<rect x="0" y="0" width="1000" height="800" style="fill:#c5dfea;stroke:#000000;stroke-width:1"/>');
    expect(drawing.ground).toContain('<path id="art-lon" d="M 50 150 L 150 150 L 150 250 L 50 250 z" style="fill:url(#art-sand);stroke:black"/>');
    expect(drawing.ground).toContain('<pattern id="art-sand"');
    expect(drawing.ground).not.toMatch(/script|onclick|class=|example\.org|art-Army|font-family/);
  });

  it('is refused, naming the file and line, when it is no jDip map or no XML', () => {
    expect(refusal(() => readJdipSvg(JDIP_SVG.replace(/<jdipNS:PROVINCE_DATA>[\s\S]*<\/jdipNS:PROVINCE_DATA>/, ''), 'plain.svg'))).toBe(
      'plain.svg:3: no jdipNS:PROVINCE_DATA: not a jDip map (it gives no unit positions)',
    );
    expect(refusal(() => readJdipSvg('<svg>\n<g>\n</svg>\n', 'broken.svg'))).toMatch(/^broken\.svg:3: not well-formed XML: /);
    expect(refusal(() => readJdipSvg('<html/>', 'page.svg'))).toBe('page.svg:1: its root element is <html>, not <svg>: not an SVG drawing');
  });
});

describe('a DPjudge map drawing', () => {
  it("reads each place's unit point from the INFO block, its supply center from VisitSupplies and its name's place from VisitTerritories, warning of a line it cannot read", () => {
    const places = readPostScriptPlaces(DPJUDGE_PS, 'corner.ps');
    expect(places.units).toEqual(
      new Map([
        ['LON', { x: 150, y: 150 }],
        ['NTH', { x: 250, y: 150 }],
      ]),
    );
    expect(places.centers).toEqual(new Map([['LON', { x: 160, y: 140 }]]));
    // DPjudge writes a name at half size, its baseline 7 points under the place's point.
    expect(places.labels).toEqual(
      new Map([
        ['LON', { x: 150, y: 145.5 }],
        ['NTH', { x: 250, y: 145.5 }],
      ]),
    );
    expect(places.diagnostics.map(formatDiagnostic)).toEqual([
      "corner.ps:6: warning: cannot read '%  oops': an INFO line is %, x, y, the place's abbreviation and its name",
    ]);
  });

  it("stands mapit's units UnitOffset above their point", () => {
    const places = readPostScriptPlaces(DPJUDGE_PS.replace('/DrawArmy', '/UnitOffset 40 def\n/DrawArmy'), 'mapit.ps');
    expect(places.units.get('LON')).toEqual({ x: 150, y: 190 });
  });

  it('is refused, naming the file and line, when it is not a DPjudge map drawing', () => {
    expect(refusal(() => readPostScriptPlaces('<svg/>', 'x.ps'))).toBe('x.ps:1: it does not begin with %!PS: not a PostScript file');
    expect(refusal(() => readPostScriptPlaces('%!PS\n/DrawMap { } def\n', 'x.ps'))).toBe(
      'x.ps:1: no "% INFO" block: not a DPjudge map drawing (it says where no place is)',
    );
    expect(refusal(() => readPostScriptPlaces(DPJUDGE_PS.replace('/DrawMap', '/DrawBoard'), 'x.ps'))).toBe(
      'x.ps:1: no DrawMap procedure: not a DPjudge map drawing (it has no board to draw)',
    );
    expect(refusal(() => readPostScriptPlaces('%!PS\n% INFO\n% MAP\n/DrawMap { } def\n', 'x.ps'))).toBe(
      'x.ps:2: its "% INFO" block places nothing: not a DPjudge map drawing',
    );
  });

  it('has its ground drawn upright by Ghostscript, once, with the transform from its coordinates to the picture', () => {
    const folder = mkdtempSync(join(tmpdir(), 'judge-ps-'));
    const path = join(folder, 'corner.ps');
    writeFileSync(path, DPJUDGE_PS);
    const ground = convertedGround(path, DPJUDGE_PS, 'corner.ps', 'letter', join(folder, 'cache'))!;
    // The sea, 200 by 100 in the drawing's coordinates at half a point each: 1.8 pixels a point.
    expect([ground.width, ground.height]).toEqual([180, 90]);
    // The letter page drawn at 3.6 pixels a point, turned a quarter and moved so that the board's corner is at 0,0.
    expect(ground.markup).toMatch(
      /^<svg x="0" y="0" width="180" height="90" viewBox="0 0 180 90" [^>]*><image width="2203" height="2851" transform="matrix\(0 0\.5 -0\.5 0 1335\.5 -921\.6\)" xlink:href="data:image\/png;base64,iVBORw0KGgo/,
    );
    // The drawing's y grows upwards: its top left corner is the picture's 0,0.
    expectNear(applyMatrix(ground.transform, { x: 100, y: 200 }), 0, 0);
    expectNear(applyMatrix(ground.transform, { x: 150, y: 150 }), 45, 45);
    // Kept by its content: a second reading, even of another file with the same text, converts nothing.
    const again = join(folder, 'again.ps');
    writeFileSync(again, '%!PS\nthis file is never read\n');
    expect(convertedGround(again, DPJUDGE_PS, 'again.ps', 'letter', join(folder, 'cache'))).toBe(ground);
  });

  it('is refused when Ghostscript cannot draw it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'judge-ps-'));
    const text = DPJUDGE_PS.replace('100 100 200 100 rectfill', 'undefinedoperator');
    writeFileSync(join(folder, 'bad.ps'), text);
    expect(refusal(() => convertedGround(join(folder, 'bad.ps'), text, 'bad.ps', 'letter', null))).toMatch(
      /^bad\.ps:1: Ghostscript could not draw it \(Error: \/undefined in undefinedoperator\): not a DPjudge map drawing$/,
    );
  });
});
