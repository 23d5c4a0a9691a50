import { describe, expect, it } from 'vitest';
import { runAuction, type Bidder } from '../../../src/engine/payola/auction.js';
import { yearEnd, type IncomeSettings } from '../../../src/engine/payola/income.js';
import { readOfferSheet } from '../../../src/engine/payola/sheet.js';
import { readFunds, writeFunds } from '../../../src/engine/payola/treasury.js';
import { OrderReader, type RefusedLine } from '../../../src/engine/legality/reader.js';
import { positionOf } from '../../../src/game/position.js';
import { rulesInForce } from '../../../src/game/rules.js';
import { lineChanges } from '../../../src/status/line-diff.js';
import { findPower, updatePower, type GameStatus } from '../../../src/status/model.js';
import { readStatus } from '../../../src/status/parse.js';
import { renderStatus } from '../../../src/status/render.js';
import { splitLines } from '../../../src/status/text.js';
import { RulesInForce } from '../../../src/rules/in-force.js';
import { fixtureBytes, fixtureText } from '../../status/fixtures.js';
import { standard } from './helpers.js';

/**
 * The hand-edited Payola status file (test/status/fixtures/payola.status) taken through the core
 * the way the game layer will: sheets read against its board, the auction (EBAYOLA is in force),
 * the treasuries charged and written back, then a year's income under its TAX and CAP lines.
 */

const FILE = 'payola.status';

function phase(game: GameStatus) {
  const position = positionOf(game, standard);
  const rules = rulesInForce(game);
  const dummies = new Set(game.powers.filter((power) => power.player?.current === 'DUMMY').map((power) => power.name));
  const readers = new Map(
    standard.powers.map((power) => [
      power.name,
      new OrderReader({ map: standard, position, power: power.name, phase: 'MOVEMENT', rules: new RulesInForce([...rules.names, 'ORDER_ANY']) }),
    ]),
  );
  const ownerOf = new Map<string, string>(
    position.powers.flatMap((power) => power.units.map((unit) => [`${unit.type} ${unit.location}`, power.name] as const)),
  );
  const errors: RefusedLine[] = [];
  const bidders: Bidder[] = standard.powers.map((mapPower) => {
    const status = findPower(game, mapPower.name);
    const balance = readFunds(status?.funds ?? null).balance ?? 0;
    const sheet = readOfferSheet({ map: standard, position, rules, power: mapPower.name, balance, dummies }, status?.offers ?? []);
    errors.push(...sheet.errors);
    return {
      name: mapPower.name,
      letter: mapPower.abbrev,
      accept: status?.accept ?? `${mapPower.abbrev}?`,
      balance,
      savings: sheet.savings,
      offers: sheet.offers,
      units: position.powers.find((power) => power.name === mapPower.name)!.units.map((unit) => `${unit.type} ${unit.location}`),
      uncontrolledDummy: dummies.has(mapPower.name) && (status?.control.length ?? 0) === 0,
    };
  });
  const result = runAuction({
    bidders,
    ebayola: rules.has('EBAYOLA'),
    publicTotals: rules.has('PUBLIC_TOTALS'),
    isValid: (unit, order) => readers.get(ownerOf.get(unit)!)!.read(order).ok,
    shuffle: (letters) => letters,
  });
  return { result, errors };
}

describe('a Payola movement phase from a hand-edited status file', () => {
  const game = readStatus(fixtureBytes(FILE), FILE).game;

  it("decides every unit and spends France's 48 AgP less its 25 AgP savings to the last piece", () => {
    const { result, errors } = phase(game);
    expect(errors).toEqual([]);
    const decisions = result.decisions.map(
      (decision) => `${decision.order} ${decision.total} ${[...decision.cost].map(([power, amount]) => `${power}:${amount}`).join(' ')}`,
    );
    expect(decisions).toEqual([
      // EBAYOLA: a lone bid costs 1 AgP, or its plateau; a tied one, one AgP more than was offered.
      'F LON - NTH 1 ENGLAND:1',
      'F EDI - NWG 0 ENGLAND:0',
      'A LVP H 0 ENGLAND:0',
      'A PAR - BUR 5 FRANCE:5',
      'A MAR - PIE 4 FRANCE:4',
      'F BRE - MAO 8 FRANCE:8',
      'A MUN - BOH 6 FRANCE:6',
      'A BER H 0 GERMANY:0',
      'F KIE H 0 GERMANY:0',
    ]);
    expect(Object.fromEntries(result.charged)).toMatchObject({ FRANCE: 23, ENGLAND: 1, GERMANY: 0 });
    expect(result.reductions.size).toBe(0);
  });

  it('writes the new treasuries back, empties the sheets and the SENT lines, and touches nothing else', () => {
    const { result } = phase(game);
    let after = game;
    for (const power of game.powers) {
      const funds = readFunds(power.funds);
      const balance = (funds.balance ?? 0) - (result.charged.get(power.name) ?? 0);
      after = updatePower(after, power.name, (each) => ({ ...each, funds: writeFunds(each.funds, { ...funds, balance }), offers: [], sent: [] }));
    }
    const before = splitLines(fixtureText(FILE)).map((line) => line.text);
    const written = splitLines(renderStatus(after)).map((line) => line.text);
    expect(lineChanges(before, written).map((change) => `${change.beforeLine}: ${change.before.join(' | ')} -> ${change.after.join(' | ')}`)).toEqual([
      '20: FUNDS $48 | SENT ENGLAND -> FUNDS $25',
      '23: 4 : A PAR - BUR | 4 ! A PAR - BUR | - GAS | 8#4 >  A MAR - PIE   % Piedmont first | 2*3+1 @ F BRE - MAO |   0 : F BRE H | 5 & A MUN - BOH | 25 $ | % plan B: hold everything -> ',
      '40: FUNDS $33 12+ -> FUNDS $32 12+',
      '42: 3 : F LON - NTH | f edi - nwg -> ',
    ]);
  });

  it("pays the year's income by its TAX 10 line (which comes before TAX PAR 5), under its CAP of 60", () => {
    const settings: IncomeSettings = {
      zeroSum: false,
      flatTax: false,
      tax: game.taxes.find((tax) => tax.center === null)?.amount ?? null,
      centerTaxes: new Map(game.taxes.flatMap((tax) => (tax.center === null ? [] : [[tax.center, tax.amount] as const]))),
      cap: game.cap,
      mapPowers: standard.powers.length,
      victoryCenters: 18,
      vassalDummies: false,
    };
    const powers = game.powers.map((power) => ({
      name: power.name,
      balance: readFunds(power.funds).balance ?? 0,
      centers: power.owns,
      bribeProfits: 0,
      dummy: false,
      vassals: [],
      captured: [],
      lost: [],
    }));
    const reports = yearEnd(settings, { noHoarding: false, payDummies: false, dummiesHoldCenters: false }, powers);
    expect(reports.map((report) => `${report.power} ${report.balanceForward} + ${report.income} = ${report.balance}`)).toEqual([
      'FRANCE 48 + 30 = 78',
      'ENGLAND 33 + 30 = 63',
      'GERMANY 0 + 30 = 30',
    ]);
  });
});
