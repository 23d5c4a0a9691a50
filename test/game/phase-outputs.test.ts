import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { editGame } from '../support/edit-game.js';
import { playMap, type PlayHooks } from './play.js';
import type { PictureDrawer, PictureThread } from '../../src/game/picture-thread.js';
import { projectRoot, queuedMails } from './support.js';

/**
 * What processing a phase writes, byte for byte: the status file, the results mails' text and the
 * board pictures they carry, over whole bot-played games on several maps, zones and timings. The
 * fixture holds their SHA-256 as the code wrote them before the phase's CPU was cut (issue 16), so
 * a faster writer, drawer or deadline must give the same bytes. `JUDGE_RECORD_PHASE_OUTPUTS=1`
 * writes the fixture anew, for a change meant to alter the output.
 */

const FIXTURE = join(__dirname, 'fixtures', 'phase-outputs.json');
const RECORD = process.env['JUDGE_RECORD_PHASE_OUTPUTS'] === '1';

interface PhaseOutput {
  readonly status: string;
  readonly texts: string;
  readonly pictures: string;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

interface Case {
  readonly name: string;
  readonly folder: string;
  readonly map: string;
  readonly phases: number;
  readonly seed: number;
  readonly zone?: string;
  readonly timing?: string;
  readonly start?: string;
}

const maps = join(projectRoot, 'maps');
const testMaps = join(projectRoot, 'test', 'maps');

const CASES: readonly Case[] = [
  { name: 'standard on GMT', folder: maps, map: 'standard', phases: 16, seed: 3 },
  // Spring's change of clocks falls among these phases: 29 March in London, 8 March in New York.
  {
    name: 'standard in London',
    folder: maps,
    map: 'standard',
    phases: 12,
    seed: 5,
    zone: 'Europe/London',
    timing: 'NEXT 1D MOVE 2D AT 20:00',
    start: '2026-03-10T09:13:27Z',
  },
  {
    name: 'standard in New York',
    folder: maps,
    map: 'standard',
    phases: 12,
    seed: 8,
    zone: 'America/New_York',
    timing: 'NEXT 1D MOVE 2D RETREAT 12H ADJUST 12H AT 18:00,22:00 FUDGE 2H DAYS sMTWTF- START 8H',
    start: '2026-02-27T23:59:59Z',
  },
  { name: 'standard in Kolkata', folder: maps, map: 'standard', phases: 8, seed: 13, zone: 'Asia/Kolkata', timing: 'NEXT 20M MOVE 3H' },
  { name: 'standard on Etc/GMT-3', folder: maps, map: 'standard', phases: 6, seed: 21, zone: 'Etc/GMT-3', timing: 'MOVE 1W DAYS SMTWTFS' },
  { name: 'high seas', folder: testMaps, map: 'highseas', phases: 7, seed: 4 },
  { name: 'railways', folder: testMaps, map: 'rails', phases: 5, seed: 6 },
  { name: 'Hong Kong', folder: testMaps, map: 'hongkong', phases: 2, seed: 2 },
  { name: 'tides', folder: testMaps, map: 'tides', phases: 8, seed: 9 },
  { name: 'arctic', folder: testMaps, map: 'arctic', phases: 2, seed: 12 },
];

async function outputsOf(played: Case, pictures?: PictureDrawer): Promise<PhaseOutput[]> {
  const outputs: PhaseOutput[] = [];
  const hooks: PlayHooks = {
    ...(pictures ? { pictures } : {}),
    prepare: async (judge) => {
      if (played.start !== undefined) judge.clock.now = DateTime.fromISO(played.start, { zone: 'utc' });
      if (played.zone !== undefined || played.timing !== undefined)
        await editGame(judge.store, 'v', (game) => ({ ...game, zone: played.zone ?? game.zone, timing: played.timing ?? game.timing }));
    },
    processed: (judge, mailsBefore) => {
      const mails = queuedMails(judge.db, mailsBefore).map(({ mail }) => mail);
      // Passwords are hashed with a random salt: the only bytes of the file no code change may keep.
      const status = readFileSync(judge.store.statusPath('v'), 'utf8').replace(/^PASSWORD .*$/gm, 'PASSWORD');
      outputs.push({
        status: sha256(status),
        texts: sha256(JSON.stringify(mails.map((mail) => [mail.to, mail.subject, mail.text]))),
        pictures: sha256(JSON.stringify(mails.map((mail) => mail.attachments ?? []))),
      });
    },
  };
  await playMap(played.folder, played.map, played.phases, played.seed, hooks);
  return outputs;
}

describe('the bytes a processed phase writes', () => {
  const recorded: Record<string, PhaseOutput[]> = existsSync(FIXTURE) ? (JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, PhaseOutput[]>) : {};
  const fresh: Record<string, PhaseOutput[]> = {};

  for (const played of CASES) {
    it(`are those recorded: ${played.name}`, async () => {
      const outputs = await outputsOf(played);
      expect(outputs.length).toBe(played.phases);
      fresh[played.name] = outputs;
      if (RECORD) {
        writeFileSync(FIXTURE, `${JSON.stringify({ ...recorded, ...fresh }, null, 1)}\n`);
        return;
      }
      expect(outputs).toEqual(recorded[played.name]);
    });
  }
});

/*
 * The daemon draws the pictures on a thread of its own (src/game/picture-thread.ts), which runs the
 * compiled worker script: the judge compiled for this run, as the daemon runs it. Its pictures must
 * be the bytes the phase's own thread draws.
 */
describe('the bytes a processed phase writes, its pictures drawn on the picture thread', () => {
  const recorded: Record<string, PhaseOutput[]> = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, PhaseOutput[]>;
  let thread: PictureThread;
  // A picture the thread fails to draw is drawn on the calling thread, with a warning: none may come.
  const warnings: string[] = [];
  const warned = (warning: Error) => warnings.push(warning.message);

  beforeAll(async () => {
    process.on('warning', warned);
    const compiled = (await import(join(inject('compiledJudge'), 'game', 'picture-thread.js'))) as typeof import('../../src/game/picture-thread.js');
    const opened = compiled.PictureThread.open();
    if (opened === null) throw new Error('the compiled judge has no picture worker script');
    thread = opened;
    // The thread's start (a worker compiling the judge) is not what is tested, and on a loaded host
    // it can outlast the phase's patience: the thread is started and has drawn before the cases run.
    await outputsOf(CASES[0]!, thread);
  });
  afterAll(async () => {
    await thread.close();
    process.off('warning', warned);
  });

  for (const played of CASES) {
    it(`are those recorded: ${played.name}`, async () => {
      warnings.length = 0;
      expect(await outputsOf(played, thread)).toEqual(recorded[played.name]);
      // Node emits a warning on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    });
  }
});
