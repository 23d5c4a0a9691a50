import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAnyMap } from '../../../src/map/catalog.js';
import { formatDiagnostic } from '../../../src/map/model.js';
import { projectRoot } from '../../game/support.js';
import { DPJUDGE_PS, JDIP_SVG } from './fixtures.js';

/** A maps folder with the judge's standard map and the files given beside it. */
function mapsFolder(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'judge-art-'));
  copyFileSync(join(projectRoot, 'maps', 'standard.map'), join(folder, 'standard.map'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

function messages(folder: string, map = 'standard.map'): { kind: string; warnings: string[] } {
  const definition = readAnyMap(join(folder, map), { searchPath: [folder] });
  const art = definition.art;
  return { kind: art.kind === 'drawing' ? art.drawing.kind : art.kind, warnings: definition.warnings.map(formatDiagnostic) };
}

describe("a map's board art", () => {
  it("is its jDip SVG map, with places named by the map's full names matched, and the rest said", () => {
    const folder = mapsFolder({ 'standard.svg': JDIP_SVG, 'standard.coords': 'LON 1 1\n' });
    const definition = readAnyMap(join(folder, 'standard.map'));
    const art = definition.art;
    if (art.kind !== 'drawing') throw new Error(`drawn from ${art.kind}`);
    expect([...art.drawing.places.keys()].sort()).toEqual(['ENG', 'LON', 'NTH']);
    const warnings = definition.warnings.map((warning) => warning.message);
    expect(warnings).toContain('not places of the map standard, left out of its picture: ATL');
    expect(warnings.at(-1)).toMatch(/^no position for .*\bWAL\b.*: the picture puts each beside its neighbours$/);
    expect(definition.ok).toBe(true);
  });

  it('is the DPjudge drawing first of all, then the jDip map, then the coordinates file', () => {
    expect(messages(mapsFolder({ 'standard.ps': DPJUDGE_PS, 'standard.svg': JDIP_SVG, 'standard.coords': 'LON 1 1\n' })).kind).toBe('postscript');
    expect(messages(mapsFolder({ 'standard.coords': 'LON 1 1\n' })).kind).toBe('coordinates');
    expect(messages(mapsFolder({})).kind).toBe('generated');
  });

  it('is the drawing of the board a variant names with MAP', () => {
    const folder = mapsFolder({ 'standard.svg': JDIP_SVG, 'lonely.map': 'MAP standard\n' });
    expect(messages(folder, 'lonely.map').kind).toBe('jdip');
  });

  it('passes over a drawing that cannot be read, saying why with its file and line, to the next source', () => {
    const folder = mapsFolder({
      'standard.ps': '%!PS-Adobe-3.0\n%%Title: a letter\n',
      'standard.svg': '<svg>\n<g id="MapLayer"/>\n</svg>\n',
      'standard.coords': 'LON 1 1\n',
    });
    const { kind, warnings } = messages(folder);
    expect(kind).toBe('coordinates');
    expect(warnings.slice(0, 2).map((warning) => warning.replace(/^.*\/(standard\.\w+)/, '$1'))).toEqual([
      'standard.ps:1: warning: no "% INFO" block: not a DPjudge map drawing (it says where no place is); the picture is drawn without it',
      'standard.svg:1: warning: no jdipNS:PROVINCE_DATA: not a jDip map (it gives no unit positions); the picture is drawn without it',
    ]);
  });

  it('passes over a DPjudge drawing when Ghostscript is not installed, and the log says so once', () => {
    const said: string[] = [];
    const listen = (warning: Error) => said.push(warning.message);
    process.on('warning', listen);
    const path = process.env['PATH'];
    process.env['PATH'] = mkdtempSync(join(tmpdir(), 'judge-no-gs-'));
    try {
      // Texts of their own, so that no conversion kept from another test answers for Ghostscript.
      expect(messages(mapsFolder({ 'standard.ps': `${DPJUDGE_PS}% one\n`, 'standard.svg': JDIP_SVG })).kind).toBe('jdip');
      expect(messages(mapsFolder({ 'standard.ps': `${DPJUDGE_PS}% two\n` })).kind).toBe('generated');
    } finally {
      process.env['PATH'] = path;
    }
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        process.off('warning', listen);
        expect(said).toEqual(['Ghostscript (gs) is not installed: maps with a DPjudge .ps drawing are drawn without it (apt-get install ghostscript)']);
        resolve();
      }),
    );
  });
});
