import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { FastifyInstance } from 'fastify';
import type { Locator } from 'playwright-core';
import { loadConfig } from '../../src/config/config.js';
import { startJudge, type RunningJudge } from '../../src/daemon/judge.js';
import { AuditLog, type AuditEntry } from '../../src/store/audit.js';
import type { OutgoingMail } from '../../src/store/outgoing-mail.js';
import { openDatabase } from '../../src/store/database.js';

/**
 * A whole judge for the web tests, as `npm start` runs it: its mail comes from the local Maildir
 * and goes out as .eml files, and its pages are served on a free port. Mails are dropped into the
 * Maildir as a player's mail program would deliver them.
 */

export const JUDGE_ADDRESS = 'judge@web.test';

export interface WebJudge {
  readonly folder: string;
  readonly url: string;
  readonly judge: RunningJudge;
  /** The daemon's log lines so far, oldest first. */
  readonly log: readonly string[];
  /** Stops the judge and starts it again on the same folder: the pages may come back on another port. */
  restart(): Promise<WebJudge>;
  /** Drops a mail into the Maildir and waits for the judge's reply to it. */
  mail(from: string, body: string): Promise<ParsedMail>;
  /** Every mail the judge has written so far, oldest first. */
  sent(): Promise<ParsedMail[]>;
  /** The game's status file as it is now. */
  status(game: string): string;
  /** A read-only look at the judge's database, for what is kept on disk itself (no secret in it). */
  query<T>(sql: string, ...parameters: unknown[]): T[];
  /** The audit log's entries for the game's status file, oldest first. */
  audited(game: string): AuditEntry[];
  close(): Promise<void>;
}

export async function until<T>(
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let serial = 0;

/** `web`: settings of the configuration's web section beside its address. */
export async function startWebJudge(web: Readonly<Record<string, unknown>> = {}): Promise<WebJudge> {
  const folder = mkdtempSync(join(tmpdir(), 'judge-web-'));
  const configFile = join(folder, 'judge.config.json');
  const config = { judge: { name: 'WEBTEST', address: JUDGE_ADDRESS, keeper: 'keeper@web.test' }, web: { listen: 'http://127.0.0.1:0', ...web } };
  writeFileSync(configFile, JSON.stringify(config));
  return webJudgeIn(folder);
}

async function webJudgeIn(folder: string): Promise<WebJudge> {
  const log: string[] = [];
  const judge = await startJudge(loadConfig(join(folder, 'judge.config.json')), { log: (line) => log.push(line) });
  const url = await judge.web;
  if (url === null) throw new Error('the judge serves no web pages');
  const maildir = join(folder, 'var', 'maildir');
  const outbox = join(folder, 'var', 'outbox');
  const sent = async () => {
    let files: string[];
    try {
      files = readdirSync(outbox)
        .filter((file) => file.endsWith('.eml'))
        .sort();
    } catch {
      return [];
    }
    return Promise.all(files.map((file) => simpleParser(readFileSync(join(outbox, file)))));
  };
  return {
    folder,
    url: url.replace(/\/$/, ''),
    judge,
    log,
    async restart() {
      await judge.stop();
      return webJudgeIn(folder);
    },
    async mail(from, body) {
      const number = ++serial;
      const name = `web-test-${process.pid}-${number}`;
      const raw = [
        `From: <${from}>`,
        `To: ${JUDGE_ADDRESS}`,
        `Subject: commands ${number}`,
        `Message-ID: <${name}@player.test>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        body,
      ].join('\r\n');
      mkdirSync(join(maildir, 'tmp'), { recursive: true });
      // Written aside and renamed in, as a delivery agent does, so the judge never reads half a mail.
      writeFileSync(join(maildir, 'tmp', name), raw);
      renameSync(join(maildir, 'tmp', name), join(maildir, 'new', name));
      const subject = `Re: commands ${number}`;
      return until(async () => (await sent()).find((mail) => mail.subject === subject), `the judge's reply to the mail from ${from}`);
    },
    sent,
    status: (game) => readFileSync(join(folder, 'games', game, 'status'), 'utf8'),
    query<T>(sql: string, ...parameters: unknown[]) {
      const db = new Database(join(folder, 'var', 'judge.db'), { readonly: true });
      try {
        return db.prepare(sql).all(...parameters) as T[];
      } finally {
        db.close();
      }
    },
    audited(game) {
      const db = openDatabase(join(folder, 'var', 'judge.db'));
      try {
        return new AuditLog(db).history(`${game}/status`);
      } finally {
        db.close();
      }
    },
    async close() {
      await judge.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Sends a form in Chromium as its button does, and waits for the page that answers it. */
export async function submit(form: Locator): Promise<void> {
  const page = form.page();
  const answered = page.waitForResponse((response) => response.request().method() === 'POST');
  await form.locator('button').click();
  await answered;
  await page.waitForLoadState();
}

/** A mail the judge sent, whether read back from its .eml file or from the journal's outbox. */
interface SentMail {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}

function sentMail(mail: ParsedMail | OutgoingMail): SentMail {
  if ('headers' in mail) {
    const to = [mail.to].flat().flatMap((entry) => entry?.value.map((address) => address.address ?? '') ?? []);
    return { to, subject: mail.subject ?? '', text: mail.text ?? '' };
  }
  return { to: mail.to, subject: mail.subject, text: mail.text };
}

/** A judge whose sent mails a test can read: a whole one, or its pages alone. */
interface SendingJudge {
  sent(): ParsedMail[] | OutgoingMail[] | Promise<ParsedMail[]>;
}

/** The mails among `mails` sent to `address`. */
export function mailsTo<T extends ParsedMail | OutgoingMail>(mails: readonly T[], address: string): T[] {
  return mails.filter((mail) => sentMail(mail).to.includes(address));
}

async function codeMails(judge: SendingJudge, to: string): Promise<SentMail[]> {
  return (await judge.sent()).map(sentMail).filter((mail) => mail.to.includes(to) && /your code to/.test(mail.subject));
}

/** How many sign-on, JOIN, TAKEOVER or CREATE codes the judge has mailed to `to`. */
export async function codesMailedTo(judge: SendingJudge, to: string): Promise<number> {
  return (await codeMails(judge, to)).length;
}

/** The code in the judge's mail number `after + 1` of codes to `to`, once it has been sent. */
export async function codeMailedTo(judge: SendingJudge, to: string, after: number): Promise<string> {
  const mail = await until(async () => (await codeMails(judge, to))[after], `code ${after + 1} mailed to ${to}`);
  return /\b([A-Z2-9]{5}-[A-Z2-9]{5})\b/.exec(mail.text)![1]!;
}

/** What a visitor reads of an answer, whether it came over a port or from fastify's `inject()`. */
interface Answer {
  readonly status: number;
  readonly cookies: readonly string[];
  readonly body: string;
}

/**
 * One browser: its cookie, the form token of the last page it loaded, and the address a proxy says
 * it has. It asks a judge's address over HTTP, or the pages' fastify instance through `inject()`.
 */
export class Visitor {
  private cookie = '';
  private token = '';
  body = '';

  constructor(
    public url: string | FastifyInstance,
    private readonly forwardedFor: string | null = null,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...extra,
      ...(this.cookie === '' ? {} : { cookie: this.cookie }),
      ...(this.forwardedFor === null ? {} : { 'x-forwarded-for': this.forwardedFor }),
    };
  }

  private async ask(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    if (typeof this.url !== 'string') {
      const response = await this.url.inject({ method, url: path, headers, ...(body === undefined ? {} : { payload: body }) });
      return { status: response.statusCode, cookies: [response.headers['set-cookie'] ?? []].flat(), body: response.body };
    }
    const response = await fetch(`${this.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    return { status: response.status, cookies: response.headers.getSetCookie(), body: await response.text() };
  }

  private read(answer: Answer): number {
    const cookie = answer.cookies.find((set) => set.startsWith('visitor='));
    if (cookie !== undefined) this.cookie = cookie.split(';')[0]!;
    this.body = answer.body;
    this.token = /name="token" value="([^"]+)"/.exec(this.body)?.[1] ?? this.token;
    return answer.status;
  }

  async get(path: string): Promise<number> {
    return this.read(await this.ask('GET', path, this.headers()));
  }

  async post(path: string, fields: Record<string, string>): Promise<number> {
    const body = new URLSearchParams({ token: this.token, ...fields }).toString();
    return this.read(await this.ask('POST', path, this.headers({ 'content-type': 'application/x-www-form-urlencoded' }), body));
  }

  async signOn(game: string, who: string, password: string): Promise<void> {
    await this.get(`/game/${game}`);
    await this.post('/signon', { game, who, password });
  }

  /** The visitor id the cookie carries (signed: the id, a dot, the signature). */
  id(): string {
    return decodeURIComponent(this.cookie.slice('visitor='.length)).split('.')[0]!;
  }

  signedOnAs(): string | null {
    return /Signed on as <a href="[^"]*">([^<]*)<\/a>/.exec(this.body)?.[1] ?? null;
  }
}
