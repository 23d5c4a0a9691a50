import { expect } from 'vitest';
import { address, mailJudge, MASTER, noticesTo, playersOf } from '../commands/execute/support.js';

/** A Crystal Ball game created and joined by mail, played by its seven players and the Master. */

export const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];

export async function crystalBall(rules: readonly string[] = [], options: { seed?: number; statusLines?: readonly string[] } = {}) {
  const judge = mailJudge({ seed: options.seed ?? 5 });
  const setUp = ['CREATE cb masterpw xtalball', ...rules.map((rule) => `RULE ${rule}`), ...(options.statusLines ?? []), 'FORM', 'SIGNOFF'];
  const created = await judge.send(MASTER, setUp.join('\n'));
  for (let n = 1; n <= 7; n++) await judge.send(address(n), `JOIN cb pw${n}`);
  const players = playersOf(judge, 'cb');
  const addressOf = (power: string | null) => (power === null ? MASTER : players.get(power)!.address);
  const send = (power: string, lines: readonly string[]) =>
    judge.send(addressOf(power), [`SIGNON ${power.charAt(0)}cb ${players.get(power)!.password}`, ...lines].join('\n'));
  const master = (lines: readonly string[]) => judge.send(MASTER, ['SIGNON Mcb masterpw', ...lines].join('\n'));
  /** Has the Master process the phase; what comes back gives the results each reader (a power, or null: the Master) was mailed. */
  const process = async (command = 'PROCESS!') => {
    const processed = await master([command]);
    expect(processed.reply.text).toContain('is processed');
    const results = (power: string | null) => noticesTo(processed.notices, addressOf(power)).find((notice) => / results /.test(notice.subject))!.text;
    return Object.assign(results, { notices: processed.notices });
  };
  return { judge, created, players, addressOf, send, master, process };
}

export type CrystalBall = Awaited<ReturnType<typeof crystalBall>>;

/** Spring 1901: every power's first list in (so the lists lock), France's as given. */
export async function firstTurn(game: CrystalBall, france: readonly string[]) {
  for (const power of POWERS) await game.send(power, power === 'FRANCE' ? france : ['A MUN H']);
  return game.process();
}

/** The lines of a mail from `heading` to the next blank line. */
export function section(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  expect(start, `${heading} in\n${text}`).toBeGreaterThanOrEqual(0);
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}
