import { describe, expect, it } from 'vitest';
import { newGame, newPower, updatePower, type GameStatus, type PowerStatus } from '../../src/status/model.js';
import { parseStatus } from '../../src/status/parse.js';
import { renderStatus } from '../../src/status/render.js';
import { StatusWriteError } from '../../src/status/safe.js';
import { writeStatus } from '../../src/status/write.js';

function gameWith(power: Partial<PowerStatus>, game: Partial<GameStatus> = {}): GameStatus {
  return { ...newGame('alpha'), ...game, powers: [{ ...newPower('FRANCE'), ...power }] };
}

describe('writing a game the judge made', () => {
  it('writes the game lines, then each power after a blank line, in the canonical order', () => {
    const game: GameStatus = {
      ...newGame('alpha'),
      phase: { mode: 'PHASE', phase: { season: 'SPRING', year: 1901, type: 'MOVEMENT' } },
      deadline: '202401011800',
      rules: [
        [
          { rule: 'NO_PRESS', on: true },
          { rule: 'CIVIL_DISORDER', on: false },
        ],
      ],
      master: { id: 42, email: 'gm@example.org', name: 'Gm' },
      masterPassword: 'scrypt$1$2$3$abc$def',
      descriptions: [{ lines: ['First line.', 'Second line.'], stanza: true }],
      rotation: { clauses: [{ when: 'BEFORE', phaseTypes: ['MOVE'] }] },
      powers: [
        {
          ...newPower('FRANCE'),
          player: { current: { id: 7, email: 'f@example.com', name: 'Flo' }, earlier: [{ until: 'S1901M', occupant: 'DUMMY' }] },
          owns: ['BRE', 'MAR', 'PAR'],
          units: [
            { type: 'F', location: 'BRE', retreats: null },
            { type: 'A', location: 'PAR', retreats: ['BUR', 'PIC'] },
          ],
          orders: ['F BRE - MAO'],
        },
        { ...newPower('watcher', 'OBSERVER'), omniscient: 'yes-with-press' },
        { ...newPower('WAIT') },
      ],
    };
    expect(renderStatus(game)).toBe(
      [
        'GAME alpha',
        'PHASE SPRING 1901 MOVEMENT',
        'DEADLINE 202401011800',
        'RULE NO_PRESS !CIVIL_DISORDER',
        'MASTER #42|gm@example.org|Gm',
        'PASSWORD scrypt$1$2$3$abc$def',
        'DESC',
        'First line.',
        'Second line.',
        'END DESC',
        'ROTATE BEFORE MOVE',
        '',
        'FRANCE',
        'PLAYER #7|f@example.com|Flo S1901M DUMMY',
        'OWNS BRE MAR PAR',
        'F BRE',
        'A PAR --> BUR PIC',
        'ORDERS',
        'F BRE - MAO',
        '',
        'OBSERVER watcher',
        'OMNISCIENT!',
        '',
        'POWER WAIT',
        '',
      ].join('\n'),
    );
  });

  it('reads back what it writes', () => {
    const game = gameWith({ units: [{ type: 'A', location: 'PAR', retreats: [] }], phaseOrders: [{ kind: 'disband', unit: { type: 'A', location: 'PAR' } }] });
    const read = parseStatus(renderStatus(game)).game;
    expect(read.powers[0]!.units).toEqual(game.powers[0]!.units);
    expect(read.powers[0]!.phaseOrders).toEqual(game.powers[0]!.phaseOrders);
  });

  it('writes places, powers and rules upper-case, as they read back', () => {
    const game = gameWith(
      { name: 'france', owns: ['par'], units: [{ type: 'A', location: 'stp/nc', retreats: null }] },
      { rules: [[{ rule: 'no_press', on: true }]] },
    );
    expect(renderStatus(game)).toContain('RULE NO_PRESS\n');
    expect(renderStatus(game)).toContain('\nFRANCE\nOWNS PAR\nA STP/NC\n');
    expect(writeStatus(game).toString()).toContain('A STP/NC');
  });
});

describe('no value can add or reshape a line', () => {
  it.each<[string, GameStatus]>([
    ['a line break in a message', gameWith({ messages: ['hello\nPOWER ENGLAND'] })],
    ['a carriage return in an order', gameWith({ orders: ['A PAR - BUR\rF BRE H'] })],
    ['a control character in a name', gameWith({}, { master: { id: 1, email: 'gm@example.org', name: 'G\u0000m' } })],
    ['a tab in a deadline', gameWith({}, { deadline: '2024\t0101' })],
    ['a line separator in a description', gameWith({}, { descriptions: [{ lines: ['one\u2028two'], stanza: false }] })],
    ['a space in a password', gameWith({ password: 'two words' })],
    ['a space in an address', gameWith({ addresses: ['joe@example.com FRANCE'] })],
    ['a comma in an address', gameWith({ addresses: ['a@b,c@d'] })],
    ['a bar in a player name', gameWith({ player: { current: { id: 1, email: 'a@b', name: 'x|y' }, earlier: [] } })],
    ['a retreat arrow in a place', gameWith({ units: [{ type: 'A', location: 'PAR-->BUR', retreats: null }] })],
    ['an order that reads as a power', gameWith({ orders: ['POWER ENGLAND'] })],
    ['an order that reads as a power name alone', gameWith({ orders: ['ENGLAND'] })],
    ['an order that starts another list', gameWith({ orders: ['SOONER'] })],
    ['an offer that reads as a keyword line', gameWith({ offers: ['OWNS PAR BRE'] })],
    ['an offer that reads as a unit', gameWith({ offers: ['A PAR'] })],
    ['an offer that cannot be read', gameWith({ offers: ['4 : A PAR |'] })],
    ['a CAP of 0', gameWith({}, { cap: 0 })],
    ['an acceptance list of two words', gameWith({ accept: 'F E' })],
    ['a stanza line that ends the stanza', gameWith({}, { morphs: [{ lines: ['END MORPH', 'X'], stanza: true }] })],
    ['an empty one-line description, which would open a stanza', gameWith({}, { descriptions: [{ lines: [''], stanza: false }] })],
    ['a deadline that is not yyyymmddhhmm', gameWith({}, { deadline: '2024-01-01' })],
    ['a ROTATE BEFORE without phase types', gameWith({}, { rotation: { clauses: [{ when: 'BEFORE', phaseTypes: [] }] } })],
  ])('refuses %s', (_, game) => {
    expect(() => writeStatus(game)).toThrow(StatusWriteError);
  });

  it('refuses an injected order in a file read from disk as well', () => {
    const game = parseStatus('GAME alpha\nPHASE FORMING\n\nFRANCE\nORDERS\nA PAR H\n').game;
    expect(() => renderStatus(updatePower(game, 'FRANCE', (power) => ({ ...power, orders: ['A PAR H', 'OBSERVER spy'] })))).toThrow(
      "the order 'OBSERVER spy' would be read as the start of a new block, not as an order",
    );
  });

  it('never shows a password it refuses', () => {
    expect(() => writeStatus(gameWith({ password: 'my secret\n' }))).toThrow('PASSWORD must be one word without control characters, got (hidden)');
  });

  it('refuses a model that would not read back the same, such as the phase type MOVE (read as MOVEMENT)', () => {
    const game = gameWith({}, { phase: { mode: 'PHASE', phase: { season: 'SPRING', year: 1901, type: 'MOVE' } } });
    expect(() => writeStatus(game)).toThrow('would not read back as the same game');
  });

  it('leaves the read-back check to a write that runs it before its file is visible, and makes it at once for anyone else', () => {
    const game = gameWith({}, { phase: { mode: 'PHASE', phase: { season: 'SPRING', year: 1901, type: 'MOVE' } } });
    const checks: (() => void)[] = [];
    const bytes = writeStatus(game, { whileFlushing: (check) => checks.push(check) });
    expect(bytes.toString()).toContain('MOVE');
    expect(checks).toHaveLength(1);
    expect(() => writeStatus(game)).toThrow('would not read back as the same game');
    expect(() => checks[0]!()).toThrow('would not read back as the same game');
    const sound = gameWith({});
    const later: (() => void)[] = [];
    const soundBytes = writeStatus(sound, { whileFlushing: (check) => later.push(check) });
    later[0]!();
    expect(writeStatus(sound)).toBe(soundBytes);
  });
});
