import { describe, expect, it } from 'vitest';
import { formatOrder } from '../../src/orders/format.js';
import { parseOrder } from '../../src/orders/parse.js';
import type { OrderPhase } from '../../src/orders/types.js';
import { testMap } from '../engine/helpers.js';

const standard = testMap('standard');

/** Every canonical reading of a line. */
function read(line: string, phase: OrderPhase = 'MOVEMENT', map = standard): string[] {
  const parsed = parseOrder(map, line, phase);
  if (!parsed.ok) throw new Error(`'${line}': ${parsed.reason}`);
  return parsed.readings.map(formatOrder);
}

function refused(line: string, phase: OrderPhase = 'MOVEMENT', map = standard): string {
  const parsed = parseOrder(map, line, phase);
  if (parsed.ok) throw new Error(`'${line}' was read as ${parsed.readings.map(formatOrder).join(', ')}`);
  return parsed.reason;
}

describe('movement orders as players write them', () => {
  it.each([
    ['A PAR - BUR', 'A PAR - BUR'],
    ['A PAR-BUR', 'A PAR - BUR'],
    ['A Par -> Bur', 'A PAR - BUR'],
    ['a par => bur', 'A PAR - BUR'],
    ['PAR-BUR', 'PAR - BUR'],
    ['A PAR BUR', 'A PAR - BUR'],
    ['army paris move burgundy', 'A PAR - BUR'],
    ['Army Paris moves to Burgundy', 'A PAR - BUR'],
    ['F NTH C A LON - NWY', 'F NTH C A LON - NWY'],
    ['fleet north sea convoys army london to norway', 'F NTH C A LON - NWY'],
    ['fleet nwg sea C norway - edi', 'F NWG C NWY - EDI'],
    ['A LON - NTH - NWY', 'A LON - NTH - NWY'],
    ['A BUL-AEG - ION -> TUN', 'A BUL - AEG - ION - TUN'],
    ['A LVP - CLY VIA CONVOY', 'A LVP - CLY VIA CONVOY'],
    ['A lvp-cly by convoy', 'A LVP - CLY VIA CONVOY'],
    ['A MUN S A BER - KIE', 'A MUN S A BER - KIE'],
    ['A MUN S A BER', 'A MUN S A BER'],
    ['A MUN S A BER H', 'A MUN S A BER'],
    ['A MUN S F KIE', 'A MUN S F KIE'],
    ['Army Wales support fleet london', 'A WAL S F LON'],
    ['f wal s mao iri', 'F WAL S MAO - IRI'],
    ['A MUN H', 'A MUN H'],
    ['Army London Holds', 'A LON H'],
    ['paris H', 'PAR H'],
    ['A MUN', 'A MUN H'],
    ['irish -mid', 'IRI - MAO'],
    ['F mao -> iri', 'F MAO - IRI'],
    ['F Mid-Atlantic Ocean - Irish Sea', 'F MAO - IRI'],
    ['F North Atlantic Ocean - Clyde', 'F NAO - CLY'],
    ['A St. Petersburg - Moscow', 'A STP - MOS'],
    ['A Gulf of Bothnia - Sweden', 'A BOT - SWE'],
  ])('%s', (line, canonical) => {
    expect(read(line)).toEqual([canonical]);
  });
});

describe('coasts in every usual spelling', () => {
  it.each([
    'F MAO - SPA/NC',
    'F MAO - spa(nc)',
    'F MAO - spa nc',
    'F MAO - Spain (north coast)',
    'F MAO - spain north coast',
    'F MAO - SPA/N',
    'F MAO - spa (n)',
    'F MAO - spa-nc',
  ])('%s', (line) => {
    expect(read(line)).toEqual(['F MAO - SPA/NC']);
  });

  it('keeps a coast on the ordered unit and on a support', () => {
    expect(read('F STP/SC - BOT')).toEqual(['F STP/SC - BOT']);
    expect(read('F POR S F MAO - SPA/NC')).toEqual(['F POR S F MAO - SPA/NC']);
  });

  it('refuses a coast the province does not have', () => {
    expect(refused('F MAO - SPA/EC')).toBe('Spain has no east coast');
  });
});

describe('ambiguous aliases', () => {
  it('reads an abbreviation as its own place only', () => {
    expect(read('A VIE - TYR')).toEqual(['A VIE - TYR']);
  });

  it('refuses a name several places answer to, listing them', () => {
    expect(refused('A NOR - CE', 'MOVEMENT', testMap('straits'))).toBe("'CE' may mean Center (CEN) or Cape (CAP): write the one you mean");
  });
});

describe('retreat phase orders', () => {
  it.each([
    ['F TRI R ALB', 'F TRI - ALB'],
    ['F TRI - ALB', 'F TRI - ALB'],
    ['F TRI RETREAT ALB', 'F TRI - ALB'],
    ['Army london to wales', 'A LON - WAL'],
    ['The fleet in St. Petersburg (south coast) retreats to the Gulf of Bothnia', 'F STP/SC - BOT'],
    ['F TRI D', 'F TRI DISBAND'],
    ['F TRI DISBAND', 'F TRI DISBAND'],
    ['fleet trieste disband', 'F TRI DISBAND'],
    ['DISBAND F TRI', 'F TRI DISBAND'],
    ['* F TRI', 'F TRI DISBAND'],
  ])('%s', (line, canonical) => {
    expect(read(line, 'RETREATS')).toEqual([canonical]);
  });

  it('refuses supports and bare units', () => {
    expect(refused('A SER S F TRI - ALB', 'RETREATS')).toBe("'S' does not fit here");
    expect(refused('F TRI', 'RETREATS')).toBe('a dislodged unit must retreat or disband');
  });
});

describe('adjustment phase orders', () => {
  it.each([
    ['BUILD A PAR', 'BUILD A PAR'],
    ['B F STP/NC', 'BUILD F STP/NC'],
    ['build fleet st petersburg north coast', 'BUILD F STP/NC'],
    ['+ A PAR', 'BUILD A PAR'],
    ['A PAR BUILD', 'BUILD A PAR'],
    ['REMOVE A MOS', 'REMOVE A MOS'],
    ['REMOVE fleet livonia', 'REMOVE F LVN'],
    ['R A MOS', 'REMOVE A MOS'],
    ['D A MOS', 'REMOVE A MOS'],
    ['DISBAND A MOS', 'REMOVE A MOS'],
    ['- A MOS', 'REMOVE A MOS'],
    ['remove gol', 'REMOVE LYO'],
    ['WAIVE', 'WAIVE'],
    ['BUILD WAIVED', 'WAIVE'],
    ['build waive', 'WAIVE'],
  ])('%s', (line, canonical) => {
    expect(read(line, 'ADJUSTMENTS')).toEqual([canonical]);
  });

  it('needs a verb, and only one kind of it', () => {
    expect(refused('A PAR', 'ADJUSTMENTS')).toBe('say BUILD or REMOVE');
    expect(refused('BUILD REMOVE A PAR', 'ADJUSTMENTS')).toBe('an order cannot both build and remove');
  });
});

describe('lines that are not orders', () => {
  it('names the word it does not know', () => {
    expect(refused('A PAR - ATLANTIS')).toBe("'ATLANTIS' is neither a place nor an order word");
  });

  it('says what is missing or out of place', () => {
    expect(refused('')).toBe('the order is empty');
    expect(refused('S A PAR')).toBe('an order starts with the unit (its type and place)');
    expect(refused('A MUN S')).toBe('say which unit to support');
    expect(refused('A PAR - BUR H')).toBe("'H' does not fit here");
    expect(refused('A PAR ? BUR')).toBe("unexpected '?'");
    expect(refused('BUILD A PAR', 'MOVEMENT')).toBe('an order starts with the unit (its type and place)');
  });
});

describe('filler words that are places of the map', () => {
  // The classical map calls Thebes THE: the word people drop in "the army in Paris" is a place there.
  const thebes = testMap('thebes');

  it('reads them as places where the order needs one, and drops them where it does not', () => {
    expect(read('A THE - ALE', 'MOVEMENT', thebes)).toEqual(['A THE - ALE']);
    expect(read('F ALE - THE', 'MOVEMENT', thebes)).toEqual(['F ALE - THE']);
    expect(read('The army in Thebes holds', 'MOVEMENT', thebes)).toEqual(['A THE H']);
    expect(read('the fleet in Sevastopol - Black Sea')).toEqual(['F SEV - BLA']);
  });
});
