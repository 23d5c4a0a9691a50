import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { adjudicate } from '../../src/engine/adjudicate.js';
import { initialPosition } from '../../src/engine/position.js';
import type { Position, Unit } from '../../src/engine/types.js';
import type { Phase } from '../../src/map/model.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { parseOrder } from '../../src/orders/parse.js';
import { artLayout } from '../../src/render/art-layout.js';
import { boardSvg } from '../../src/render/board-svg.js';
import { projectRoot } from '../game/support.js';
import { checkXml, titles } from './xml-check.js';

const standard = readAnyMap(join(projectRoot, 'maps', 'standard.map'));
const map = standard.base;
const layout = artLayout(map, standard.art);

/** The standard powers with only the units given (by power), owning their home centers. */
function positionWith(units: Record<string, string[]>, retreating: Record<string, { unit: string; retreats: string[] }[]> = {}): Position {
  const unit = (text: string): Unit => ({ type: text[0] as 'A' | 'F', location: text.slice(2) });
  const position = initialPosition(map);
  for (const state of position.powers) {
    state.units = (units[state.name] ?? []).map(unit);
    state.retreating = (retreating[state.name] ?? []).map((entry) => ({ ...unit(entry.unit), retreats: entry.retreats }));
  }
  return position;
}

function play(phase: Phase, position: Position, orders: Record<string, string[]>) {
  const submitted = Object.entries(orders).flatMap(([power, lines]) =>
    lines.map((line) => {
      const parsed = parseOrder(map, line, phase.type as 'MOVEMENT' | 'RETREATS' | 'ADJUSTMENTS');
      if (!parsed.ok) throw new Error(`${line}: ${parsed.reason}`);
      return { power, order: parsed.readings[0]! };
    }),
  );
  const result = adjudicate(map, phase, position, submitted);
  return boardSvg(map, result.position, { title: 'results', art: standard.art, orders: result.outcomes });
}

/** The drawing of one order: the group its tooltip names. */
function drawingOf(svg: string, title: string): string {
  const start = svg.indexOf(`<g><title>${title}</title>`);
  expect(start, title).toBeGreaterThanOrEqual(0);
  return svg.slice(start, svg.indexOf('</g>', start));
}

function numbers(text: string): number[] {
  return text.split(/[ ,]/).map(Number);
}

const distance = (x: number, y: number, to: { x: number; y: number }) => Math.hypot(x - to.x, y - to.y);

describe('the orders of a movement phase on its results picture', () => {
  const svg = play(
    { season: 'SPRING', year: 1901, type: 'MOVEMENT' },
    positionWith({
      ENGLAND: ['F NTH', 'A YOR', 'F NWG'],
      FRANCE: ['A PAR', 'A MAR'],
      GERMANY: ['A MUN'],
      AUSTRIA: ['A GAL', 'A VIE'],
      RUSSIA: ['A WAR', 'A UKR'],
      ITALY: ['A VEN'],
    }),
    {
      ENGLAND: ['F NTH C A YOR - NWY', 'A YOR - NWY', 'F NWG S A YOR - NWY'],
      FRANCE: ['A PAR - BUR', 'A MAR S A PAR - BUR'],
      GERMANY: ['A MUN - BUR'],
      AUSTRIA: ['A GAL H'],
      RUSSIA: ['A WAR - GAL', 'A UKR S A WAR - GAL'],
      ITALY: ['A VEN H'],
    },
  );

  it('draws every order given, each named, and no order for a unit that had none', () => {
    expect(checkXml(svg).problems).toEqual([]);
    const shown = titles(svg);
    for (const order of [
      'A YOR - NWY',
      'F NTH C A YOR - NWY',
      'F NWG S A YOR - NWY',
      'A PAR - BUR',
      'A MAR S A PAR - BUR',
      'A MUN - BUR (bounce)',
      'A WAR - GAL',
      'A UKR S A WAR - GAL',
      'A VEN H',
    ])
      expect(shown).toContain(order);
    expect(shown.filter((title) => title.startsWith('A VIE'))).toEqual(['A VIE (Austria)']);
    expect(svg).toContain('>move (retreat: from a dislodged unit)</text>');
  });

  it('runs a move as an arrow to its destination, dashed and crossed out where it bounced', () => {
    const arrowTip = (drawing: string) => numbers(/<polygon points="([^"]*)"/.exec(drawing)![1]!).slice(0, 2);
    const [x, y] = arrowTip(drawingOf(svg, 'A PAR - BUR'));
    expect(distance(x!, y!, layout.spots.get('BUR')!)).toBeLessThan(14);
    expect(drawingOf(svg, 'A PAR - BUR')).not.toContain('stroke-dasharray');
    expect(drawingOf(svg, 'A MUN - BUR (bounce)')).toContain('stroke-dasharray');
    expect(svg).toMatch(/<g id="order-marks"><path [^>]*stroke="#ffffff"/);
  });

  it('draws a support to where it supports, and a convoy from the army through the fleet to where the army goes', () => {
    const support = drawingOf(svg, 'A MAR S A PAR - BUR');
    const supportEnd = numbers(/<circle cx="([^"]*)" cy="([^"]*)"/.exec(support)!.slice(1, 3).join(','));
    expect(distance(supportEnd[0]!, supportEnd[1]!, layout.spots.get('BUR')!)).toBeLessThan(16);
    const convoy = numbers(/<polyline points="([^"]*)"/.exec(drawingOf(svg, 'F NTH C A YOR - NWY'))![1]!);
    expect(distance(convoy[2]!, convoy[3]!, layout.spots.get('NTH')!)).toBeLessThan(0.1);
    expect(distance(convoy[0]!, convoy[1]!, layout.spots.get('YOR')!)).toBeLessThan(14);
    expect(distance(convoy[4]!, convoy[5]!, layout.spots.get('NWY')!)).toBeLessThan(14);
  });

  it('rings a hold, dashed when the unit was dislodged, and marks where a dislodged unit may retreat', () => {
    expect(drawingOf(svg, 'A VEN H')).toMatch(/<circle [^>]*stroke-width="3"\/>/);
    expect(drawingOf(svg, 'A VEN H')).not.toContain('stroke-dasharray');
    expect(drawingOf(svg, 'A GAL H (dislodged)')).toContain('stroke-dasharray');
    const retreats = titles(svg).find((title) => title.startsWith('A GAL may retreat to '))!;
    const options = retreats.slice('A GAL may retreat to '.length).split(', ');
    expect(options).toEqual(expect.arrayContaining(['BOH', 'BUD', 'SIL']));
    expect(drawingOf(svg, retreats).match(/<line /g)).toHaveLength(options.length);
  });
});

describe('retreat and adjustment results', () => {
  it('draw retreats as arrows from the dislodged unit, and disbanded or destroyed units crossed out', () => {
    const svg = play(
      { season: 'SPRING', year: 1901, type: 'RETREATS' },
      positionWith(
        { RUSSIA: ['A GAL'], ITALY: ['A VEN'] },
        {
          AUSTRIA: [
            { unit: 'A VIE', retreats: ['BOH', 'TYR'] },
            { unit: 'A BUD', retreats: ['SER'] },
          ],
          GERMANY: [{ unit: 'A MUN', retreats: ['BOH'] }],
        },
      ),
      {
        AUSTRIA: ['A VIE - BOH', 'A BUD DISBAND'],
        GERMANY: ['A MUN - BOH'],
      },
    );
    const shown = titles(svg);
    expect(shown).toContain('A VIE - BOH (bounce, destroyed)');
    expect(shown).toContain('A MUN - BOH (bounce, destroyed)');
    expect(shown).toContain('A BUD DISBAND (disbanded)');
    const [x, y] = numbers(/<rect x="([^"]*)" y="([^"]*)"/.exec(drawingOf(svg, 'A BUD DISBAND (disbanded)'))!.slice(1, 3).join(','));
    expect(distance(x! + 9, y! + 9, layout.dislodgedSpots.get('BUD')!)).toBeLessThan(0.2);
    const arrowStart = numbers(/<polyline points="([^"]*)"/.exec(drawingOf(svg, 'A VIE - BOH (bounce, destroyed)'))![1]!);
    expect(distance(arrowStart[0]!, arrowStart[1]!, layout.dislodgedSpots.get('VIE')!)).toBeLessThan(14);
  });

  it('mark builds with a plus and removed units crossed out', () => {
    const svg = play(
      { season: 'WINTER', year: 1901, type: 'ADJUSTMENTS' },
      positionWith({ FRANCE: ['A PAR'], GERMANY: ['A MUN', 'A BER', 'A KIE', 'A RUH'] }),
      {
        FRANCE: ['BUILD A MAR', 'BUILD F BRE'],
        GERMANY: ['REMOVE A RUH'],
      },
    );
    const shown = titles(svg);
    expect(shown).toEqual(expect.arrayContaining(['BUILD A MAR', 'BUILD F BRE', 'REMOVE A RUH', 'A MAR (France)']));
    expect(shown).not.toContain('A RUH (Germany)');
    expect(drawingOf(svg, 'REMOVE A RUH')).toContain('fill-opacity="0.4"');
    expect(drawingOf(svg, 'BUILD A MAR')).toContain('<circle');
  });
});

describe('a picture without orders', () => {
  it('draws the plain position, without the key to orders', () => {
    const svg = boardSvg(map, initialPosition(map), { title: 'Game alpha', art: standard.art });
    expect(svg).not.toContain('id="orders"');
    expect(svg).not.toContain('>hold</text>');
  });
});

describe('a ride on an nJudge railway', () => {
  it('runs along the railway through each province it passes, not through the railway notional province', () => {
    const rails = readAnyMap(join(projectRoot, 'test', 'maps', 'map.rails'));
    const railsLayout = artLayout(rails.base, rails.art);
    const position = initialPosition(rails.base);
    const parsed = parseOrder(rails.base, 'A WES - IRO - EAS', 'MOVEMENT');
    if (!parsed.ok) throw new Error(parsed.reason);
    const result = adjudicate(rails.base, { season: 'SPRING', year: 1901, type: 'MOVEMENT' }, position, [{ power: 'WEST', order: parsed.readings[0]! }]);
    const svg = boardSvg(rails.base, result.position, { title: 'results', art: rails.art, orders: result.outcomes });
    expect(checkXml(svg).problems).toEqual([]);
    const ride = numbers(/<polyline points="([^"]*)"/.exec(drawingOf(svg, 'A WES - IRO - EAS (bounce)'))![1]!);
    const through = [railsLayout.spots.get('MID')!, railsLayout.spots.get('PLA')!];
    expect(distance(ride[2]!, ride[3]!, through[0]!)).toBeLessThan(0.1);
    expect(distance(ride[4]!, ride[5]!, through[1]!)).toBeLessThan(0.1);
    expect(ride).toHaveLength(8);
  });
});
