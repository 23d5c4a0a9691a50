import { execFile } from 'node:child_process';
import Database from 'better-sqlite3';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { openGameService } from '../../src/game/open.js';
import { openJournal } from '../../src/daemon/wiring.js';
import { mailSettings } from '../../src/mail/settings.js';
import { readStatus } from '../../src/status/parse.js';
import { Outbox } from '../../src/store/journal.js';
import { PressArchive } from '../../src/store/press-archive.js';
import { validateStatus } from '../../src/status/validate.js';
import { inject } from 'vitest';
import { configuredStore, editGame } from '../support/edit-game.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * The crash harness: a judge run as its own process is killed by SIGKILL at its Nth durable write
 * (JUDGE_CRASH_AT, see src/store/crash-points.ts), then the judgekeeper's or the mail system's
 * ordinary recovery runs (the same mail delivered again, the same command run again, a sweep), and
 * the invariants are checked: every mail that was due sent exactly once to each recipient, the
 * status file valid and at the phase it must be. Mail leaves as .eml files (the embedded default),
 * one file per Message-ID, so two files for one mail and recipient are a real duplicate.
 */

export const GAME = 'g1';
const MASTER = 'master@dip.test';
const JUDGE = 'judge@dip.test';

export interface Trial {
  readonly folder: string;
  readonly configFile: string;
}

interface Expectation {
  /** A subject fragment, and how many distinct recipients must each get exactly one such mail. */
  readonly subject: string;
  readonly recipients: number;
  /** A fragment of the body as well, where mails of one subject must be told apart (press from different powers). */
  readonly body?: string;
}

/** A command line to run, its standard input, and for the daemon, when its work is done (it is then stopped with SIGTERM). */
export interface Run {
  readonly args: string[];
  readonly input?: string;
  readonly done?: () => boolean;
  /** For the daemon: started once the daemon takes mails from `judge mail` (its socket is up). */
  readonly beside?: () => void;
}

export interface Scenario {
  readonly name: string;
  /** The command line to kill. */
  run(trial: Trial): Run;
  /** What the mail system or the judgekeeper does after the crash, until the work is done. */
  recover(trial: Trial): Promise<void>;
  readonly expect: readonly Expectation[];
  /** The phase the game must be at in the end. */
  readonly phase: string;
  /** The press messages the game's press archive must hold in the end, each exactly once (by a fragment of its text). */
  readonly archived?: readonly string[];
  /** Lines the status file must hold in the end (a Payola treasury charged and transferred to once, say). */
  readonly statusLines?: readonly RegExp[];
}

export interface TrialResult {
  readonly crashPoint: number;
  readonly label: string;
  readonly crashed: boolean;
  /** A timed kill only: the run's work was already done when the kill landed. */
  readonly killedAfterWork?: boolean;
  readonly lost: number;
  readonly duplicated: number;
  readonly invalid: number;
  /** The deliveries checked: each expected mail to each of its recipients. */
  readonly mails: number;
  readonly problems: string[];
}

/**
 * A folder with a standard game, started, every player's password `pw<n>`: copied for every trial.
 * `payola`: a Payola game instead, France's offer sheet on file. `xtalball`: a Crystal Ball game,
 * every power's first list on file but France's.
 */
export async function gameTemplate(ordersFor: TemplateKind = 'none'): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'judge-crash-template-'));
  const configFile = join(folder, 'judge.config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      judge: { name: 'CRASHTEST', address: JUDGE, keeper: 'keeper@dip.test' },
      folders: { maps: join(ROOT, 'maps'), templates: join(ROOT, 'templates'), games: 'games', var: 'var' },
      // Trials run side by side: no two daemons may want the same port.
      web: { enabled: false },
    }),
  );
  const loaded = loadConfig(configFile);
  const db = openJournal(mailSettings(loaded));
  try {
    const service = openGameService(loaded, db);
    const actor = { who: 'harness', command: 'SETUP' };
    await service.lifecycle.create({ name: GAME, master: { id: null, email: MASTER, name: 'Master' }, masterPassword: 'masterpw', map: null }, actor);
    for (let n = 1; n <= 7; n++) {
      const address = `player${n}@dip.test`;
      await service.roster.join(GAME, { player: { id: n, email: address, name: `Player_${n}` }, address, password: `pw${n}` }, actor);
    }
    if (ordersFor === 'payola') {
      await service.listings.updateListing(GAME, actor, (listing) => ({ ...listing, variant: 'payola' }));
      await service.submitOrders(GAME, 'FRANCE', PAYOLA_SHEET, actor);
    }
    if (ordersFor === 'xtalball') {
      await service.listings.updateListing(GAME, actor, (listing) => ({ ...listing, variant: 'xtalball' }));
      for (const power of ['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']) await service.submitOrders(GAME, power, ['A MUN H'], actor);
    }
    if (ordersFor === 'everyone') {
      const game = service.load(GAME).game;
      for (const power of game.powers.filter((entry) => entry.role === 'POWER')) {
        await service.submitOrders(
          GAME,
          power.name,
          power.units.map((unit) => `${unit.type} ${unit.location} H`),
          actor,
        );
      }
    }
    // What the set-up queued (the start mails) is not what a trial counts: it is taken as sent.
    const outbox = new Outbox(db);
    outbox.markSent(
      outbox.entries().map(({ id }) => id),
      Date.now(),
    );
    // Every order in and no DELAY left to count down: the next sweep processes the phase.
    if (ordersFor === 'everyone') await editGame(configuredStore(loaded, db), GAME, (game) => ({ ...game, delay: null }));
  } finally {
    db.close();
  }
  return folder;
}

export function newTrial(template: string): Trial {
  const folder = mkdtempSync(join(tmpdir(), 'judge-crash-'));
  cpSync(template, folder, { recursive: true });
  return { folder, configFile: join(folder, 'judge.config.json') };
}

/**
 * Runs the built judge in the trial's folder; resolves with the signal that ended it, if any. A
 * daemon run is stopped with SIGTERM once its work is `done`, or, given `killAfterMs`, killed with
 * SIGKILL that long after its start line whether or not its work is done, as a power cut at a
 * random moment would stop it (a fast machine may finish the work first: the kill still lands).
 */
export function judge(trial: Trial, run: Run, env: Record<string, string> = {}, killAfterMs?: number): Promise<NodeJS.Signals | null> {
  return runJudge(trial, run, env, killAfterMs).then((ended) => ended.signal);
}

export interface Ended {
  readonly signal: NodeJS.Signals | null;
  readonly code: number | null;
  readonly output: string;
  /** With `killAfterMs`: whether the run's work was done when the kill landed. */
  readonly workDoneAtKill: boolean;
}

/** `judge`, with the exit status and what the judge printed. */
export function runJudge(trial: Trial, run: Run, env: Record<string, string> = {}, killAfterMs?: number): Promise<Ended> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(inject('compiledJudge'), 'cli', 'main.js'), ...run.args],
      { cwd: trial.folder, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        clearInterval(watching);
        clearTimeout(killing);
        const signal = error && 'signal' in error ? ((error.signal as NodeJS.Signals | null) ?? null) : null;
        resolve({ signal, code: child.exitCode, output: `${stdout}${stderr}`, workDoneAtKill });
      },
    );
    child.stdin!.end(run.input ?? '');
    if (run.beside !== undefined) {
      const beside = run.beside;
      let started = false;
      child.stdout!.on('data', (chunk: Buffer) => {
        if (!started && chunk.toString().includes('mails handed over by judge mail')) {
          started = true;
          beside();
        }
      });
    }
    const watching = run.done && killAfterMs === undefined ? setInterval(() => run.done!() && child.kill('SIGTERM'), 50) : undefined;
    let killing: NodeJS.Timeout | undefined;
    let workDoneAtKill = false;
    if (killAfterMs !== undefined) {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (killing === undefined && chunk.toString().includes(' started'))
          killing = setTimeout(() => {
            workDoneAtKill = run.done?.() ?? false;
            child.kill('SIGKILL');
          }, killAfterMs);
      });
    }
  });
}

/** The crash points a scenario's run passes, in order (a dry run with JUDGE_CRASH_LOG). */
export async function crashPoints(template: string, scenario: Scenario): Promise<string[]> {
  const trial = newTrial(template);
  const log = join(trial.folder, 'crash-points.log');
  await judge(trial, scenario.run(trial), { JUDGE_CRASH_LOG: log });
  const labels = existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(' ').slice(2).join(' '))
    : [];
  rmSync(trial.folder, { recursive: true, force: true });
  return labels;
}

/** One trial: crash at `crashPoint`, recover, check. */
export async function runTrial(template: string, scenario: Scenario, crashPoint: number, label: string): Promise<TrialResult> {
  const trial = newTrial(template);
  try {
    const crashed = (await judge(trial, scenario.run(trial), { JUDGE_CRASH_AT: String(crashPoint) })) === 'SIGKILL';
    await scenario.recover(trial);
    return { crashPoint, label, crashed, ...checkInvariants(trial, scenario) };
  } finally {
    rmSync(trial.folder, { recursive: true, force: true });
  }
}

/** One trial of a daemon scenario: SIGKILL after `killAfterMs` instead of at a chosen write, recover, check. */
export async function runKilledAt(template: string, scenario: Scenario, killAfterMs: number): Promise<TrialResult> {
  const trial = newTrial(template);
  try {
    const ended = await runJudge(trial, scenario.run(trial), {}, killAfterMs);
    await scenario.recover(trial);
    const crashed = ended.signal === 'SIGKILL';
    return { crashPoint: 0, label: `SIGKILL after ${killAfterMs} ms`, crashed, killedAfterWork: ended.workDoneAtKill, ...checkInvariants(trial, scenario) };
  } finally {
    rmSync(trial.folder, { recursive: true, force: true });
  }
}

export interface SentMail {
  readonly subject: string;
  readonly to: string[];
  readonly body: string;
}

export function sentMails(trial: Trial): SentMail[] {
  const outbox = join(trial.folder, 'var', 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const text = readFileSync(join(outbox, name), 'utf8');
      const header = text.slice(0, text.indexOf('\r\n\r\n'));
      const field = (key: string) => new RegExp(`^${key}: (.*(?:\\r\\n[ \\t].*)*)`, 'mi').exec(header)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
      return { subject: field('Subject'), to: [...field('To').matchAll(/[\w.+-]+@[\w.-]+/g)].map((match) => match[0]), body: text.slice(header.length) };
    });
}

function checkInvariants(trial: Trial, scenario: Scenario): Omit<TrialResult, 'crashPoint' | 'label' | 'crashed'> {
  const problems: string[] = [];
  let lost = 0;
  let duplicated = 0;
  const mails = sentMails(trial);
  for (const { subject, recipients, body } of scenario.expect) {
    const copies = new Map<string, number>();
    const matching = mails.filter((entry) => entry.subject.includes(subject) && (body === undefined || entry.body.includes(body)));
    for (const mail of matching) for (const to of mail.to) copies.set(to, (copies.get(to) ?? 0) + 1);
    const what = body === undefined ? `"${subject}"` : `"${subject}" with "${body}"`;
    const missing = recipients - copies.size;
    if (missing > 0) {
      lost += missing;
      problems.push(`${missing} of ${recipients} recipients got no ${what}`);
    }
    for (const [to, count] of copies) {
      if (count > 1) {
        duplicated += count - 1;
        problems.push(`${to} got ${what} ${count} times`);
      }
    }
  }
  const errors = statusErrors(trial);
  const phase = phaseOf(trial);
  if (errors.length > 0) problems.push(`status file: ${errors.join('; ')}`);
  if (phase !== scenario.phase) problems.push(`the game is at ${phase}, not ${scenario.phase}`);
  const status = statusText(trial);
  const wrongLines = (scenario.statusLines ?? []).filter((line) => !line.test(status));
  if (wrongLines.length > 0) problems.push(`the status file lacks ${wrongLines.join(', ')}`);
  const invalid = errors.length > 0 || phase !== scenario.phase || wrongLines.length > 0 ? 1 : 0;
  const archived = scenario.archived ?? [];
  const archive = archived.length > 0 ? archivedPress(trial) : [];
  for (const text of archived) {
    const kept = archive.filter((body) => body.includes(text)).length;
    if (kept === 0) lost++;
    if (kept > 1) duplicated += kept - 1;
    if (kept !== 1) problems.push(`the press archive holds "${text}" ${kept} times`);
  }
  const results = resultsProblems(trial, phase);
  problems.push(...results);
  const checked = scenario.expect.reduce((total, { recipients }) => total + recipients, 0);
  return { lost, duplicated, invalid: invalid || (results.length > 0 ? 1 : 0), mails: checked, problems };
}

function maildir(trial: Trial): string {
  return join(trial.folder, 'var', 'maildir');
}

/** Delivers mails as an MTA does: written into `tmp/`, renamed into `new/`, dated a second ago so that the judge need not wait for them to settle. */
export function deliverToMaildir(trial: Trial, mails: readonly string[]): void {
  const past = new Date(Date.now() - 1_000);
  mails.forEach((mail, index) => {
    for (const sub of ['tmp', 'new']) mkdirSync(join(maildir(trial), sub), { recursive: true });
    const name = `${Date.now()}.${index}.harness`;
    writeFileSync(join(maildir(trial), 'tmp', name), mail);
    utimesSync(join(maildir(trial), 'tmp', name), past, past);
    renameSync(join(maildir(trial), 'tmp', name), join(maildir(trial), 'new', name));
  });
}

export function maildirEmpty(trial: Trial): boolean {
  return readdirSync(join(maildir(trial), 'new')).length === 0;
}

/** Nothing left in the journal's outbox to send (a journal not yet made has nothing). */
export function nothingPending(trial: Trial): boolean {
  const file = join(trial.folder, 'var', 'judge.db');
  if (!existsSync(file)) return true;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return new Outbox(db).counts().pending === 0;
  } finally {
    db.close();
  }
}

/** The bodies of the game's archived press (none before the journal is made). */
function archivedPress(trial: Trial): string[] {
  const file = join(trial.folder, 'var', 'judge.db');
  if (!existsSync(file)) return [];
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return new PressArchive(db).of(GAME).map((press) => press.body);
  } finally {
    db.close();
  }
}

/** What is wrong with the game's status file, as its reader and validator say it. */
export function statusErrors(trial: Trial): string[] {
  const status = readStatus(readFileSync(join(trial.folder, 'games', GAME, 'status')), `${GAME}/status`);
  return [...status.diagnostics, ...validateStatus(status.game)].filter((diagnostic) => diagnostic.severity === 'error').map((error) => error.message);
}

export function statusText(trial: Trial): string {
  return readFileSync(join(trial.folder, 'games', GAME, 'status'), 'utf8');
}

/**
 * What is wrong with the game's results file, which processing appends to: every phase's block
 * once, none for the phase the game is at (its results stand only once the status file moved on),
 * and the last block whole (the file ends with the blank line that closes a block).
 */
function resultsProblems(trial: Trial, phase: string): string[] {
  const path = join(trial.folder, 'games', GAME, 'results');
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const phases = [...text.matchAll(/^=== (\S+) ===$/gm)].map((match) => match[1]!);
  const problems = phases.filter((recorded, index) => phases.indexOf(recorded) !== index).map((recorded) => `the results file holds ${recorded} twice`);
  const current = /^(\w)\w* (\d+) (\w)\w*$/.exec(phase);
  if (current && phases.includes(`${current[1]}${current[2]}${current[3]}`)) problems.push(`the results file holds the phase the game is at, ${phase}`);
  if (text.length > 0 && !text.endsWith('\n\n')) problems.push('the results file ends in the middle of a block');
  return problems;
}

/** The PHASE line of the game's status file. */
export function phaseOf(trial: Trial): string {
  return /^PHASE (.*)$/m.exec(statusText(trial))?.[1] ?? '';
}

/** The powers' letters and passwords as dealt in the template. */
export function playerOf(trial: Trial, power: string): { address: string; password: string } {
  const text = readFileSync(join(trial.folder, 'games', GAME, 'status'), 'utf8');
  const block = new RegExp(`^${power}\\n[\\s\\S]*?^ADDRESS (\\S+)`, 'm').exec(text);
  const address = block?.[1] ?? '';
  return { address, password: `pw${/player(\d+)@/.exec(address)?.[1] ?? ''}` };
}

export function mailText(from: string, messageId: string, body: string): string {
  return [`From: ${from}`, `To: ${JUDGE}`, 'Subject: crash test', `Message-ID: ${messageId}`, 'Content-Type: text/plain; charset=utf-8', '', body, ''].join(
    '\r\n',
  );
}

type TemplateKind = 'none' | 'everyone' | 'payola' | 'xtalball';

/** The template a scenario starts from: a phase the checker processes needs every order in; a Payola phase, a Payola game; a Crystal Ball phase, a Crystal Ball game. */
export function templateKind(scenario: Scenario): TemplateKind {
  if (scenario.name.startsWith('a Payola')) return 'payola';
  if (scenario.name.startsWith('a Crystal Ball')) return 'xtalball';
  return scenario.name.startsWith('judge check (a ready game') ? 'everyone' : 'none';
}

/** France's offer sheet in the Payola template: 7 AgP of its 48 spent in Spring 1901. */
const PAYOLA_SHEET = ['4 : A PAR - BUR', '3 : A MAR - SPA'];

/**
 * The crash points a bounded run tries: the first write of each kind of the protocol's own (a
 * journal commit of each sort, the game's status file, a sent mail). The archive's files and the
 * main status file's listing are rewritten idempotently by the same steps, so `npm test` leaves
 * them to `npm run proof`, which tries every write.
 */
export function firstOfEachKind(labels: readonly string[]): number[] {
  const seen = new Set<string>();
  const points: number[] = [];
  labels.forEach((label, index) => {
    const kind = label.replace(/ \S+\.eml$/, ' *.eml');
    if (!seen.has(kind) && !ARCHIVE_OR_LISTING.test(label)) points.push(index + 1);
    seen.add(kind);
  });
  return points;
}

/** Writes of the archive (history, results) and of the main status file's listing (`games/status`, audited as `status`). */
const ARCHIVE_OR_LISTING = /^rename (history\/|\S+\/results$|games\/status$)|^audit begin status /;
