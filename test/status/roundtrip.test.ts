import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/map/model.js';
import { findPower, newPower, updatePower, type GameStatus } from '../../src/status/model.js';
import { lineChanges } from '../../src/status/line-diff.js';
import { readStatus } from '../../src/status/parse.js';
import { renderStatus, renderStatusBytes } from '../../src/status/render.js';
import { splitLines } from '../../src/status/text.js';
import { validateStatus } from '../../src/status/validate.js';
import { rulesInForce } from '../../src/game/rules.js';
import { fixtureBytes, fixtureNames, fixtureText, standardMap } from './fixtures.js';

function read(name: string): GameStatus {
  const parsed = readStatus(fixtureBytes(name), name);
  expect(parsed.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([]);
  return parsed.game;
}

/** The lines that differ between a fixture and the model written back, as `line: before -> after`. */
function changedLines(name: string, game: GameStatus): string[] {
  const before = splitLines(fixtureText(name)).map((line) => line.text);
  const after = splitLines(renderStatus(game)).map((line) => line.text);
  return lineChanges(before, after).map((change) => `${change.beforeLine}: ${change.before.join(' | ')} -> ${change.after.join(' | ')}`);
}

describe('the hand-written fixtures', () => {
  it('cover every situation the format document describes', () => {
    expect(fixtureNames()).toEqual([
      'adjustments.status',
      'completed.status',
      'dummies.status',
      'extras.status',
      'forming.status',
      'histories.status',
      'morph-desc.status',
      'movement.status',
      'odd-spacing.status',
      'payola.status',
      'retreats.status',
      'timing.status',
      'xtalball.status',
    ]);
  });

  it.each(fixtureNames())('%s is written back byte for byte', (name) => {
    const bytes = fixtureBytes(name);
    expect(renderStatusBytes(readStatus(bytes, name).game).equals(bytes)).toBe(true);
  });

  it.each(fixtureNames())('%s has no error against the standard map', (name) => {
    const game = read(name);
    expect(validateStatus(game, { map: standardMap() }).map(formatDiagnostic)).toEqual([]);
  });

  it('keeps unknown lines, with a warning naming file and line', () => {
    const parsed = readStatus(fixtureBytes('odd-spacing.status'), 'games/windward/status');
    expect(parsed.diagnostics.map(formatDiagnostic)).toEqual([
      "games/windward/status:10: warning: unknown line starting '#', kept as written",
      "games/windward/status:29: warning: unknown line starting 'colour' in the block of ENGLAND, kept as written",
    ]);
  });
});

describe('the model read from the fixtures', () => {
  it('forming: POWER#n place-holders, observers, privacy, rules', () => {
    const game = read('forming.status');
    expect(game.phase).toEqual({ mode: 'PHASE', phase: 'FORMING' });
    expect(game.powers.map((power) => `${power.role} ${power.name}`)).toEqual([
      'POWER POWER#1',
      'POWER POWER#2',
      'POWER FRANCE',
      'POWER POWER#3',
      'OBSERVER watcher',
    ]);
    expect(game.privacy).toBe('letmein');
    expect(game.rules).toEqual([
      [{ rule: 'POWER_CHOICE', on: true }],
      [
        { rule: 'CIVIL_DISORDER', on: false },
        { rule: 'NO_PRESS', on: true },
      ],
    ]);
    // The map's CIVIL_DISORDER is switched off; NO_PRESS brings SILENT_ABSENCES with it.
    expect(rulesInForce(game, ['CIVIL_DISORDER']).names).toEqual(['POWER_CHOICE', 'NO_PRESS', 'SILENT_ABSENCES']);
    expect(findPower(game, 'power#2')!.addresses).toEqual(['bert@example.net', 'bert.work@example.net']);
    expect(findPower(game, 'POWER#2')!.player).toEqual({ current: { id: null, email: 'bert@example.net', name: '' }, earlier: [] });
    expect(findPower(game, 'POWER#3')!.player).toEqual({ current: 'DUMMY', earlier: [] });
    expect(findPower(game, 'watcher')!.omniscient).toBe('yes');
    expect(game.descriptions).toEqual([{ lines: ['A friendly game for players new to the judge.'], stanza: false }]);
  });

  it('movement: units, centers, votes, WAIT and the orders as written', () => {
    const game = read('movement.status');
    expect(game.phase).toEqual({ mode: 'PHASE', phase: { season: 'SPRING', year: 1902, type: 'MOVEMENT' } });
    expect(game.deadline).toBe('202403151800');
    expect(game.delay).toBe(1);
    expect(game.master).toEqual({ id: 77, email: 'master@example.org', name: 'Mo_Master' });
    const russia = findPower(game, 'RUSSIA')!;
    expect(russia.units).toContainEqual({ type: 'F', location: 'STP/NC', retreats: null });
    expect(russia.orders).toEqual(['A RUM H', 'A UKR S A RUM', 'A WAR - GAL', 'F BLA - ANK', 'F STP/NC - NWG', 'F SWE S F STP/NC - NWY']);
    expect(russia.vote).toBe('SOLO');
    expect(findPower(game, 'FRANCE')!.vote).toEqual({ drawSize: 3 });
    expect(findPower(game, 'ENGLAND')!.wait).toBe(true);
    expect(findPower(game, 'FRANCE')!.messages).toEqual(['Remember: your orders for Spring 1902 are due Friday.']);
    expect(game.powers.flatMap((power) => power.units)).toHaveLength(33);
  });

  it('retreats: dislodged units with their retreat lists, RETREAT and DISBAND', () => {
    const game = read('retreats.status');
    const france = findPower(game, 'FRANCE')!;
    expect(france.units).toContainEqual({ type: 'A', location: 'BUR', retreats: ['PAR', 'PIC', 'GAS'] });
    expect(france.units).toContainEqual({ type: 'F', location: 'SPA/SC', retreats: [] });
    expect(france.phaseOrders).toEqual([{ kind: 'disband', unit: { type: 'F', location: 'SPA/SC' } }]);
    expect(findPower(game, 'ITALY')!.phaseOrders).toEqual([{ kind: 'retreat', unit: { type: 'F', location: 'ION' }, to: 'TYS' }]);
  });

  it('adjustments: BUILD, BUILD WAIVED and REMOVE', () => {
    const game = read('adjustments.status');
    expect(findPower(game, 'ENGLAND')!.phaseOrders).toEqual([{ kind: 'build', unit: { type: 'F', location: 'LON' } }, { kind: 'waive' }]);
    expect(findPower(game, 'FRANCE')!.phaseOrders).toEqual([{ kind: 'remove', unit: { type: 'F', location: 'ENG' } }]);
  });

  it('completed: RESULT, START, FINISH and a resigned player', () => {
    const game = read('completed.status');
    expect(game.phase?.phase).toBe('COMPLETED');
    expect(game.result).toEqual({ phase: 'F1907M', victors: ['ENGLAND', 'FRANCE'] });
    expect([game.start, game.finish]).toEqual(['20230104', '20231120']);
    expect(findPower(game, 'GERMANY')!.player).toEqual({
      current: 'RESIGNED',
      earlier: [{ until: 'F1905M', occupant: { id: 4004, email: 'g@example.com', name: 'Gerd' } }],
    });
  });

  it('dummies: CONTROL, ROTATE, TEAMS and a MORPH stanza', () => {
    const game = read('dummies.status');
    expect(game.rotation).toEqual({
      clauses: [
        { when: 'BEFORE', phaseTypes: ['MOVE'] },
        { when: 'FOR', phaseTypes: ['RETREAT'] },
      ],
    });
    expect(game.teams).toEqual([[['ENGLAND', 'GERMANY'], ['FRANCE']], [['RUSSIA', 'TURKEY']]]);
    expect(findPower(game, 'ITALY')!.control).toEqual(['ENGLAND', 'FRANCE', 'RUSSIA', 'TURKEY', 'AUSTRIA']);
    expect(game.morphs).toEqual([
      {
        stanza: true,
        lines: [
          'DUMMY ITALY GERMANY',
          'POWER ITALY',
          'CONTROL ENGLAND FRANCE RUSSIA TURKEY AUSTRIA',
          'POWER GERMANY',
          'CONTROL TURKEY AUSTRIA ENGLAND FRANCE RUSSIA',
        ],
      },
    ]);
  });

  it('histories: every earlier player of a power, and the NEED line', () => {
    const game = read('histories.status');
    expect(findPower(game, 'RUSSIA')!.player).toEqual({
      current: { id: 42, email: 'joe@blow.com', name: 'Joe_Blow' },
      earlier: [{ until: 'S1911R', occupant: { id: null, email: 'john@doe.net', name: '' } }],
    });
    expect(findPower(game, 'TURKEY')!.player!.earlier.map((entry) => entry.until)).toEqual(['F1911M', 'S1907M', 'W1904A']);
    expect(findPower(game, 'TURKEY')!.player!.earlier[1]!.occupant).toBe('DUMMY');
    expect(game.need).toEqual([
      { power: 'TURKEY', units: 3, centers: 4 },
      { power: 'ITALY', units: 2, centers: 2 },
    ]);
  });

  it('morph-desc: one-line and stanza forms of MORPH, DESC and NAME, blank lines ignored', () => {
    const game = read('morph-desc.status');
    expect(game.morphs).toEqual([
      { lines: ['UNPLAYED AUSTRIA'], stanza: false },
      { lines: ['Kiev = kie kiev', 'LAND KIE ABUTS UKR MOS WAR'], stanza: true },
    ]);
    expect(game.descriptions[1]).toEqual({
      lines: ['<b>House rules</b>: press is <i>grey</i>.', 'Orders are due by <b>18:00</b> London time.'],
      stanza: true,
    });
    expect(game.nameOrigins.map((block) => block.stanza)).toEqual([true, false]);
  });

  it('timing: the TIMING line kept whole for the deadline module', () => {
    expect(read('timing.status').timing).toBe(
      'NEXT 1D MOVE 2D RETREAT 12H ADJUST 12H AT 18:00,22:00 FUDGE 2H DAYS sMTWTF- START 8H WARN 1D,12H,6H GRACE 2D NOT 20241128,20241224-20250102',
    );
  });

  it('extras: ALLOWed roles, monitors, proposals, SOONER and LATER, HOME, FUNDS, SEES', () => {
    const game = read('extras.status');
    expect(game.phase?.mode).toBe('AWAIT');
    expect(game.tester).toEqual({ address: 'judge-tests@example.org' });
    expect(game.allow).toEqual(['INVESTOR']);
    expect(game.proposal).toEqual({ result: 'DIAS', proposer: 'FRANCE' });
    const france = findPower(game, 'FRANCE')!;
    expect([france.sooner, france.later]).toEqual([['A PAR - BUR', 'F BRE - MAO'], ['A BUR - MUN']]);
    expect(france.funds).toEqual(['$34', '12E', '22c']);
    expect(france.homes).toEqual(['BRE', 'MAR', 'PAR', 'SPA']);
    expect(findPower(game, 'moneybags')).toMatchObject({ role: 'INVESTOR', omniscient: 'yes-with-press', funds: ['$120'] });
    expect(findPower(game, 'onesite')!.role).toBe('MONITOR');
  });

  it("payola: CAP and TAX, each power's ACCEPT, SENT and offer sheet, the treasury in FUNDS", () => {
    const game = read('payola.status');
    expect(game.cap).toBe(60);
    expect(game.taxes).toEqual([
      { center: 'PAR', amount: 5 },
      { center: null, amount: 10 },
    ]);
    const france = findPower(game, 'FRANCE')!;
    expect(france.accept).toBe('FE?');
    expect(france.sent).toEqual(['ENGLAND']);
    expect(france.funds).toEqual(['$48']);
    expect(france.units.map((unit) => `${unit.type} ${unit.location}`)).toEqual(['A PAR', 'A MAR', 'F BRE']);
    expect(france.offers).toEqual([
      '4 : A PAR - BUR',
      '4 ! A PAR - BUR | - GAS',
      '8#4 > A MAR - PIE % Piedmont first',
      '2*3+1 @ F BRE - MAO',
      '0 : F BRE H',
      '5 & A MUN - BOH',
      '25 $',
      '% plan B: hold everything',
    ]);
    const england = findPower(game, 'ENGLAND')!;
    expect([england.accept, england.funds, england.offers]).toEqual(['EFG?', ['$33', '12+'], ['3 : F LON - NTH', 'f edi - nwg']]);
    expect(findPower(game, 'GERMANY')!.accept).toBe('?');
  });

  it('xtalball: the SOONER and LATER order lists, in any case and order', () => {
    const game = read('xtalball.status');
    const france = findPower(game, 'FRANCE')!;
    expect([france.sooner, france.later]).toEqual([['A BUR - MUN', 'F MAO - SPA/NC', 'A MAR S A BUR - MUN'], ['A MUN - KIE']]);
    const germany = findPower(game, 'GERMANY')!;
    expect([germany.sooner, germany.later]).toEqual([['A MUN H'], ['a mun - bur', 'F BER - BAL']]);
  });

  it('odd spacing: any case, tabs and runs of spaces read as the canonical values', () => {
    const game = read('odd-spacing.status');
    expect(game.name).toBe('windward');
    expect(game.phase?.phase).toEqual({ season: 'SPRING', year: 1901, type: 'MOVEMENT' });
    expect(game.rotation).toEqual({ clauses: [{ when: 'CONTROL', phaseTypes: [] }] });
    const france = findPower(game, 'FRANCE')!;
    expect(france.owns).toEqual(['BRE', 'MAR', 'PAR']);
    expect(france.units.map((unit) => `${unit.type} ${unit.location}`)).toEqual(['A PAR', 'F BRE', 'A MAR']);
    expect(france.orders).toEqual(['a par - bur', 'f bre - mao']);
    expect(findPower(game, 'ENGLAND')!.units[0]).toEqual({ type: 'F', location: 'STP/SC', retreats: null });
  });
});

describe('a change touches only the lines it must', () => {
  it('a Payola phase processed: the treasury, SENT emptied, the sheet cleared, a new CAP, a new offer', () => {
    let game = updatePower(read('payola.status'), 'FRANCE', (power) => ({ ...power, funds: ['$31'], sent: [], offers: [] }));
    game = updatePower({ ...game, cap: 70 }, 'ENGLAND', (power) => ({ ...power, offers: [...power.offers, '2 ! A LVP - WAL'] }));
    expect(changedLines('payola.status', game)).toEqual([
      '10: CAP\t60 -> CAP 70',
      '20: FUNDS $48 | SENT ENGLAND -> FUNDS $31',
      '23: 4 : A PAR - BUR | 4 ! A PAR - BUR | - GAS | 8#4 >  A MAR - PIE   % Piedmont first | 2*3+1 @ F BRE - MAO |   0 : F BRE H | 5 & A MUN - BOH | 25 $ | % plan B: hold everything -> ',
      '44:  -> 2 ! A LVP - WAL',
    ]);
  });

  it('one unit moved: one line', () => {
    const game = updatePower(read('movement.status'), 'AUSTRIA', (power) => ({
      ...power,
      units: power.units.map((unit) => (unit.location === 'GAL' ? { ...unit, location: 'UKR' } : unit)),
    }));
    expect(changedLines('movement.status', game)).toEqual(['20: A GAL -> A UKR']);
  });

  it('a changed line keeps its place, even written oddly, and the file its CRLF and missing final newline', () => {
    const game = updatePower({ ...read('odd-spacing.status'), deadline: '202409021200' }, 'FRANCE', (power) => ({
      ...power,
      units: power.units.map((unit) => (unit.location === 'BRE' ? { ...unit, location: 'MAO' } : unit)),
    }));
    const text = renderStatus(game);
    expect(changedLines('odd-spacing.status', game)).toEqual(['3: deadline\t202409011200 -> DEADLINE 202409021200', '16: f\tbre -> F MAO']);
    expect(text.split('\r\n')).toHaveLength(29);
    expect(text.endsWith('colour blue')).toBe(true);
  });

  it('new values go after their kind, or after the kind before them', () => {
    let game = read('movement.status');
    game = { ...game, privacy: 'secret-word', descriptions: [{ lines: ['Second season.'], stanza: false }] };
    game = updatePower(game, 'ITALY', (power) => ({ ...power, wait: true, orders: ['A VEN H', 'F ION - TUN'] }));
    game = updatePower(game, 'ENGLAND', (power) => ({ ...power, owns: [...power.owns, 'BEL'] }));
    expect(changedLines('movement.status', game)).toEqual([
      '10:  -> DESC Second season.',
      '12:  -> PRIVATE secret-word',
      '35: OWNS EDI LON LVP NWY -> OWNS EDI LON LVP NWY BEL',
      '82:  -> WAIT',
      '86:  -> ORDERS | A VEN H | F ION - TUN',
    ]);
  });

  it('clearing and replacing orders rewrites only the order lines', () => {
    let game = updatePower(read('movement.status'), 'AUSTRIA', (power) => ({ ...power, orders: ['A BUD - RUM', 'F TRI - ADR'] }));
    game = updatePower(game, 'TURKEY', (power) => ({ ...power, orders: [] }));
    expect(changedLines('movement.status', game)).toEqual([
      '26: A GAL S A BUD - RUM | A SER S A BUD - RUM | F ALB - GRE | F TRI H -> F TRI - ADR',
      '116: ORDERS | A ARM - SEV | A BUL S A RUM | F AEG - GRE | F ANK - BLA -> ',
    ]);
  });

  it('a removed power takes its whole block; a new one goes at the end', () => {
    const game = read('retreats.status');
    const changed = { ...game, powers: [...game.powers.filter((power) => power.name !== 'FRANCE'), { ...newPower('RUSSIA'), owns: ['MOS'] }] };
    const text = renderStatus(changed);
    expect(text).not.toContain('FRANCE');
    expect(text.endsWith('F ION --> APU ADR TYS GRE\nRETREAT F ION - TYS\n\nRUSSIA\nOWNS MOS\n')).toBe(true);
    expect(text).toContain('RETREAT A GAL SIL\n\nGERMANY\n');
  });

  it('a changed one-line NAME is rewritten alone, the NAME stanza before it kept', () => {
    const game = read('morph-desc.status');
    const changed = { ...game, nameOrigins: [game.nameOrigins[0]!, { lines: ['Also after a film.'], stanza: false }] };
    expect(changedLines('morph-desc.status', changed)).toEqual(['23: NAME Also after a song. -> NAME Also after a film.']);
  });

  it('keeps an empty ORDERS line written by hand', () => {
    const game = read('extras.status');
    expect(findPower(game, 'GERMANY')!.orders).toEqual([]);
    expect(
      changedLines(
        'extras.status',
        updatePower(game, 'GERMANY', (power) => ({ ...power, wait: true })),
      ),
    ).toEqual(['36:  -> WAIT']);
  });
});
