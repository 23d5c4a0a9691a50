import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPower, newGame, newPower, updatePower, type GameStatus } from '../../src/status/model.js';
import { verifyPassword } from '../../src/status/password.js';
import { AuditLog, sha256 } from '../../src/store/audit.js';
import { openDatabase } from '../../src/store/database.js';
import { GameNameError } from '../../src/store/game-name.js';
import {
  GameExistsError,
  GameStore,
  LastSettledFiles,
  NoSuchGameError,
  StatusBeingEditedError,
  StatusConflictError,
  type Actor,
} from '../../src/store/game-store.js';
import { FileLock, LockTimeoutError } from '../../src/store/lock.js';
import { fixtureText } from '../status/fixtures.js';

const GM: Actor = { who: 'gm@example.org', command: 'SET DEADLINE' };

function setUp(games: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'judge-store-'));
  const gamesFolder = join(root, 'games');
  const audit = new AuditLog(openDatabase(join(root, 'var', 'judge.db')));
  const store = new GameStore({ games: gamesFolder, audit });
  mkdirSync(gamesFolder, { recursive: true });
  for (const [name, text] of Object.entries(games)) {
    mkdirSync(join(gamesFolder, name));
    writeFileSync(join(gamesFolder, name, 'status'), text);
  }
  return { store, audit, games: gamesFolder, statusOf: (name: string) => readFileSync(join(gamesFolder, name, 'status'), 'utf8') };
}

const riverrun = fixtureText('movement.status');
/** The same game with its passwords hashed already, so that a save changes only what the test changes. */
const hashedRiverrun = riverrun.replace(/^PASSWORD \S+$/gm, 'PASSWORD scrypt$16384$8$1$c2FsdA$aGFzaA');
const withDeadline =
  (deadline: string) =>
  ({ game }: { game: GameStatus }) => ({ ...game, deadline });

describe('changing a game', () => {
  it('writes the change, touching only its lines, and records it in the audit log', async () => {
    const { store, audit, statusOf } = setUp({ riverrun: hashedRiverrun });
    const saved = await store.update('riverrun', GM, withDeadline('202403171800'));
    expect(statusOf('riverrun')).toBe(hashedRiverrun.replace('DEADLINE 202403151800', 'DEADLINE 202403171800'));
    expect(saved.game.deadline).toBe('202403171800');
    const [entry] = audit.history('riverrun/status');
    expect(entry).toMatchObject({ game: 'riverrun', actor: 'gm@example.org', command: 'SET DEADLINE', state: 'done', afterSha256: saved.sha256 });
    expect(entry!.changes).toEqual([{ beforeLine: 3, before: ['DEADLINE 202403151800'], afterLine: 3, after: ['DEADLINE 202403171800'] }]);
  });

  it('hashes the plaintext passwords typed in by hand on that save, and never logs them', async () => {
    const { store, audit, statusOf } = setUp({ riverrun });
    await store.update('riverrun', GM, withDeadline('202403171800'));
    const text = statusOf('riverrun');
    expect(text).not.toMatch(/-secret/);
    expect(text.match(/^PASSWORD scrypt\$/gm)).toHaveLength(9);
    const austria = findPower(store.load('riverrun').game, 'AUSTRIA')!;
    expect(await verifyPassword(austria.password!, 'ada-secret')).toBe(true);
    const logged = JSON.stringify(audit.history('riverrun/status'));
    expect(logged).not.toMatch(/-secret|scrypt/);
    expect(logged).toContain('PASSWORD (hidden)');
  });

  it('writes nothing, and logs nothing, when the change is no change', async () => {
    const { store, audit, statusOf } = setUp({ riverrun: hashedRiverrun });
    await store.update('riverrun', GM, () => null);
    await store.update('riverrun', GM, withDeadline('202403151800'));
    expect(statusOf('riverrun')).toBe(hashedRiverrun);
    expect(audit.history('riverrun/status')).toEqual([]);
  });

  it('refuses a value that would inject a line, and leaves the file as it was', async () => {
    const { store, statusOf } = setUp({ riverrun: hashedRiverrun });
    const injected = ({ game }: { game: GameStatus }) => updatePower(game, 'FRANCE', (power) => ({ ...power, orders: ['A PAR H\nPOWER ENGLAND'] }));
    await expect(store.update('riverrun', GM, injected)).rejects.toThrow('an order must not hold control characters');
    expect(statusOf('riverrun')).toBe(hashedRiverrun);
  });

  it('refuses a game that would not read back the same, checked while the disk flushes: the file as it was, the change abandoned, no temporary file left', async () => {
    const { store, audit, games, statusOf } = setUp({ riverrun: hashedRiverrun });
    // The phase type MOVE is written as such but read as MOVEMENT: the read-back check, not the render, refuses it.
    const unreadable = ({ game }: { game: GameStatus }) => ({
      ...game,
      phase: { mode: 'PHASE' as const, phase: { season: 'SPRING', year: 1901, type: 'MOVE' } },
    });
    await expect(store.update('riverrun', GM, unreadable)).rejects.toThrow('would not read back as the same game');
    expect(statusOf('riverrun')).toBe(hashedRiverrun);
    expect(audit.history('riverrun/status').map((entry) => entry.state)).toEqual(['abandoned']);
    expect(readdirSync(join(games, 'riverrun')).filter((name) => name.includes('.tmp-'))).toEqual([]);
    await store.update('riverrun', GM, withDeadline('202403171800'));
    expect(store.load('riverrun').game.deadline).toBe('202403171800');
  });

  it('says when there is no such game', async () => {
    const { store } = setUp();
    expect(() => store.load('nothing')).toThrow(NoSuchGameError);
    await expect(store.update('nothing', GM, () => null)).rejects.toThrow(/^there is no game nothing \(no .*games\/nothing\/status\)$/);
  });

  it('refuses a bad game name before any path is built', async () => {
    const { store } = setUp();
    expect(() => store.load('../etc')).toThrow(GameNameError);
    await expect(store.update('a/b', GM, () => null)).rejects.toThrow(GameNameError);
  });
});

describe('a hand edit between the judge reading a file and writing it', () => {
  it('survives: the judge reads the edited file again and applies its change to it', async () => {
    const { store, audit, games, statusOf } = setUp({ riverrun: hashedRiverrun });
    const runs: (string | null)[] = [];
    await store.update('riverrun', GM, ({ game }) => {
      runs.push(game.zone);
      // The judgekeeper saves from an editor while the judge is working on the file.
      if (runs.length === 1) writeFileSync(join(games, 'riverrun', 'status'), hashedRiverrun.replace('ZONE Europe/London', 'ZONE Europe/Dublin'));
      return { ...game, deadline: '202403171800' };
    });
    expect(runs).toEqual(['Europe/London', 'Europe/Dublin']);
    const text = statusOf('riverrun');
    expect(text).toContain('ZONE Europe/Dublin');
    expect(text).toContain('DEADLINE 202403171800');
    expect(audit.history('riverrun/status').map((entry) => entry.state)).toEqual(['abandoned', 'done']);
  });

  it('is never overwritten by a save of a model read before it', async () => {
    const { store, games, statusOf } = setUp({ riverrun: hashedRiverrun });
    const loaded = store.load('riverrun');
    const edited = hashedRiverrun.replace('DELAY 1', 'DELAY 5');
    writeFileSync(join(games, 'riverrun', 'status'), edited);
    await expect(store.save(loaded, { ...loaded.game, deadline: '202403171800' }, GM)).rejects.toThrow(
      /status was changed after it was read \(edited by hand\?\); the change was not written, read it again$/,
    );
    expect(statusOf('riverrun')).toBe(edited);
    const again = store.load('riverrun');
    await store.save(again, { ...again.game, deadline: '202403171800' }, GM);
    expect(statusOf('riverrun')).toContain('DELAY 5');
  });

  it('makes the judge give up, clearly and without writing, when the edits never stop', async () => {
    const { store, audit, games, statusOf } = setUp({ riverrun: hashedRiverrun });
    let edits = 0;
    const edit = () => writeFileSync(join(games, 'riverrun', 'status'), `${hashedRiverrun}MSG edit ${++edits}\n`);
    await expect(store.update('riverrun', GM, ({ game }) => (edit(), { ...game, delay: 9 }))).rejects.toThrow(StatusConflictError);
    expect(statusOf('riverrun')).toBe(`${hashedRiverrun}MSG edit 5\n`);
    expect(audit.history('riverrun/status').every((entry) => entry.state === 'abandoned')).toBe(true);
  });
});

describe('creating games and the main status file', () => {
  it('creates a game folder and status file once', async () => {
    const { store, audit, statusOf } = setUp();
    const game = { ...newGame('fresh'), masterPassword: 'pw', powers: [newPower('POWER#1')] };
    await store.create('fresh', { who: 'gm@example.org', command: 'CREATE' }, game);
    expect(statusOf('fresh')).toMatch(/^GAME fresh\nPHASE FORMING\nPASSWORD scrypt\$.*\n\nPOWER#1\n$/);
    expect(audit.history('fresh/status')[0]).toMatchObject({ beforeSha256: null, state: 'done' });
    await expect(store.create('fresh', GM, game)).rejects.toThrow(GameExistsError);
  });

  it('changes the main status file under its own lock, keeping the other lines', async () => {
    const { store, audit, games } = setUp();
    writeFileSync(join(games, 'status'), 'riverrun standard active\n\noxbow  standard waiting held\n');
    await store.updateMainStatus({ who: 'judgekeeper', command: 'HOLD' }, ({ status }) => ({
      ...status,
      games: status.games.map((game) => (game.name === 'riverrun' ? { ...game, flags: ['held'] } : game)),
    }));
    expect(readFileSync(join(games, 'status'), 'utf8')).toBe('riverrun standard active held\n\noxbow  standard waiting held\n');
    expect(store.loadMainStatus().status.games.map((game) => game.flags)).toEqual([['held'], ['held']]);
    expect(audit.history('status')[0]).toMatchObject({ game: null, command: 'HOLD', state: 'done' });
    expect(readdirSync(games)).toEqual(['status']);
  });

  it('recovers a game: pending audit entries settled by the file, a dead writer’s temporary file removed', async () => {
    const { store, audit, games } = setUp({ riverrun: hashedRiverrun });
    const path = join(games, 'riverrun', 'status');
    const id = audit.begin({ file: 'riverrun/status', game: 'riverrun', actor: 'x', command: 'C', before: readFileSync(path), after: Buffer.from('other') }).id;
    writeFileSync(join(games, 'riverrun', '.status.tmp-999999999-abcdef'), 'half a file');
    await store.recover('riverrun');
    expect(audit.history('riverrun/status').find((entry) => entry.id === id)!.state).toBe('abandoned');
    expect(readdirSync(join(games, 'riverrun'))).toEqual(['status']);
    expect(sha256(readFileSync(path))).toBe(store.load('riverrun').sha256);
  });

  it('renames in the history a change landed without, and removes that of a change that never landed', async () => {
    const { store, audit, games } = setUp({ riverrun: hashedRiverrun, oxbow: hashedRiverrun });
    const staged = (game: string) => {
      const history = join(games, game, 'history');
      mkdirSync(history);
      const files = ['S1901M', 'S1901M.next'].map((phase) => ({ temporary: join(history, `.${phase}.tmp-999999999-abcdef`), path: join(history, phase) }));
      for (const { temporary } of files) writeFileSync(temporary, `snapshot of ${game}`);
      return files;
    };
    const after = Buffer.from(hashedRiverrun.replace('DEADLINE 202403151800', 'DEADLINE 202403171800'));
    const change = (game: string) => ({ file: `${game}/status`, game, actor: 'x', command: 'PROCESS', before: Buffer.from(hashedRiverrun), after });
    // A power cut after the status file's rename reached the disk, before the snapshots' did: the change is on disk, its history staged.
    const landed = audit.begin({ ...change('riverrun'), staged: join(games, 'riverrun', '.status.tmp-999999999-abcdef'), companions: staged('riverrun') }).id;
    writeFileSync(join(games, 'riverrun', 'status'), after);
    // A crash before the status file's rename: the change never landed.
    const lost = audit.begin({ ...change('oxbow'), staged: join(games, 'oxbow', '.status.tmp-999999999-abcdef'), companions: staged('oxbow') }).id;
    await store.recoverAll();
    expect(audit.history('riverrun/status').find((entry) => entry.id === landed)!.state).toBe('done');
    expect(readdirSync(join(games, 'riverrun', 'history')).sort()).toEqual(['S1901M', 'S1901M.next']);
    expect(readFileSync(join(games, 'riverrun', 'history', 'S1901M.next'), 'utf8')).toBe('snapshot of riverrun');
    expect(audit.history('oxbow/status').find((entry) => entry.id === lost)!.state).toBe('abandoned');
    expect(readdirSync(join(games, 'oxbow', 'history'))).toEqual([]);
  });
});

describe('a change announced before its renames reached the disk', () => {
  const after = Buffer.from(hashedRiverrun.replace('DEADLINE 202403151800', 'DEADLINE 202403171800'));
  const change = { file: 'riverrun/status', game: 'riverrun', actor: 'x', command: 'PROCESS', before: Buffer.from(hashedRiverrun), after };

  it('is renamed in again, with its history, when a power cut lost the renames: the file is still its before and the staged files are there', async () => {
    const { store, audit, games } = setUp({ riverrun: hashedRiverrun });
    const history = join(games, 'riverrun', 'history');
    mkdirSync(history);
    const snapshot = { temporary: join(history, '.S1901M.next.tmp-999999999-abcdef'), path: join(history, 'S1901M.next') };
    writeFileSync(snapshot.temporary, 'snapshot after');
    const staged = join(games, 'riverrun', '.status.tmp-999999999-abcdef');
    writeFileSync(staged, after);
    const id = audit.begin({ ...change, staged, companions: [snapshot] }).id;
    // Renamed in, announced, and then the power cut: the renames were lost, the staged files (flushed before them) were not.
    audit.renamed(id);
    expect(store.load('riverrun').sha256).toBe(sha256(Buffer.from(hashedRiverrun)));
    await store.recoverAll();
    expect(readFileSync(join(games, 'riverrun', 'status'))).toEqual(after);
    expect(readFileSync(snapshot.path, 'utf8')).toBe('snapshot after');
    expect(readdirSync(join(games, 'riverrun')).filter((name) => name.includes('.tmp-'))).toEqual([]);
    expect(audit.history('riverrun/status').find((entry) => entry.id === id)!.state).toBe('done');
    expect(audit.unsettledFiles()).toEqual([]);
  });

  it('keeps its bytes beside the file, marked uncertain, when the file was edited after a power cut lost its renames', async () => {
    const { store, audit, games, statusOf } = setUp({ riverrun: hashedRiverrun });
    const staged = join(games, 'riverrun', '.status.tmp-999999999-abcdef');
    writeFileSync(staged, after);
    const id = audit.begin({ ...change, staged }).id;
    audit.renamed(id);
    const byHand = hashedRiverrun.replace('DEADLINE 202403151800', 'DEADLINE 202403201200');
    writeFileSync(join(games, 'riverrun', 'status'), byHand);
    await store.recoverAll();
    expect(statusOf('riverrun')).toBe(byHand);
    expect(readFileSync(join(games, 'riverrun', `status.unapplied-${id}`))).toEqual(after);
    expect(audit.history('riverrun/status').find((entry) => entry.id === id)!.state).toBe('uncertain');
    expect(audit.unsettledFiles()).toEqual([]);
  });

  it('renames in the history a power cut lost when the file itself landed, and leaves a landed or edited file as it is', async () => {
    const { store, audit, games } = setUp({ riverrun: hashedRiverrun, oxbow: hashedRiverrun });
    const history = join(games, 'riverrun', 'history');
    mkdirSync(history);
    const snapshot = { temporary: join(history, '.S1901M.next.tmp-999999999-abcdef'), path: join(history, 'S1901M.next') };
    writeFileSync(snapshot.temporary, 'snapshot after');
    // The status file's rename reached the disk, the snapshot's (another folder) did not.
    const landed = audit.begin({ ...change, staged: join(games, 'riverrun', '.status.tmp-999999999-abcdef'), companions: [snapshot] }).id;
    writeFileSync(join(games, 'riverrun', 'status'), after);
    audit.renamed(landed);
    // Renamed in, then edited by hand: the staged file is gone.
    const edited = audit.begin({ ...change, file: 'oxbow/status', game: 'oxbow', staged: join(games, 'oxbow', '.status.tmp-999999999-abcdef') }).id;
    const byHand = hashedRiverrun.replace('DEADLINE 202403151800', 'DEADLINE 202403201200');
    writeFileSync(join(games, 'oxbow', 'status'), byHand);
    audit.renamed(edited);
    expect(audit.unsettledFiles().sort()).toEqual(['oxbow/status', 'riverrun/status']);
    await store.recoverAll();
    expect(readFileSync(join(games, 'riverrun', 'status'))).toEqual(after);
    expect(readdirSync(history)).toEqual(['S1901M.next']);
    expect(readFileSync(join(games, 'oxbow', 'status'), 'utf8')).toBe(byHand);
    expect([landed, edited].map((id) => audit.history(id === landed ? 'riverrun/status' : 'oxbow/status').find((entry) => entry.id === id)!.state)).toEqual([
      'done',
      'done',
    ]);
    expect(audit.unsettledFiles()).toEqual([]);
  });

  it('is applied before a change made after a power cut lost its renames, which then builds on it: nothing abandoned', async () => {
    const { store, audit, games, statusOf } = setUp({ riverrun: hashedRiverrun });
    const staged = join(games, 'riverrun', '.status.tmp-999999999-abcdef');
    writeFileSync(staged, after);
    audit.renamed(audit.begin({ ...change, staged }).id);
    await store.update('riverrun', GM, ({ game }) => ({ ...game, deadline: `${game.deadline}` === '202403171800' ? '202403191800' : 'lost' }));
    expect(statusOf('riverrun')).toContain('DEADLINE 202403191800');
    expect(audit.history('riverrun/status').map((entry) => entry.state)).toEqual(['done', 'done']);
  });

  it('is marked landing until its folders are flushed, one mark at a time per file however many changes follow', async () => {
    const { store, audit } = setUp({ riverrun: hashedRiverrun });
    await store.update('riverrun', GM, withDeadline('202403171800'));
    // Renamed in and announced: done at once, its folders' flush still to come.
    expect(audit.history('riverrun/status').at(-1)!.state).toBe('done');
    expect(audit.unsettledFiles()).toEqual(['riverrun/status']);
    await store.update('riverrun', GM, withDeadline('202403181800'));
    expect(audit.history('riverrun/status').map((entry) => entry.state)).toEqual(['done', 'done']);
    await store.recover('riverrun');
    expect(audit.unsettledFiles()).toEqual([]);
  });
});

describe('a status file an editor is saving in place', () => {
  it('is acted on only once it has settled, never half-written', async () => {
    const { store, games } = setUp({ riverrun: hashedRiverrun });
    const path = join(games, 'riverrun', 'status');
    const cut = Math.floor(hashedRiverrun.length / 2);
    // A separate process, as an editor is: the judge's wait for the file blocks this one.
    const editor = spawn(process.execPath, [
      '-e',
      `const fs = require('fs'); const fd = fs.openSync(${JSON.stringify(path)}, 'w');
       fs.writeSync(fd, ${JSON.stringify(hashedRiverrun.slice(0, cut))});
       setTimeout(() => { fs.writeSync(fd, ${JSON.stringify(hashedRiverrun.slice(cut))}); fs.closeSync(fd); }, 250);`,
    ]);
    const exited = new Promise((resolve) => editor.once('exit', resolve));
    while (readFileSync(path, 'utf8') !== hashedRiverrun.slice(0, cut)) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(store.load('riverrun').bytes.toString('utf8')).toBe(hashedRiverrun);
    await exited;
  });
});

describe('a status file being edited, read by the daemon (lastSettled)', () => {
  const edited = hashedRiverrun.replace('DEADLINE 202403151800', 'DEADLINE 202403191800');

  function daemonStore() {
    const judge = setUp({ riverrun: hashedRiverrun });
    const path = join(judge.games, 'riverrun', 'status');
    const lastSettled = new LastSettledFiles();
    const newStore = () => new GameStore({ games: judge.games, audit: judge.audit, lastSettled });
    // Left alone for a while, as a file nobody is editing.
    const leftAlone = () => utimesSync(path, new Date(Date.now() - 10_000), new Date(Date.now() - 10_000));
    return { store: newStore(), newStore, path, leftAlone };
  }

  it('takes the version it last read settled, without waiting, and the new one once it is left alone', () => {
    const { store, path, leftAlone } = daemonStore();
    leftAlone();
    expect(store.load('riverrun').game.deadline).toBe('202403151800');
    // Saved in place just now: a store that waited would read it 400 ms later.
    writeFileSync(path, edited);
    expect(store.load('riverrun').game.deadline).toBe('202403151800');
    leftAlone();
    expect(store.load('riverrun').game.deadline).toBe('202403191800');
  });

  it('shares what it read settled between the stores given the same LastSettledFiles', () => {
    const { store, newStore, path, leftAlone } = daemonStore();
    leftAlone();
    store.load('riverrun');
    writeFileSync(path, edited);
    expect(newStore().load('riverrun').game.deadline).toBe('202403151800');
  });

  it('refuses, as a conflict to try again, a file being edited that it never read settled', () => {
    const { store } = daemonStore();
    expect(() => store.load('riverrun')).toThrow(StatusBeingEditedError);
    expect(() => store.load('riverrun')).toThrow(StatusConflictError);
  });

  it('makes a change on the file once it has settled, its thread going on meanwhile', async () => {
    const { store, path, leftAlone } = daemonStore();
    leftAlone();
    store.load('riverrun');
    writeFileSync(path, edited);
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    let changedFrom: string | null = null;
    try {
      await store.update('riverrun', GM, ({ game }) => {
        changedFrom = game.deadline;
        return { ...game, deadline: '202403201800' };
      });
    } finally {
      clearInterval(ticking);
    }
    expect(changedFrom).toBe('202403191800');
    // The wait was about 400 ms: a thread blocked for it would have ticked once at most.
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(store.load('riverrun').game.deadline).toBe('202403201800');
  });
});

describe('moving a game: RENAME and PURGE', () => {
  const RENAME: Actor = { who: 'gm@example.org', command: 'RENAME' };
  const listed = 'riverrun standard active\noxbow standard forming\n';

  function listedGame(): ReturnType<typeof setUp> {
    const judge = setUp({ riverrun: hashedRiverrun });
    writeFileSync(join(judge.games, 'status'), listed);
    return judge;
  }

  function expectRenamed({ store, games, statusOf }: ReturnType<typeof setUp>): void {
    expect(readdirSync(games).sort()).toEqual(['status', 'wetwood']);
    expect(statusOf('wetwood')).toMatch(/^GAME wetwood$/m);
    expect(
      store
        .loadMainStatus()
        .status.games.map((game) => `${game.name} ${game.state}`)
        .sort(),
    ).toEqual(['oxbow forming', 'wetwood active']);
  }

  it('RENAME moves the folder, the GAME line and the listing, each write in the audit log', async () => {
    const judge = listedGame();
    const renamed = await judge.store.renameGame('riverrun', 'wetwood', RENAME);
    expect(renamed.game.name).toBe('wetwood');
    expectRenamed(judge);
    expect(judge.audit.history('riverrun/status')[0]).toMatchObject({ game: 'riverrun', command: 'RENAME', state: 'done' });
    expect(judge.audit.history('status')[0]).toMatchObject({ game: 'riverrun', command: 'RENAME', state: 'done' });
    await expect(judge.store.renameGame('wetwood', 'riverrun', RENAME)).resolves.toBeDefined();
    await expect(judge.store.renameGame('riverrun', 'riverrun', RENAME)).rejects.toThrow(GameExistsError);
  });

  it('PURGE moves the folder aside and takes the listing out, in the audit log', async () => {
    const { store, audit, games } = listedGame();
    await store.purgeGame('riverrun', join('.purged', 'riverrun.20260105'), { who: 'gm@example.org', command: 'PURGE' });
    expect(readdirSync(games).sort()).toEqual(['.purged', 'status']);
    expect(readdirSync(join(games, '.purged', 'riverrun.20260105'))).toEqual(['status']);
    expect(store.loadMainStatus().status.games.map((game) => game.name)).toEqual(['oxbow']);
    expect(audit.history('status')[0]).toMatchObject({ game: 'riverrun', command: 'PURGE', state: 'done' });
  });

  it('waits for the game’s lock and the main status file’s lock, and moves nothing while another holds one', async () => {
    for (const lockFile of [join('riverrun', 'status.lock'), 'status.lock']) {
      const root = mkdtempSync(join(tmpdir(), 'judge-store-'));
      const games = join(root, 'games');
      mkdirSync(join(games, 'riverrun'), { recursive: true });
      writeFileSync(join(games, 'riverrun', 'status'), hashedRiverrun);
      writeFileSync(join(games, 'status'), listed);
      const store = new GameStore({ games, audit: new AuditLog(openDatabase(join(root, 'judge.db'))), lock: { timeoutMs: 50 } });
      const held = await FileLock.acquire(join(games, lockFile));
      await expect(store.renameGame('riverrun', 'wetwood', RENAME)).rejects.toThrow(LockTimeoutError);
      held.release();
      expect(readdirSync(games).sort(), lockFile).toEqual(['riverrun', 'status']);
      expect(readFileSync(join(games, 'status'), 'utf8')).toBe(listed);
    }
  });

  // The states a crash can leave a RENAME in, each step done or not (docs/durability.md).
  const crashedAfter: Record<string, (games: string) => void> = {
    'the intent': () => {},
    'the GAME line': (games) => writeFileSync(join(games, 'riverrun', 'status'), hashedRiverrun.replace(/^GAME riverrun$/m, 'GAME wetwood')),
    'the folder': (games) => {
      writeFileSync(join(games, 'riverrun', 'status'), hashedRiverrun.replace(/^GAME riverrun$/m, 'GAME wetwood'));
      renameSync(join(games, 'riverrun'), join(games, 'wetwood'));
    },
    'the listing': (games) => {
      writeFileSync(join(games, 'riverrun', 'status'), hashedRiverrun.replace(/^GAME riverrun$/m, 'GAME wetwood'));
      renameSync(join(games, 'riverrun'), join(games, 'wetwood'));
      writeFileSync(join(games, 'status'), listed.replace('riverrun', 'wetwood'));
    },
  };

  for (const [step, crash] of Object.entries(crashedAfter)) {
    it(`is finished by recovery after a crash just after ${step}: one game, under the new name`, async () => {
      const judge = listedGame();
      writeFileSync(join(judge.games, '.moving'), JSON.stringify({ game: 'riverrun', to: 'wetwood', newName: 'wetwood', actor: RENAME }));
      crash(judge.games);
      await judge.store.recoverAll();
      expectRenamed(judge);
    });
  }
});
