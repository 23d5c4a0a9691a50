import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPower, type GameStatus, type PowerStatus } from '../../src/status/model.js';
import { parseStatus, readStatus } from '../../src/status/parse.js';
import { renderStatus, renderStatusBytes } from '../../src/status/render.js';
import { splitLines } from '../../src/status/text.js';
import { writeStatus } from '../../src/status/write.js';
import { caseKeptWord, game, order, withoutSource } from './arbitraries.js';
import { fixtureBytes, fixtureNames } from './fixtures.js';

describe('a model written and read back is the same model', () => {
  it('for random games', () => {
    fc.assert(
      fc.property(game, (model) => {
        const read = parseStatus(renderStatus(model));
        expect(read.diagnostics).toEqual([]);
        expect(withoutSource(read.game)).toEqual(model);
      }),
      { numRuns: 400 },
    );
  });

  /** Edits a game layer could make to a fixture, with random values. */
  const edit = fc.oneof(
    fc.record({ deadline: fc.constantFrom('202501011200', '202612312359') }).map((change) => (game: GameStatus) => ({ ...game, ...change })),
    fc
      .array(order, { maxLength: 4 })
      .chain((orders) => fc.nat().map((which) => (game: GameStatus) => changePower(game, which, (power) => ({ ...power, orders })))),
    fc
      .array(order, { maxLength: 2 })
      .chain((sooner) => fc.nat().map((which) => (game: GameStatus) => changePower(game, which, (power) => ({ ...power, sooner })))),
    fc.nat().map((which) => (game: GameStatus) => changePower(game, which, (power) => ({ ...power, units: [...power.units].reverse().slice(1) }))),
    fc.nat().map((which) => (game: GameStatus) => changePower(game, which, (power) => ({ ...power, wait: !power.wait, owns: [...power.owns, 'XYZ'] }))),
    fc.nat().map((which) => (game: GameStatus) => ({ ...game, powers: game.powers.filter((_, index) => index !== which % Math.max(1, game.powers.length)) })),
    caseKeptWord.map((word) => (game: GameStatus) => ({ ...game, powers: [...game.powers, { ...newPower(word.toUpperCase()), messages: [word] }] })),
    caseKeptWord.map((word) => (game: GameStatus) => ({ ...game, descriptions: [...game.descriptions, { lines: [word], stanza: true }], privacy: word })),
  );

  it('for fixtures changed the way the game layer changes them', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fixtureNames()), fc.array(edit, { minLength: 1, maxLength: 4 }), (name, edits) => {
        const changed = edits.reduce((model, change) => change(model), readStatus(fixtureBytes(name)).game);
        const read = parseStatus(renderStatus(changed)).game;
        expect(withoutSource(read)).toEqual(withoutSource(changed));
      }),
      { numRuns: 300 },
    );
  });
});

function changePower(game: GameStatus, which: number, change: (power: PowerStatus) => PowerStatus): GameStatus {
  if (game.powers.length === 0) return game;
  const target = which % game.powers.length;
  return { ...game, powers: game.powers.map((power, index) => (index === target ? change(power) : power)) };
}

/** Byte-level damage: replace, insert or delete bytes at random places. */
const damage = fc.array(fc.record({ kind: fc.constantFrom('replace', 'insert', 'delete'), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), {
  minLength: 1,
  maxLength: 8,
});

function damaged(bytes: Buffer, changes: { kind: string; at: number; byte: number }[]): Buffer {
  const result = [...bytes];
  for (const { kind, at, byte } of changes) {
    const position = at % (result.length + 1);
    if (kind === 'insert') result.splice(position, 0, byte);
    else if (kind === 'delete') result.splice(position, 1);
    else if (position < result.length) result[position] = byte;
  }
  return Buffer.from(result);
}

describe('damaged and random files', () => {
  it('never crash the reader; every problem names a line of the file; the bytes are written back unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fixtureNames()), damage, (name, changes) => {
        const bytes = damaged(fixtureBytes(name), changes);
        const parsed = readStatus(bytes, name);
        const lines = Math.max(1, splitLines(bytes.toString('latin1')).length);
        for (const diagnostic of parsed.diagnostics) {
          expect(diagnostic.file).toBe(name);
          expect(diagnostic.line).toBeGreaterThanOrEqual(1);
          expect(diagnostic.line).toBeLessThanOrEqual(lines);
        }
        expect(writeStatus(parsed.game).equals(bytes)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  const keyword = fc.constantFrom(
    'GAME',
    'PHASE',
    'AWAIT',
    'WAIT',
    'DEADLINE',
    'RULE',
    'MORPH',
    'END',
    'DESC',
    'NAME',
    'POWER',
    'OBSERVER',
    'ALLOW',
    'ORDERS',
    'SOONER',
    'A',
    'F',
    'OWNS',
    'PLAYER',
    'PASSWORD',
    'VOTE',
    'BUILD',
    'RETREAT',
    'ROTATE',
    'NEED',
    'CAP',
    'TAX',
    'ACCEPT',
    'SENT',
    '4',
    '%',
    'FRANCE',
    '-->',
    'end desc',
  );
  const line = fc.oneof(
    fc.tuple(keyword, fc.array(fc.oneof(caseKeptWord, keyword), { maxLength: 4 })).map(([first, rest]) => [first, ...rest].join(' ')),
    fc.string({ maxLength: 12 }),
  );
  const text = fc
    .array(fc.tuple(line, fc.constantFrom('\n', '\r\n', '\t\n')), { maxLength: 30 })
    .map((lines) => lines.map(([body, end]) => body + end).join(''));

  it('any text made of status-like lines reads without a crash and is written back exactly', () => {
    fc.assert(
      fc.property(text, (input) => {
        const parsed = parseStatus(input, { file: 'x' });
        expect(renderStatus(parsed.game)).toBe(input);
        expect(parsed.diagnostics.every((diagnostic) => diagnostic.line >= 1)).toBe(true);
        expect(renderStatusBytes(parsed.game).equals(Buffer.from(input, 'utf8'))).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });
});
