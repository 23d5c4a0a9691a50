import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { inject } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type LoadedConfig } from '../../../src/config/config.js';

/** A judge's folder for one test, with its own judge.config.json, var/ and journal. */

export const JUDGE_ADDRESS = 'judge@dip.test';
export const KEEPER_ADDRESS = 'keeper@dip.test';

export interface JudgeFolder {
  readonly folder: string;
  readonly configFile: string;
  readonly loaded: LoadedConfig;
}

type MailOverrides = Record<string, unknown>;

/** Quick backoff so that outages heal within a test's time. */
const TEST_BACKOFF = { firstSeconds: 0.1, maxSeconds: 0.5 };

/** A temporary folder, removed with the test run's (see test/support/environment.ts). */
export function temporaryFolder(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function judgeFolder(mail: MailOverrides = {}): JudgeFolder {
  const folder = temporaryFolder('judge-mail-');
  const configFile = join(folder, 'judge.config.json');
  const config = {
    judge: { name: 'TESTJUDGE', address: JUDGE_ADDRESS, keeper: KEEPER_ADDRESS },
    mail: { backoff: TEST_BACKOFF, ...mail },
  };
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  return { folder, configFile, loaded: loadConfig(configFile) };
}

export interface MailParts {
  from?: string;
  subject?: string;
  messageId?: string;
  body?: string;
  headers?: Record<string, string>;
}

let serial = 0;

/** A plain-text mail as a player's mail program would send it, lines ending in CRLF. */
export function plainMail(parts: MailParts = {}): string {
  const messageId = parts.messageId ?? `<test-${process.pid}-${++serial}-${Date.now()}@player.test>`;
  const headers: Record<string, string> = {
    From: parts.from ?? 'Player One <player1@player.test>',
    To: JUDGE_ADDRESS,
    Subject: parts.subject ?? 'orders',
    Date: new Date().toUTCString(),
    'Message-ID': messageId,
    'Content-Type': 'text/plain; charset=utf-8',
    ...parts.headers,
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${head.join('\r\n')}\r\n\r\n${(parts.body ?? 'HELP\n').replace(/\r?\n/g, '\r\n')}`;
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The judge as a separate process, compiled once per run, so that a test can signal or kill it. */
export class JudgeProcess {
  readonly lines: string[] = [];
  readonly stderr: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private pending = '';

  private constructor(args: readonly string[], cwd: string, input: string | undefined) {
    this.child = spawn(process.execPath, args, { cwd, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (input !== undefined) this.child.stdin!.end(input);
    this.child.stdout!.on('data', (data: Buffer) => {
      const text = this.pending + data.toString();
      const complete = text.split('\n');
      this.pending = complete.pop()!;
      this.lines.push(...complete);
    });
    this.child.stderr!.on('data', (data: Buffer) => this.stderr.push(data.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /** `judge <args>`, the installed command line, with `input` on its standard input. */
  static cli(args: readonly string[], cwd: string, input?: string): JudgeProcess {
    return new JudgeProcess([join(inject('compiledJudge'), 'cli', 'main.js'), ...args], cwd, input);
  }

  /** A plain-JavaScript entry point under test/mail/support, given the compiled judge's folder and `args`. */
  static script(script: string, args: readonly string[], cwd: string): JudgeProcess {
    return new JudgeProcess([join(import.meta.dirname, script), inject('compiledJudge'), ...args], cwd, undefined);
  }

  async waitForLine(pattern: RegExp, timeoutMs = 20_000): Promise<string> {
    await until(() => this.lines.some((line) => pattern.test(line)) || this.child.exitCode !== null, timeoutMs, `a line ${pattern}`);
    const line = this.lines.find((candidate) => pattern.test(candidate));
    if (line === undefined) throw new Error(`judge exited before printing ${pattern}: ${this.stderr.join('')}`);
    return line;
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }
}
