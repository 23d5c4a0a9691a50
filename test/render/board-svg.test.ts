import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { initialPosition } from '../../src/engine/position.js';
import { GameMap } from '../../src/map/game-map.js';
import { loadMapFile } from '../../src/map/load.js';
import { boardSvg } from '../../src/render/board-svg.js';
import { svgToPng } from '../../src/render/board-png.js';
import { escapeXml, num } from '../../src/render/svg-text.js';
import { projectRoot } from '../game/support.js';
import { checkXml, titles } from './xml-check.js';

const standard = loadMapFile(join(projectRoot, 'maps', 'standard.map'));

describe('the picture of a board', () => {
  it('is well-formed SVG 1.1 without scripts or external references', () => {
    const svg = boardSvg(standard, initialPosition(standard), { title: 'Game alpha: Spring 1901 Movement', subtitle: 'map standard' });
    expect(checkXml(svg).problems).toEqual([]);
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" version="1.1" /);
    expect(checkXml(svg).elements).not.toContain('script');
    expect(checkXml(svg).elements).not.toContain('image');
    expect(svg).not.toMatch(/href|url\(|on[a-z]+=/i);
    expect(svg).toContain('Game alpha: Spring 1901 Movement');
  });

  it('writes each coordinate as the float rounded to tenths would be written, digit for digit', () => {
    const edges = [0, -0, 0.05, -0.05, 0.04, -0.04, 0.25, -0.25, 1.95, -1.95, 99.95, -1234.56, 1e14 + 0.3, 1e15 + 0.5, 1e21, -1e22, NaN, Infinity, -Infinity];
    // A fixed linear congruential sequence: the same values on every run.
    let seed = 1;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const values = [...edges, ...Array.from({ length: 20_000 }, (_, index) => (random() - 0.5) * 10 ** (index % 9))];
    expect(values.filter((value) => num(value) !== String(Math.round(value * 10) / 10))).toEqual([]);
  });

  it('is checked by a checker that does find broken XML', () => {
    expect(checkXml('<svg><g></svg>').problems).toEqual(['</svg> closes <g>', 'elements left open: svg']);
    expect(checkXml('<svg><text>a & b</text></svg>').problems).toEqual(["a bare & in text 'a & b'"]);
    expect(checkXml('<svg x="1" x="2"/>').problems).toEqual(['attribute x twice in <svg>']);
    expect(checkXml('<svg/><svg/>').problems).toEqual(['more than one root element']);
  });

  it('shows every unit and every center of a standard position, owners and homes named', () => {
    const position = initialPosition(standard);
    const france = position.powers.find((power) => power.name === 'FRANCE')!;
    france.centers.push('SPA');
    const shown = titles(boardSvg(standard, position, { title: 'Game alpha' }));
    for (const state of position.powers) {
      const name = standard.power(state.name)!.displayName;
      for (const unit of state.units) expect(shown).toContain(`${unit.type} ${unit.location} (${name})`);
    }
    expect(shown.filter((title) => title.startsWith('Supply center '))).toHaveLength(standard.centers.length);
    expect(shown).toContain('Supply center PAR, owned by France, a home center of France');
    expect(shown).toContain('Supply center SPA, owned by France');
    expect(shown).toContain('Supply center BEL, unowned');
    expect(shown).toContain('Spain (SPA)');
  });

  it('draws no grid of adjacencies over the provinces', () => {
    const svg = boardSvg(standard, initialPosition(standard), { title: 'Game alpha: Spring 1901 Movement' });
    expect(checkXml(svg).elements).not.toContain('line');
    expect(svg).not.toContain('land border');
  });

  it('gives each power its colour, centers and units in the legend', () => {
    const position = initialPosition(standard);
    const svg = boardSvg(standard, position, { title: 'Game alpha' });
    expect(svg).toContain('>Russia: 4 centers, 4 units</text>');
    expect(svg).toContain('>France: 3 centers, 3 units</text>');
    const units = [...svg.matchAll(/<title>[AF] [A-Z/]+ \(France\)<\/title><rect [^>]*fill="(#[0-9a-f]{6})"/g)].map((match) => match[1]);
    expect(new Set(units).size).toBe(1);
  });

  it('marks dislodged units and leaves out builds hidden from the reader', () => {
    const position = initialPosition(standard);
    const germany = position.powers.find((power) => power.name === 'GERMANY')!;
    germany.retreating.push({ type: 'A', location: 'BUR', retreats: ['PIC'] });
    const shown = titles(boardSvg(standard, position, { title: 'Game alpha', hidden: [{ power: 'RUSSIA', location: 'STP' }] }));
    expect(shown).toContain('A BUR (Germany, dislodged)');
    expect(shown).not.toContain('F STP/SC (Russia)');
    expect(shown).toContain('A MOS (Russia)');
    const svg = boardSvg(standard, position, { title: 'Game alpha', hidden: [{ power: 'RUSSIA', location: 'STP' }] });
    expect(svg).toContain('Builds hidden from you are not drawn.');
    expect(svg).toContain('>Russia: 4 centers, 3 units</text>');
  });

  it('escapes hostile names from map files and drops characters XML does not allow', () => {
    const hostile = '</text><script>alert("x")</script> & \'co\' ]]> \u0001';
    const data = standard.data;
    const map = new GameMap({
      ...data,
      powers: data.powers.map((power) => (power.name === 'FRANCE' ? { ...power, displayName: hostile } : power)),
      locations: data.locations.map((location) => (location.abbrev === 'PAR' ? { ...location, name: hostile } : location)),
    });
    const svg = boardSvg(map, initialPosition(map), { title: `Game <b>&amp;` });
    expect(checkXml(svg).problems).toEqual([]);
    expect(checkXml(svg).elements).not.toContain('script');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;co&apos; ]]&gt; ');
    expect(titles(svg)).toContain(`A PAR (${hostile.replace('\u0001', '')})`);
    expect(svg).toContain('Game &lt;b&gt;&amp;amp;');
    expect(escapeXml('a\uD800b\u0008c')).toBe('abc');
  });

  it('rasterises to PNG on request', () => {
    const png = svgToPng(boardSvg(standard, initialPosition(standard), { title: 'Game alpha' }));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.length).toBeGreaterThan(10_000);
  });
});
