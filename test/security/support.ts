import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { it } from 'vitest';
import { loadConfig, type LoadedConfig } from '../../src/config/config.js';
import { handlePipedMail, MailDeferredError } from '../../src/daemon/pipe-mode.js';
import { JUDGE_ADDRESS, plainMail } from '../mail/support/judge-setup.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const JUDGE = JUDGE_ADDRESS;
export const KEEPER = 'keeper@dip.test';
export const MASTER = 'master@dip.test';

/**
 * A configuration in `folder` for a judge on its embedded defaults with the project's maps and
 * templates, its games and var folders beside the file; `settings` add to it (web pages, deadlines).
 */
export function writeJudgeConfig(folder: string, name: string, settings: Record<string, unknown> = {}): string {
  const file = join(folder, name);
  const config = {
    judge: { name: 'ATTACKED', address: JUDGE, keeper: KEEPER },
    folders: { maps: join(ROOT, 'maps'), templates: join(ROOT, 'templates'), games: 'games', var: 'var' },
    web: { enabled: false },
    ...settings,
  };
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** One attack of the catalogue: a test named for the attack, counted by `npm run proof`. */
export function attack(name: string, run: () => Promise<void>, timeoutMs?: number): void {
  it(`attack: ${name}`, run, timeoutMs);
}

export interface Outgoing {
  readonly to: string[];
  readonly subject: string;
  /** The whole mail as it left, headers and every part: what a leak would show in. */
  readonly raw: string;
  readonly text: string;
  readonly parsed: ParsedMail;
}

export interface MailInput {
  readonly from: string;
  readonly body: string;
  readonly subject?: string;
  readonly headers?: Record<string, string>;
}

/**
 * A judge on its embedded defaults in a folder of its own, fed mail by the path a delivery agent
 * uses (`judge mail`, run in this process): what an attacker can reach is exactly what leaves it,
 * the .eml files in var/outbox.
 */
export class JudgeUnderAttack {
  readonly folder = mkdtempSync(join(tmpdir(), 'judge-attack-'));
  private readonly loaded: LoadedConfig;
  private readonly seen = new Set<string>();
  readonly log: string[] = [];

  constructor() {
    this.loaded = loadConfig(writeJudgeConfig(this.folder, 'judge.config.json'));
  }

  /** Handles one mail; resolves with every mail the judge sent because of it. */
  async mail(input: MailInput): Promise<Outgoing[]> {
    await this.deliver(input);
    return this.newlySent();
  }

  /**
   * Hands every mail to a `judge mail` of its own at the same instant, as a delivery agent does with
   * mails that arrive together (each with its own connection to the journal, as a process has).
   */
  async mailAtOnce(inputs: readonly MailInput[]): Promise<Outgoing[]> {
    await Promise.all(inputs.map((input) => this.deliver(input)));
    return this.newlySent();
  }

  private async deliver(input: MailInput): Promise<void> {
    const raw = plainMail({ from: input.from, subject: input.subject ?? 'commands', body: input.body, ...(input.headers ? { headers: input.headers } : {}) });
    try {
      await handlePipedMail(this.loaded, Readable.from([Buffer.from(raw)]), (line) => this.log.push(line));
    } catch (error) {
      if (!(error instanceof MailDeferredError)) throw error;
    }
  }

  private async newlySent(): Promise<Outgoing[]> {
    const outbox = join(this.folder, 'var', 'outbox');
    if (!existsSync(outbox)) return [];
    const fresh = readdirSync(outbox)
      .filter((name) => name.endsWith('.eml') && !this.seen.has(name))
      .sort();
    const mails: Outgoing[] = [];
    for (const name of fresh) {
      this.seen.add(name);
      const raw = readFileSync(join(outbox, name), 'utf8');
      const parsed = await simpleParser(raw);
      const to = [parsed.to ?? []].flat().flatMap((entry) => entry.value.map((mailbox) => mailbox.address ?? ''));
      mails.push({ to, subject: parsed.subject ?? '', raw, text: parsed.text ?? '', parsed });
    }
    return mails;
  }

  statusText(game: string): string {
    return readFileSync(join(this.folder, 'games', game, 'status'), 'utf8');
  }

  gameExists(game: string): boolean {
    return existsSync(join(this.folder, 'games', game, 'status'));
  }

  /** CREATE by the Master, seven JOINs: a started standard game; who plays what, with their passwords. */
  async startedGame(game: string): Promise<Map<string, { address: string; password: string }>> {
    await this.mail({ from: MASTER, body: `CREATE ${game} masterpw\nFORM\nSIGNOFF` });
    for (let n = 1; n <= 7; n++) await this.mail({ from: `player${n}@dip.test`, body: `JOIN ${game} pw${n}` });
    const players = new Map<string, { address: string; password: string }>();
    for (const match of this.statusText(game).matchAll(/^([A-Z]+)\n(?:(?!\n\n)[\s\S])*?^ADDRESS (player(\d+)@dip\.test)/gm)) {
      players.set(match[1]!, { address: match[2]!, password: `pw${match[3]}` });
    }
    if (players.size !== 7) throw new Error(`the game ${game} did not start: ${players.size} players`);
    return players;
  }
}

/** Every address a set of mails went to. */
export function recipients(mails: readonly Outgoing[]): string[] {
  return [...new Set(mails.flatMap((mail) => mail.to))].sort();
}
