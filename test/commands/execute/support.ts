import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CommandExecutor } from '../../../src/commands/run/executor.js';
import type { ExecutionOutcome } from '../../../src/commands/run/run.js';
import { attachmentBytes, type MailAttachment, type OutgoingMail } from '../../../src/store/outgoing-mail.js';
import { orderPhaseOf, ordersOnFile } from '../../../src/game/orders.js';
import { findPower, playedPhase, type GameStatus, type PowerStatus } from '../../../src/status/model.js';
import { titles } from '../../render/xml-check.js';
import { lastQueuedId, queuedMails, testJudge } from '../../game/support.js';

/** A judge on a temporary folder that is driven by mail bodies alone. */

export const JUDGE = { name: 'TEST', address: 'judge@example.org', keeper: 'keeper@example.org' };
export const MASTER = 'master@example.org';

export function address(n: number): string {
  return `player${n}@example.org`;
}

export function mailJudge(options: { seed?: number; mapFolders?: string[] } = {}) {
  const judge = testJudge(options);
  const executor = new CommandExecutor({ service: judge.service, judge: JUDGE, db: judge.db, random: judge.random });
  let mails = 0;
  // Results are queued in the outbox with the status file they announce; a test reads them with the mail's other notices.
  const send = async (from: string, text: string, mailKey = `<mail-${++mails}@example.org> hash`): Promise<ExecutionOutcome> => {
    const queuedBefore = lastQueuedId(judge.db);
    const outcome = await executor.execute({ from, text, mailKey }, judge.clock.now.toJSDate());
    const queued = queuedMails(judge.db, queuedBefore).map(({ mail }) => mail);
    return { ...outcome, notices: [...outcome.notices, ...queued] };
  };
  const statusText = (game: string): string => readFileSync(join(judge.games, game, 'status'), 'utf8');
  const mainStatus = (): string => readFileSync(join(judge.games, 'status'), 'utf8');
  return { ...judge, executor, send, statusText, mainStatus };
}

export type MailJudge = ReturnType<typeof mailJudge>;

/** The game as the judge's store reads it now. */
export function gameOf(judge: MailJudge, game = 'alpha'): GameStatus {
  return judge.service.load(game).game;
}

/** A power of the game as the store reads it now. */
export function powerOf(judge: MailJudge, power: string, game = 'alpha'): PowerStatus {
  const found = findPower(gameOf(judge, game), power);
  if (!found) throw new Error(`game '${game}' has no power ${power}`);
  return found;
}

/** The orders a power has on file for the phase being played, canonical, as the store holds them. */
export function ordersOf(judge: MailJudge, power: string, game = 'alpha'): string[] {
  const phase = playedPhase(gameOf(judge, game));
  const orderPhase = phase === null ? null : orderPhaseOf(phase);
  if (orderPhase === null) throw new Error(`game '${game}' takes no orders now`);
  return ordersOnFile(powerOf(judge, power, game), orderPhase);
}

/** Spring 1901 holds for every unit of each power: a complete set of orders (no DEFAULT_UNORDERED). */
export const HOLDS: Readonly<Record<string, string>> = {
  FRANCE: 'A PAR H\nA MAR H\nF BRE H',
  GERMANY: 'A MUN H\nA BER H\nF KIE H',
  ENGLAND: 'F LON H\nF EDI H\nA LVP H',
  ITALY: 'A ROM H\nA VEN H\nF NAP H',
  AUSTRIA: 'A VIE H\nA BUD H\nF TRI H',
  RUSSIA: 'A MOS H\nA WAR H\nF SEV H\nF STP/SC H',
  TURKEY: 'A CON H\nA SMY H\nF ANK H',
};

/** The seven players' join order gives powers at random; this finds who plays what. */
export function playersOf(judge: MailJudge, game: string): Map<string, { address: string; password: string }> {
  const loaded = judge.service.load(game).game;
  const players = new Map<string, { address: string; password: string }>();
  for (const power of loaded.powers.filter((entry) => entry.role === 'POWER')) {
    const mail = power.addresses[0];
    if (!mail) continue;
    const n = Number(/player(\d+)@/.exec(mail)?.[1]);
    players.set(power.name, { address: mail, password: `pw${n}` });
  }
  return players;
}

/** CREATE by mail, then seven JOINs: a started standard game (fewer `players`: one still forming). */
export async function startedGame(
  judge: MailJudge,
  game = 'alpha',
  statusLines: readonly string[] = [],
  players = 7,
): Promise<Map<string, { address: string; password: string }>> {
  const created = await judge.send(MASTER, [`CREATE ${game} masterpw`, ...statusLines, 'FORM', 'SIGNOFF'].join('\n'));
  expect(created.reply.text).toContain(`Game '${game}' is created`);
  for (let n = 1; n <= players; n++) {
    const joined = await judge.send(address(n), `JOIN ${game} pw${n}`);
    expect(joined.reply.text).toContain('You have joined');
  }
  return playersOf(judge, game);
}

/**
 * A started standard game under `rules`: `send` mails a power's orders as its player, and `process`
 * has the Master PROCESS Spring 1901 Movement and returns the results he receives.
 */
export async function gameUnderRules(game: string, rules: readonly string[]) {
  const judge = mailJudge();
  const players = await startedGame(
    judge,
    game,
    rules.map((rule) => `RULE ${rule}`),
  );
  const send = (power: string, orders: string) => {
    const player = players.get(power)!;
    return judge.send(player.address, `SIGNON ${power.charAt(0)}${game} ${player.password}\n${orders}`);
  };
  const process = async () => {
    const processed = await judge.send(MASTER, `SIGNON M${game} masterpw\nPROCESS`);
    expect(processed.reply.text).toContain(`Spring 1901 Movement of game '${game}' is processed`);
    return noticesTo(processed.notices, MASTER).find((notice) => notice.subject.startsWith(`${game} S1901M results`))!.text;
  };
  return { judge, players, send, process };
}

export function noticesTo(notices: readonly OutgoingMail[], to: string): OutgoingMail[] {
  return notices.filter((notice) => notice.to.includes(to));
}

/** Everything anyone but `reader` received, as one text: for checking that nothing private leaked. */
export function allText(outcome: ExecutionOutcome): string {
  return [outcome.reply.text, ...outcome.notices.map((notice) => notice.text)].join('\n');
}

/** An SVG attachment's text. */
export function svgOf(file: MailAttachment | undefined): string {
  expect(file?.contentType).toBe('image/svg+xml');
  return attachmentBytes(file!).toString('utf8');
}

/** The units a board picture draws, as `A PAR (France)`. */
export function unitsIn(file: MailAttachment | undefined): string[] {
  return titles(svgOf(file)).filter((title) => /^[AF] /.test(title));
}
