import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommands } from '../../src/commands/run/registry.js';
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
 * promises not to, and none hangs. How fast each answers is measured, not asserted: a wall-clock
 * bound tight enough to catch a slow parser fails on a busy machine (the 250 ms bound it had was
 * seen failing at load 30), so the slowest input of each parser goes into `npm run proof`'s table.
 * `npm run fuzz -- --runs N` runs N inputs per parser; `npm test` a bounded number.
 */

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 150);
/**
 * A hang detector, not a speed bound: the inputs are at most a few thousand characters, which every
 * parser reads in well under a millisecond a character; only a parser that never ends, or backtracks
 * exponentially, takes this long, however busy the machine.
 */
const HANG_MS = 10_000;

const MIME_SAMPLE = readFileSync(join(import.meta.dirname, '..', 'mail', 'fixtures', 'thunderbird-alternative.eml'));
const standard = loadMapFile(join(import.meta.dirname, '..', '..', 'maps', 'standard.map'));

/** Text made of the words a parser knows, mixed with noise, so that inputs go deep into it. */
function soup(words: readonly string[], noise = fc.string({ unit: 'binary', maxLength: 6 })) {
  return fc
    .array(fc.oneof(fc.constantFrom(...words), noise, fc.constantFrom(' ', '\n', '-', '/', '(', ')', ':', ',')), { maxLength: 120 })
    .map((parts) => parts.join(' '));
}

/** What one parser's run did, for `npm run proof`'s table (FUZZ_REPORT). */
interface Tally {
  readonly parser: string;
  inputs: number;
  crashes: number;
  hangs: number;
  /** The slowest input, and its size: a superlinear parser shows as a long input that is slow. */
  worstMs: number;
  worstSize: number;
}

const tallies: Tally[] = [];

afterAll(() => {
  if (process.env['FUZZ_REPORT']) writeFileSync(process.env['FUZZ_REPORT'], JSON.stringify(tallies));
});

/** Runs one parser's property, counting its inputs, and the failures as hangs (over the time bound) or crashes (anything else). */
async function fuzz(parser: string, run: (tally: Tally) => unknown): Promise<void> {
  const tally: Tally = { parser, inputs: 0, crashes: 0, hangs: 0, worstMs: 0, worstSize: 0 };
  tallies.push(tally);
  try {
    await run(tally);
  } catch (error) {
    if (String(error).includes(' ms for ')) tally.hangs++;
    else tally.crashes++;
    throw error;
  }
}

function timed<T>(tally: Tally, size: number, work: () => T): T {
  const started = performance.now();
  const result = work();
  const took = performance.now() - started;
  tally.inputs++;
  if (took > tally.worstMs) Object.assign(tally, { worstMs: took, worstSize: size });
  expect(took, `${took.toFixed(1)} ms for ${size} characters`).toBeLessThan(HANG_MS);
  return result;
}

const ORDER_WORDS = [
  'A',
  'F',
  'PAR',
  'BUR',
  'MAR',
  'SPA',
  'NC',
  'SC',
  'S',
  'C',
  'H',
  '-',
  'VIA',
  'CONVOY',
  'BUILD',
  'REMOVE',
  'WAIVE',
  'R',
  'D',
  'STP',
  'MAO',
  'TYR',
  'THE',
  'TO',
];
const COMMAND_WORDS = [
  'SIGNON',
  'FALPHA',
  'PRESS',
  'TO',
  'ENDPRESS',
  'BROADCAST',
  'LIST',
  'MAP',
  'PNG',
  'HELP',
  'CREATE',
  'JOIN',
  'SET',
  'DEADLINE',
  'WAIT',
  'PROCESS!',
  'SIGNOFF',
  'RESIGN',
  'A PAR - BUR',
  '//',
  '>',
  '-- ',
];
const STATUS_WORDS = [
  'GAME',
  'PHASE',
  'SPRING',
  '1901',
  'MOVEMENT',
  'MASTER',
  'FRANCE',
  'ADDRESS',
  'PASSWORD',
  'OWNS',
  'A PAR',
  'F BRE',
  'ORDERS',
  'RULE',
  'TIMING',
  'DEADLINE',
  '202601051200',
  'DESC',
  'END',
  'MAP',
  'standard',
];
const MAP_WORDS = [
  'POWER',
  'FRANCE',
  'LAND',
  'WATER',
  'COAST',
  'PAR',
  'BUR',
  'ABUTS',
  '=',
  'Paris',
  'UNPLAYED',
  'VICTORY',
  '18',
  'BEGIN',
  'SPRING',
  '1901',
  'MOVEMENT',
  'FLOW',
  'RULES',
  'IN',
  'FROM',
  'DIRECTIVES',
  'END',
  'USE',
  'A',
  'F',
  'INHABITS',
  'HOME',
];
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

/**
 * Each test is a fixed amount of work (the orders test, the costliest, about 0.8 s of CPU), but its
 * wall time stretches with the machine's load: at load 27 it took 40 s, past vitest's 30 s default.
 * This bound is a hang detector's too, not a speed target.
 */
describe('parsers of outside input, fuzzed', { timeout: 180_000 }, () => {
  it('orders: every phase, never a throw', () =>
    fuzz('orders', (tally) =>
      fc.assert(
        fc.property(soup(ORDER_WORDS), fc.constantFrom('MOVEMENT', 'RETREATS', 'ADJUSTMENTS'), (text, phase) => {
          timed(tally, text.length, () => parseOrder(standard, text, phase as 'MOVEMENT'));
        }),
        { numRuns: RUNS },
      ),
    ));

  it('mail bodies as commands: never a throw, every command on a line of the mail', () =>
    fuzz('mail bodies as commands', (tally) =>
      fc.assert(
        fc.property(fc.oneof(soup(COMMAND_WORDS), fc.string({ unit: 'binary', maxLength: 400 })), (text) => {
          const parsed = timed(tally, text.length, () => parseCommands(text));
          const lines = text.split(/\r\n|\r|\n/).length;
          for (const command of parsed.commands) expect(command.line).toBeLessThanOrEqual(lines);
        }),
        { numRuns: RUNS },
      ),
    ));

  it('status files: never a throw, a diagnostic instead', () =>
    fuzz('status files', (tally) =>
      fc.assert(
        fc.property(
          fc.oneof(
            soup(STATUS_WORDS).map((text) => text.replace(/ (?=[A-Z]{4,})/g, '\n')),
            fc.string({ unit: 'binary', maxLength: 400 }),
          ),
          (text) => {
            timed(tally, text.length, () => readStatus(Buffer.from(text), 'fuzz/status'));
          },
        ),
        { numRuns: RUNS },
      ),
    ));

  it('DPjudge map files: never a throw, diagnostics with a line', () =>
    fuzz('DPjudge maps', (tally) =>
      fc.assert(
        fc.property(
          soup(MAP_WORDS).map((text) => text.replace(/ (?=[A-Z]{4,})/g, '\n')),
          (text) => {
            const definition = timed(
              tally,
              text.length,
              () =>
                new DpjudgeMapDefinition(readMapScript('fuzz.map', memoryFileSystem({ 'fuzz.map': text })), {
                  name: 'fuzz',
                  files: ['fuzz.map'],
                  graphicalMap: null,
                  dialect: 'dpjudge',
                }),
            );
            for (const diagnostic of definition.diagnostics) expect(diagnostic.line).toBeGreaterThanOrEqual(0);
          },
        ),
        { numRuns: RUNS },
      ),
    ));

  it('nJudge map and seed files: never a throw', () =>
    fuzz('nJudge maps and seeds', (tally) =>
      fc.assert(
        fc.property(soup(NJUDGE_WORDS), soup(NJUDGE_WORDS), (map, seed) => {
          timed(tally, map.length + seed.length, () => readNJudgeMap('/v/map.fuzz', memoryFileSystem({ '/v/map.fuzz': map, '/v/seed.fuzz': seed })));
        }),
        { numRuns: RUNS },
      ),
    ));

  it('TIMING lines: a TimingError or a timing, nothing else', () =>
    fuzz('TIMING lines', (tally) =>
      fc.assert(
        fc.property(soup(TIMING_WORDS), (text) => {
          timed(tally, text.length, () => {
            try {
              parseTiming(text);
            } catch (error) {
              expect(error).toBeInstanceOf(TimingError);
            }
          });
        }),
        { numRuns: RUNS },
      ),
    ));

  it('MIME mails: read or refused, never a hang', () =>
    fuzz('MIME mails', (tally) =>
      fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 2_000 }), fc.nat(MIME_SAMPLE.length), async (noise, cut) => {
          const bytes = Buffer.concat([MIME_SAMPLE.subarray(0, cut), Buffer.from(noise)]);
          const started = performance.now();
          await parseMime(fromPipe(bytes, 1_000_000)).catch(() => undefined);
          const took = performance.now() - started;
          tally.inputs++;
          if (took > tally.worstMs) Object.assign(tally, { worstMs: took, worstSize: bytes.length });
          expect(took, `${took.toFixed(1)} ms for ${bytes.length} characters`).toBeLessThan(HANG_MS);
        }),
        { numRuns: Math.ceil(RUNS / 3) },
      ),
    ));
});
