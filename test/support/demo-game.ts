import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type LoadedConfig } from '../../src/config/config.js';
import { CommandExecutor } from '../../src/commands/run/executor.js';
import { openJournal } from '../../src/daemon/wiring.js';
import { openGameService } from '../../src/game/open.js';
import { mailSettings } from '../../src/mail/settings.js';
import type { JudgeDatabase } from '../../src/store/database.js';

/**
 * A standard game one phase into play, set up by the mails its Master and players would send: for
 * the README's screenshots and the web pages' benchmark. Player n mails from playern@example.org
 * with the password pwn; the Master is mary@example.org with masterpw.
 */

const DEMO_MASTER = 'mary@example.org';

const SPRING: Readonly<Record<string, string>> = {
  ENGLAND: 'F LON - NTH\nF EDI - NWG\nA LVP - YOR',
  FRANCE: 'A PAR - BUR\nA MAR - SPA\nF BRE - MAO',
  GERMANY: 'A MUN - RUH\nA BER - KIE\nF KIE - DEN',
  ITALY: 'A VEN H\nA ROM - APU\nF NAP - ION',
  AUSTRIA: 'A VIE - GAL\nA BUD - SER\nF TRI - ALB',
  RUSSIA: 'A MOS - UKR\nA WAR H\nF SEV - BLA\nF STP/SC - BOT',
  TURKEY: 'A CON - BUL\nA SMY - CON\nF ANK - BLA',
};

interface DemoMail {
  /** Runs a mail's commands, failing loudly on any refusal: a set-up that went wrong measures nothing. */
  (from: string, text: string): Promise<void>;
}

function demoMail(commands: CommandExecutor, label: string): DemoMail {
  let mails = 0;
  return async (from, text) => {
    const outcome = await commands.execute({ from, text, mailKey: `${label} ${++mails}` }, new Date());
    if (/refused|Not done|Not understood/.test(outcome.reply.text)) throw new Error(`a set-up mail went wrong:\n${outcome.reply.text}`);
  };
}

export const demoPlayer = (n: number): string => `player${n}@example.org`;

/** Creates `game`, has seven players join and order, and processes Spring 1901; returns each power's player number. */
export async function playedDemoGame({ commands, mail }: Pick<DemoJudge, 'commands' | 'mail'>, game: string): Promise<(power: string) => number> {
  await mail(DEMO_MASTER, `CREATE ${game} masterpw\nFORM\nSIGNOFF`);
  for (let n = 1; n <= 7; n++) await mail(demoPlayer(n), `JOIN ${game} pw${n}`);
  const powers = commands.readingContext(new Date()).service.load(game).game.powers;
  const numberOf = (power: string) => Number(/player(\d+)@/.exec(powers.find((entry) => entry.name === power)?.addresses[0] ?? '')?.[1]);
  for (const [power, orders] of Object.entries(SPRING))
    await mail(demoPlayer(numberOf(power)), `SIGNON ${power.charAt(0)}${game} pw${numberOf(power)}\n${orders}`);
  await mail(DEMO_MASTER, `SIGNON M${game} masterpw\nPROCESS`);
  return numberOf;
}

export interface DemoJudge {
  readonly folder: string;
  readonly loaded: LoadedConfig;
  readonly db: JudgeDatabase;
  readonly commands: CommandExecutor;
  readonly mail: DemoMail;
  /** Closes the journal and removes the folder. */
  close(): void;
}

/** A judge's folder in the temporary folder, its pages on any free port, with its journal and command executor open. */
export function demoJudge(label: string): DemoJudge {
  const folder = mkdtempSync(join(tmpdir(), `judge-${label}-`));
  const configFile = join(folder, 'judge.config.json');
  writeFileSync(
    configFile,
    JSON.stringify({ judge: { name: 'LOCAL', address: 'judge@example.org', keeper: 'keeper@example.org' }, web: { listen: 'http://127.0.0.1:0' } }),
  );
  const loaded = loadConfig(configFile);
  const db = openJournal(mailSettings(loaded));
  const commands = new CommandExecutor({ service: openGameService(loaded, db), judge: loaded.config.judge, db });
  return {
    folder,
    loaded,
    db,
    commands,
    mail: demoMail(commands, label),
    close() {
      db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
