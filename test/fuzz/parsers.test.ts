import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMail as parseCommands } from '../../src/commands/parse.js';
import { parseTiming } from '../../src/deadline/timing.js';
import { TimingError } from '../../src/deadline/errors.js';
import { parseMail as parseMime } from '../../src/mail/parse.js';
import { fromPipe } from '../../src/mail/raw-mail.js';
import { readMapScript, type MapFileSystem } from '../../src/map/dpjudge/script.js';
import { DpjudgeMapDefinition, loadMapFile } from '../../src/map/load.js';
import { readNJudgeMap } from '../../src/map/njudge/definition.js';
import { parseOrder } from '../../src/orders/parse.js';
import { readStatus } from '../../src/status/parse.js';

/**
 * Every parser that reads outside input, fed random and half-valid text: none throws where it
 * promises not to, none hangs, and each answers within a time proportional to its input (a
 * superlinear parser shows up as a long input taking far longer per character than a short one).
 * `npm run fuzz -- --runs N` runs N inputs per parser; `npm test` a bounded number.
 */

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 150);
/** Per character, far above any linear parser's cost on this machine, far below a quadratic one's on long input. */
const MOST_MS = (size: number) => 250 + size * 0.05;

const standard = loadMapFile(join(import.meta.dirname, '..', '..', 'maps', 'standard.map'));

/** Text made of the words a parser knows, mixed with noise, so that inputs go deep into it. */
function soup(words: readonly string[], noise = fc.string({ unit: 'binary', maxLength: 6 })) {
  return fc.array(fc.oneof(fc.constantFrom(...words), noise, fc.constantFrom(' ', '\n', '-', '/', '(', ')', ':', ',')), { maxLength: 120 }).map((parts) => parts.join(' '));
}

function timed<T>(size: number, work: () => T): T {
  const started = performance.now();
  const result = work();
  const took = performance.now() - started;
  expect(took, `${took.toFixed(1)} ms for ${size} characters`).toBeLessThan(MOST_MS(size));
  return result;
}

const ORDER_WORDS = ['A', 'F', 'PAR', 'BUR', 'MAR', 'SPA', 'NC', 'SC', 'S', 'C', 'H', '-', 'VIA', 'CONVOY', 'BUILD', 'REMOVE', 'WAIVE', 'R', 'D', 'STP', 'MAO', 'TYR', 'THE', 'TO'];
const COMMAND_WORDS = ['SIGNON', 'FALPHA', 'PRESS', 'TO', 'ENDPRESS', 'BROADCAST', 'LIST', 'MAP', 'PNG', 'HELP', 'CREATE', 'JOIN', 'SET', 'DEADLINE', 'WAIT', 'PROCESS!', 'SIGNOFF', 'RESIGN', 'A PAR - BUR', '//', '>', '-- '];
const STATUS_WORDS = ['GAME', 'PHASE', 'SPRING', '1901', 'MOVEMENT', 'MASTER', 'FRANCE', 'ADDRESS', 'PASSWORD', 'OWNS', 'A PAR', 'F BRE', 'ORDERS', 'RULE', 'TIMING', 'DEADLINE', '202601051200', 'DESC', 'END', 'MAP', 'standard'];
const MAP_WORDS = ['POWER', 'FRANCE', 'LAND', 'WATER', 'COAST', 'PAR', 'BUR', 'ABUTS', '=', 'Paris', 'UNPLAYED', 'VICTORY', '18', 'BEGIN', 'SPRING', '1901', 'MOVEMENT', 'FLOW', 'RULES', 'IN', 'FROM', 'DIRECTIVES', 'END', 'USE', 'A', 'F', 'INHABITS', 'HOME'];
const NJUDGE_WORDS = ['Paris,', 'l', 'w', 'x', 'par', '-mv:', '-xc:', 'bur', 'pic', '-1', '\n', 'France', 'A', 'F', 'Spring', '1901'];
const TIMING_WORDS = ['TIMING', 'MOVE', 'RETREAT', 'ADJUST', '1D', '12H', '30M', 'DAYS', '-MTWTF-', 'AT', '18:00', 'NOT', 'SAT', 'SUN', 'MOVES', 'WEEK'];

function memoryFileSystem(files: Record<string, string>): MapFileSystem {
  return {
    resolve: (name, fromDir) => (join(fromDir, name) in files ? join(fromDir, name) : null),
    read: (path) => {
      if (!(path in files)) throw new Error('no such file');
      return files[path]!;
    },
    dirname: (path) => dirname(path),
    display: (path) => path,
  };
}

describe('parsers of outside input, fuzzed', () => {
  it('orders: every phase, never a throw', () => {
    fc.assert(
      fc.property(soup(ORDER_WORDS), fc.constantFrom('MOVEMENT', 'RETREATS', 'ADJUSTMENTS'), (text, phase) => {
        timed(text.length, () => parseOrder(standard, text, phase as 'MOVEMENT'));
      }),
      { numRuns: RUNS },
    );
  });

  it('mail bodies as commands: never a throw, every command on a line of the mail', () => {
    fc.assert(
      fc.property(fc.oneof(soup(COMMAND_WORDS), fc.string({ unit: 'binary', maxLength: 400 })), (text) => {
        const parsed = timed(text.length, () => parseCommands(text));
        const lines = text.split(/\r\n|\r|\n/).length;
        for (const command of parsed.commands) expect(command.line).toBeLessThanOrEqual(lines);
      }),
      { numRuns: RUNS },
    );
  });

  it('status files: never a throw, a diagnostic instead', () => {
    fc.assert(
      fc.property(fc.oneof(soup(STATUS_WORDS).map((text) => text.replace(/ (?=[A-Z]{4,})/g, '\n')), fc.string({ unit: 'binary', maxLength: 400 })), (text) => {
        timed(text.length, () => readStatus(Buffer.from(text), 'fuzz/status'));
      }),
      { numRuns: RUNS },
    );
  });

  it('DPjudge map files: never a throw, diagnostics with a line', () => {
    fc.assert(
      fc.property(soup(MAP_WORDS).map((text) => text.replace(/ (?=[A-Z]{4,})/g, '\n')), (text) => {
        const definition = timed(text.length, () => new DpjudgeMapDefinition(readMapScript('fuzz.map', memoryFileSystem({ 'fuzz.map': text })), { name: 'fuzz', files: ['fuzz.map'], graphicalMap: null, dialect: 'dpjudge' }));
        for (const diagnostic of definition.diagnostics) expect(diagnostic.line).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('nJudge map and seed files: never a throw', () => {
    fc.assert(
      fc.property(soup(NJUDGE_WORDS), soup(NJUDGE_WORDS), (map, seed) => {
        timed(map.length + seed.length, () => readNJudgeMap('/v/map.fuzz', memoryFileSystem({ '/v/map.fuzz': map, '/v/seed.fuzz': seed })));
      }),
      { numRuns: RUNS },
    );
  });

  it('TIMING lines: a TimingError or a timing, nothing else', () => {
    fc.assert(
      fc.property(soup(TIMING_WORDS), (text) => {
        timed(text.length, () => {
          try {
            parseTiming(text);
          } catch (error) {
            expect(error).toBeInstanceOf(TimingError);
          }
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('MIME mails: read or refused, in time', async () => {
    const sample = readFileSync(join(import.meta.dirname, '..', 'mail', 'fixtures', 'thunderbird-alternative.eml'));
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2_000 }), fc.nat(sample.length), async (noise, cut) => {
        const bytes = Buffer.concat([sample.subarray(0, cut), Buffer.from(noise)]);
        const started = performance.now();
        await parseMime(fromPipe(bytes, 1_000_000)).catch(() => undefined);
        expect(performance.now() - started).toBeLessThan(MOST_MS(bytes.length) + 250);
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });
});
