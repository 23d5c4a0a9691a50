import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeadlineIndex } from '../../src/checker/deadline-index.js';
import { LastSettledFiles } from '../../src/store/game-store.js';
import { actor, checkerJudge, KEEPER, utc } from './support.js';
import { master, player } from '../game/support.js';

const MASTER = 'master@example.org';

function editByHand(path: string, edit: (text: string) => string): void {
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
}

describe('the deadline index', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads a status file again at the next sweep when a sweep found it being saved and read the daemon's settled copy", async () => {
    // The daemon's reads: the copy last read settled while the file is being saved (store/game-store.ts).
    const judge = checkerJudge({ lastSettled: new LastSettledFiles() });
    await judge.startGame('alpha');
    const path = join(judge.games, 'alpha', 'status');
    // How long ago the file was saved, as the store sees it (the clock is the one thing mocked).
    const savedAgo = (ms: number) => vi.setSystemTime(statSync(path).mtimeMs + ms);
    vi.useFakeTimers({ toFake: ['Date'] });
    savedAgo(10_000);
    await judge.sweepAt(utc('2026-01-05T12:20'));

    editByHand(path, (text) => text.replace(/^DEADLINE \d+$/m, 'DEADLINE 202601051320'));
    savedAgo(100);
    const whileSaving = await judge.sweepAt(utc('2026-01-05T13:20'));
    expect(whileSaving.actions).toEqual([]);

    savedAgo(10_000);
    const afterwards = await judge.sweepAt(utc('2026-01-05T13:40'));
    expect(afterwards.reread).toBe(1);
    expect(afterwards.actions).toEqual([{ game: 'alpha', action: 'late notice', detail: expect.stringContaining('DELAY 24') }]);
  });

  it('reads only the status files that changed and touches only the games with something due', async () => {
    const judge = checkerJudge();
    for (const name of ['alpha', 'beta', 'gamma', 'omega']) await judge.startGame(name);
    await judge.service.lifecycle.create({ name: 'delta', master, masterPassword: 'secret', map: null }, actor);
    await judge.service.lifecycle.terminate('omega', actor);
    expect(readFileSync(join(judge.games, 'status'), 'utf8')).toMatch(/^omega standard terminated$/m);

    const first = await judge.sweepAt(utc('2026-01-05T12:20'));
    expect([first.reread, first.due, first.actions]).toEqual([4, 0, []]);
    const index = new DeadlineIndex(judge.db, judge.service, judge.games);
    expect(index.listed()).toEqual([
      { name: 'alpha', state: 'active' },
      { name: 'beta', state: 'active' },
      { name: 'delta', state: 'forming' },
      { name: 'gamma', state: 'active' },
    ]);
    const quiet = await judge.sweepAt(utc('2026-01-05T12:40'));
    expect([quiet.reread, quiet.due, quiet.actions]).toEqual([0, 0, []]);

    // Orders handled by mail change beta's file: it is read again, and still has nothing due.
    await judge.order('beta', ['FRANCE']);
    const afterOrders = await judge.sweepAt(utc('2026-01-05T13:00'));
    expect([afterOrders.reread, afterOrders.due]).toEqual([1, 0]);

    // The judgekeeper moves alpha's deadline by hand: the next sweep finds it passed.
    editByHand(join(judge.games, 'alpha', 'status'), (text) => text.replace(/^DEADLINE \d+$/m, 'DEADLINE 202601051320'));
    const afterEdit = await judge.sweepAt(utc('2026-01-05T13:20'));
    expect(afterEdit.reread).toBe(1);
    expect(afterEdit.actions).toEqual([{ game: 'alpha', action: 'late notice', detail: expect.stringContaining('DELAY 24') }]);

    // A held game is not looked at, whatever its deadline; once released it is.
    editByHand(join(judge.games, 'gamma', 'status'), (text) => text.replace(/^DEADLINE \d+$/m, 'DEADLINE 202601051320'));
    editByHand(join(judge.games, 'status'), (text) => text.replace(/^gamma standard active$/m, 'gamma standard active held'));
    const held = await judge.sweepAt(utc('2026-01-05T13:40'));
    expect(held.actions.map((action) => action.game)).toEqual(['alpha']);
    expect(index.lists('gamma')).toBe(false);
    expect(index.lists('alpha')).toBe(true);
    editByHand(join(judge.games, 'status'), (text) => text.replace(/^gamma standard active held$/m, 'gamma standard active'));
    const released = await judge.sweepAt(utc('2026-01-05T14:00'));
    expect(released.actions.map((action) => [action.game, action.action])).toEqual([
      ['alpha', 'delay'],
      ['gamma', 'late notice'],
    ]);
  });

  it('a game with status-file errors: its Master is reminded daily and nothing else is done until they are put right', async () => {
    const judge = checkerJudge();
    await judge.startGame('alpha');
    const status = join(judge.games, 'alpha', 'status');
    editByHand(status, (text) => text.replace(/^DEADLINE \d+$/m, 'DEADLINE 202601051300\nTIMING WARN 4Q'));
    await judge.sweepUntil(utc('2026-01-06T13:00'));
    expect(judge.actions.map((action) => [action.at, action.action])).toEqual([
      ['2026-01-05T12:20Z', 'status-file errors'],
      ['2026-01-06T12:20Z', 'status-file errors'],
    ]);
    expect(judge.sent.map((notice) => [notice.to, notice.subject])).toEqual([
      [[MASTER], 'alpha: the status file has errors'],
      [[MASTER], 'alpha: the status file has errors'],
    ]);
    expect(judge.sent[0]!.text).toMatch(/WARN/);
    expect(judge.game('alpha').delay).toBeNull();

    editByHand(status, (text) => text.replace(/^TIMING WARN 4Q$/m, 'TIMING WARN 4H'));
    await judge.sweepUntil(utc('2026-01-06T13:20'));
    expect(judge.actions.at(-1)).toMatchObject({ at: '2026-01-06T13:20Z', action: 'late notice' });
  });

  it('a forming game: its Master is reminded once a day', async () => {
    const judge = checkerJudge();
    await judge.service.lifecycle.create({ name: 'delta', master, masterPassword: 'secret', map: null }, actor);
    for (let n = 1; n <= 3; n++) await judge.service.roster.join('delta', { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
    await judge.sweepUntil(utc('2026-01-07T13:00'));
    expect(judge.sent.map((notice) => [notice.at, notice.to, notice.subject])).toEqual([
      ['2026-01-06T12:20Z', [MASTER], 'delta: still forming'],
      ['2026-01-07T12:20Z', [MASTER], 'delta: still forming'],
    ]);
    // The reminder's wording is kept here.
    expect(judge.sent[1]!.text).toContain("Game 'delta' has been forming for 2 days: 3 of 7 players have joined.");
  });

  it('a failure is reported to the judgekeeper once, and the game is tried again at every sweep', async () => {
    const judge = checkerJudge();
    await judge.startGame('alpha');
    await judge.order('alpha');
    const process = judge.service.phases.process.bind(judge.service.phases);
    judge.service.phases.process = async () => {
      throw new Error('the adjudicator fell over');
    };
    await judge.sweepUntil(utc('2026-01-05T13:20'));
    expect(judge.actions.map((action) => [action.at, action.action, action.detail])).toEqual([
      ['2026-01-05T12:20Z', 'delay', 'DELAY counted down to 0: the next check acts on the game'],
      ['2026-01-05T12:40Z', 'failed', 'process: the adjudicator fell over'],
      ['2026-01-05T13:00Z', 'failed', 'process: the adjudicator fell over'],
      ['2026-01-05T13:20Z', 'failed', 'process: the adjudicator fell over'],
    ]);
    expect(judge.sent.map((notice) => [notice.to, notice.subject])).toEqual([[[KEEPER], 'alpha: the deadline checker failed']]);
    judge.service.phases.process = process;
    await judge.sweepAt(utc('2026-01-05T13:40'));
    expect(judge.actions.at(-1)).toMatchObject({ action: 'processed' });
  });
});
