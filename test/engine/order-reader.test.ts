import { describe, expect, it } from 'vitest';
import type { Position } from '../../src/engine/types.js';
import { OrderReader, readOrder, quotedRefusal } from '../../src/engine/legality/reader.js';
import { RulesInForce } from '../../src/rules/in-force.js';
import type { OrderPhase } from '../../src/orders/types.js';
import { position, testMap } from './helpers.js';

const standard = testMap('standard');

const board = position(standard, {
  units: {
    ENGLAND: ['F NTH', 'A LON', 'F EDI', 'A LVP', 'F NWG'],
    FRANCE: ['A PAR', 'F MAO', 'F POR', 'A GAS', 'F BRE'],
    GERMANY: ['A MUN', 'A BER', 'F KIE'],
    ITALY: ['F ROM', 'A APU', 'A VEN'],
    RUSSIA: ['F STP/SC', 'A MOS', 'F SEV'],
    TURKEY: ['F CON', 'A BUL', 'A GRE', 'F AEG'],
    AUSTRIA: ['A VIE', 'A BUD', 'F TRI'],
  },
});

function accepted(power: string, line: string, phase: OrderPhase = 'MOVEMENT', on: Position = board, rules: string[] = []): string {
  const result = readOrder({ map: standard, position: on, power, phase, rules: new RulesInForce(rules) }, line);
  if (!result.ok) throw new Error(quotedRefusal(result.refused));
  return result.text;
}

function refusal(power: string, line: string, phase: OrderPhase = 'MOVEMENT', on: Position = board): string {
  const result = readOrder({ map: standard, position: on, power, phase }, line);
  if (result.ok) throw new Error(`'${line}' was accepted as ${result.text}`);
  return quotedRefusal(result.refused);
}

describe('checked orders come back complete and canonical', () => {
  it('fills in the unit type, the fleet coast and the real location', () => {
    expect(accepted('FRANCE', 'PAR-BUR')).toBe('A PAR - BUR');
    expect(accepted('FRANCE', 'F MAO - SPA/NC')).toBe('F MAO - SPA/NC');
    expect(accepted('FRANCE', 'A GAS - SPA/NC')).toBe('A GAS - SPA');
    expect(accepted('RUSSIA', 'F STP - BOT')).toBe('F STP/SC - BOT');
    expect(accepted('RUSSIA', 'F STP/NC - BOT')).toBe('F STP/SC - BOT');
    expect(accepted('ENGLAND', 'EDI S NTH')).toBe('F EDI S F NTH');
    expect(accepted('TURKEY', 'F AEG S CON - BUL')).toBe('F AEG S F CON - BUL');
  });

  it('reads an abbreviation as its own place, whatever alias another place has', () => {
    expect(accepted('AUSTRIA', 'A VIE - TYR')).toBe('A VIE - TYR');
    expect(accepted('ITALY', 'F ROM - TYS')).toBe('F ROM - TYS');
    expect(refusal('ITALY', 'F ROM - TYR')).toBe('"F ROM - TYR": Rome is not adjacent to Tyrolia');
  });

  it('accepts convoyed moves through fleets on the board, with or without the route', () => {
    expect(accepted('ENGLAND', 'A LON - NTH - NWY')).toBe('A LON - NTH - NWY');
    expect(accepted('ENGLAND', 'A LON - NWY')).toBe('A LON - NWY');
    expect(accepted('ENGLAND', 'F NTH C A LON - NWY')).toBe('F NTH C A LON - NWY');
    expect(accepted('TURKEY', 'A GRE - AEG - CON')).toBe('A GRE - AEG - CON');
  });
});

describe('refusals quote the order and say why, in place names', () => {
  it.each([
    ['FRANCE', 'A PAR - MUN', '"A PAR - MUN": Paris is not adjacent to Munich'],
    ['FRANCE', 'F MAO - SPA', '"F MAO - SPA": the coast of Spain must be given (SPA/NC or SPA/SC)'],
    ['FRANCE', 'F POR - SPA/EC', '"F POR - SPA/EC": Spain has no east coast'],
    ['TURKEY', 'F CON - BUL', '"F CON - BUL": the coast of Bulgaria must be given (BUL/EC or BUL/SC)'],
    ['ITALY', 'F ROM - VEN', '"F ROM - VEN": a fleet cannot cross from Rome to Venice'],
    ['ENGLAND', 'A LVP - IRI', '"A LVP - IRI": an army cannot enter Irish Sea'],
    ['GERMANY', 'F KIE - MUN', '"F KIE - MUN": a fleet cannot enter Munich'],
    ['GERMANY', 'A MUN - SWI', '"A MUN - SWI": Switzerland is impassable'],
    ['GERMANY', 'A MUN - MUN', '"A MUN - MUN": a unit cannot move to the province it is in'],
    ['GERMANY', 'A PAR - BUR', '"A PAR - BUR": the army in Paris belongs to France'],
    ['GERMANY', 'A RUH - BUR', '"A RUH - BUR": there is no army in Ruhr'],
    ['GERMANY', 'F BER - PRU', '"F BER - PRU": the unit in Berlin is an army'],
    ['ENGLAND', 'F NWG - NTH - NWY', '"F NWG - NTH - NWY": a fleet cannot be convoyed (armies carry fleets only in games with the rule PORTAGE_CONVOY)'],
    ['TURKEY', 'A GRE - SEV', '"A GRE - SEV": no fleets stand ready to convoy from Greece to Sevastopol'],
    ['ENGLAND', 'A LVP - NAO - CLY', '"A LVP - NAO - CLY": there is no fleet in North Atlantic Ocean'],
    ['ITALY', 'F ROM S A APU - VEN', '"F ROM S A APU - VEN": the fleet in Rome cannot support into Venice'],
    ['ITALY', 'A VEN S A VEN', '"A VEN S A VEN": a unit cannot support itself'],
    ['ITALY', 'A VEN S A APU - VEN', '"A VEN S A APU - VEN": a unit cannot support a move into its own province'],
    ['ITALY', 'A VEN S F ROM - APU', '"A VEN S F ROM - APU": the fleet in Rome cannot reach Apulia'],
    ['ENGLAND', 'F EDI C A LVP - NWY', '"F EDI C A LVP - NWY": the fleet in Edinburgh is not at sea and cannot convoy'],
    ['ENGLAND', 'F NTH C F EDI - NWY', '"F NTH C F EDI - NWY": only armies can be convoyed'],
    ['ENGLAND', 'F NWG C A LON - BEL', '"F NWG C A LON - BEL": the fleet in Norwegian Sea is on no convoy route from London to Belgium'],
  ])('%s %s', (power, line, message) => {
    expect(refusal(power, line)).toBe(message);
  });

  it('refuses a name that several places answer to, naming them, even when only one would fit', () => {
    const straits = testMap('straits');
    const on = position(straits, { units: { GOLD: ['A SOU', 'A NOR'] } });
    const read = (line: string) => readOrder({ map: straits, position: on, power: 'GOLD', phase: 'MOVEMENT' }, line);
    const candidates = "'CE' may mean Center (CEN) or Cape (CAP): write the one you mean";
    expect(read('A SOU - CE')).toEqual({ ok: false, refused: { line: `A SOU - CE`, reason: candidates } });
    expect(read('A NOR - CE')).toEqual({ ok: false, refused: { line: `A NOR - CE`, reason: candidates } });
  });
});

describe('NO_CHECK', () => {
  it('accepts orders unchecked, to be judged at processing', () => {
    const reader = new OrderReader({ map: standard, position: board, power: 'FRANCE', phase: 'MOVEMENT', rules: new RulesInForce(['NO_CHECK']) });
    expect(reader.read('A PAR - MUN')).toMatchObject({ ok: true, text: 'A PAR - MUN', checked: false });
    expect(reader.read('A BER - SIL')).toMatchObject({ ok: true, text: 'A BER - SIL', checked: false });
  });

  it('still refuses what cannot be read, and ambiguous names', () => {
    const reader = new OrderReader({ map: standard, position: board, power: 'AUSTRIA', phase: 'MOVEMENT', rules: new RulesInForce(['NO_CHECK']) });
    expect(reader.read('A VIE - NARNIA')).toEqual({ ok: false, refused: { line: `A VIE - NARNIA`, reason: `'NARNIA' is neither a place nor an order word` } });
    const straits = testMap('straits');
    const gold = new OrderReader({
      map: straits,
      position: position(straits, { units: { GOLD: ['A NOR'] } }),
      power: 'GOLD',
      phase: 'MOVEMENT',
      rules: new RulesInForce(['NO_CHECK']),
    });
    expect(gold.read('A NOR - CE')).toEqual({
      ok: false,
      refused: { line: `A NOR - CE`, reason: `'CE' may mean Center (CEN) or Cape (CAP): write the one you mean` },
    });
  });
});

describe('retreat and adjustment phases', () => {
  const dislodged = position(standard, {
    units: { ITALY: ['A TRI', 'F ADR'] },
    retreating: { AUSTRIA: [{ type: 'F', location: 'TRI', retreats: ['ALB', 'VEN'] }] },
  });

  it('lets a dislodged unit retreat to its options only', () => {
    expect(accepted('AUSTRIA', 'F TRI R ALB', 'RETREATS', dislodged)).toBe('F TRI - ALB');
    expect(accepted('AUSTRIA', 'F TRI D', 'RETREATS', dislodged)).toBe('F TRI DISBAND');
    expect(refusal('AUSTRIA', 'F TRI - ADR', 'RETREATS', dislodged)).toBe(
      '"F TRI - ADR": the fleet in Trieste cannot retreat to Adriatic Sea: it may retreat to Albania, Venice',
    );
    expect(refusal('ITALY', 'F ADR - ION', 'RETREATS', dislodged)).toBe('"F ADR - ION": there is no dislodged fleet in Adriatic Sea');
  });

  const winter = position(standard, {
    units: { RUSSIA: ['A MOS'], GERMANY: ['A BER', 'A MUN', 'F KIE'], TURKEY: ['A SEV'] },
    centers: { RUSSIA: ['MOS', 'STP', 'WAR'], GERMANY: ['BER'], TURKEY: ['SEV'] },
  });

  it('checks builds and removals against what the power is due', () => {
    expect(accepted('RUSSIA', 'BUILD F STP/NC', 'ADJUSTMENTS', winter)).toBe('BUILD F STP/NC');
    expect(refusal('RUSSIA', 'BUILD F STP', 'ADJUSTMENTS', winter)).toBe('"BUILD F STP": the coast of St Petersburg must be given (STP/NC or STP/SC)');
    expect(refusal('RUSSIA', 'BUILD A MOS', 'ADJUSTMENTS', winter)).toBe('"BUILD A MOS": Moscow is occupied');
    expect(refusal('RUSSIA', 'BUILD F WAR', 'ADJUSTMENTS', winter)).toBe('"BUILD F WAR": a fleet cannot be built in Warsaw');
    expect(refusal('RUSSIA', 'BUILD A SEV', 'ADJUSTMENTS', winter)).toBe('"BUILD A SEV": you do not own Sevastopol: Turkey does');
    expect(refusal('RUSSIA', 'BUILD A MUN', 'ADJUSTMENTS', winter)).toBe('"BUILD A MUN": Munich is not one of your home centers');
    expect(refusal('RUSSIA', 'BUILD PAR', 'ADJUSTMENTS', winter)).toBe('"BUILD PAR": say whether to build an army or a fleet');
    expect(refusal('RUSSIA', 'REMOVE A MOS', 'ADJUSTMENTS', winter)).toBe('"REMOVE A MOS": there are no removals due');
    expect(accepted('GERMANY', 'REMOVE F KIE', 'ADJUSTMENTS', winter)).toBe('REMOVE F KIE');
    expect(refusal('GERMANY', 'BUILD A KIE', 'ADJUSTMENTS', winter)).toBe('"BUILD A KIE": units must be removed, not built');
  });

  it('refuses orders of another phase', () => {
    expect(refusal('FRANCE', 'BUILD A PAR', 'MOVEMENT')).toBe('"BUILD A PAR": an order starts with the unit (its type and place)');
  });
});
