import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DovecotServer, MailAccount } from '../test/support/dovecot.js';
import { SmtpSink, type AcceptedMail } from '../test/support/smtp-sink.js';
import { formatMs, percentile } from './stats.js';
import { figure } from './table.js';

/**
 * Mail throughput, end to end with real servers: mails in Dovecot, read by the judge daemon (a
 * separate process, as `npm start` runs it), committed to its journal (its log flushed to the disk
 * off the main thread), and answered through smtp-server. Measured twice: draining a backlog of mails waiting when the judge
 * connects (its capacity), and with mails streaming in as fast as two IMAP clients can append them
 * (latency from a mail being in the mailbox to its reply being accepted). And pipe mode, one
 * `judge mail` process per mail as a delivery agent runs it (latency from handing the mail over).
 */

const MAILS = 1000;
/**
 * A pipe-mode judge is a process per mail and spends most of its life loading its modules (some
 * 0.3 s of CPU): 200 of them give its rate and latency as well as 1,000 would, in a fifth of the
 * time. As many run at once as the machine has cores: more only make each one slower.
 */
const PIPE_MAILS = 200;
const PIPES_AT_ONCE = 2;
const IMAP_APPENDERS = 2;
/**
 * Mails sent before the streaming run is timed, so that it measures mail flowing: a judge that has
 * been quiet first waits for IDLE's news, which Dovecot holds back half a second.
 */
const WARM_UP_MAILS = 20;

/** The judge as it ships, built by `npm run build` (which `npm run bench` runs first). */
const JUDGE_COMMAND = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

function mailFrom(index: number, label: string): { id: string; raw: string } {
  const id = `<bench-${label}-${index}@player.test>`;
  const raw =
    `From: Player ${index} <player${index}@player.test>\r\nTo: judge@dip.test\r\nSubject: orders ${index}\r\n` +
    `Message-ID: ${id}\r\nDate: ${new Date().toUTCString()}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n` +
    `SIGNON Fbench secret\r\nA PAR - BUR\r\nHELP\r\n`;
  return { id, raw };
}

function judgeFolder(mail: object, web: object = {}): { folder: string; config: string } {
  const folder = mkdtempSync(join(tmpdir(), 'judge-bench-'));
  const config = join(folder, 'judge.config.json');
  const judge = { name: 'BENCH', address: 'judge@dip.test', keeper: 'keeper@dip.test' };
  writeFileSync(config, JSON.stringify({ judge, mail, web }));
  return { folder, config };
}

/** The Message-ID a reply answers, read straight from its header block. */
function inReplyTo(raw: Buffer): string {
  const header = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1');
  return /^In-Reply-To:\s*(<[^>]*>)/im.exec(header)?.[1] ?? '';
}

/** Each reply's acceptance time, by the Message-ID of the mail it answers. */
function acceptedReplies(sink: SmtpSink): Map<string, number> {
  const accepted = new Map<string, number>();
  sink.removeAllListeners('accepted');
  sink.on('accepted', (mail: AcceptedMail) => accepted.set(inReplyTo(mail.raw), mail.acceptedAt));
  return accepted;
}

function rate(count: number, from: number, to: number): string {
  const seconds = (to - from) / 1000;
  return `${count} mails in ${seconds.toFixed(2)} s = ${(count / seconds).toFixed(0)} mails/s`;
}

function latencyPercentiles(handedOver: Map<string, number>, accepted: Map<string, number>): { median: number; p95: number } {
  const sorted = [...handedOver].map(([id, at]) => accepted.get(id)! - at).sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

function latencies(handedOver: Map<string, number>, accepted: Map<string, number>): string {
  const { median, p95 } = latencyPercentiles(handedOver, accepted);
  return `latency median ${formatMs(median)}, p95 ${formatMs(p95)}`;
}

/**
 * The CPU time a process has used so far, in milliseconds: its user and system time from
 * /proc/<pid>/stat (fields 14 and 15, after the name in brackets), in Linux's 100 ticks a second.
 * The machine is shared, so CPU per mail says more of the judge than its wall-clock rate.
 */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function cpuPerMail(pid: number, since: number, mails: number): string {
  return `${((cpuMs(pid) - since) / mails).toFixed(2)} ms CPU a mail`;
}

function perSecond(count: number, from: number, to: number): number {
  return count / ((to - from) / 1000);
}

/** A `judge` process, as a judgekeeper starts it; `printed` resolves when its output first holds `text`. */
export function runJudge(args: readonly string[], cwd: string, input?: string) {
  const child = spawn(process.execPath, [JUDGE_COMMAND, ...args], { cwd, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'inherit'] });
  if (input !== undefined) child.stdin!.end(input);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const printed = (text: string) =>
    new Promise<number>((resolve) => child.stdout!.on('data', (data: Buffer) => data.includes(text) && resolve(performance.now())));
  return { child, exited, printed };
}

/** The judge daemon on Dovecot and the sink, until `work` is done. */
async function withDaemon(dovecot: MailAccount, sink: SmtpSink, work: (judge: ReturnType<typeof runJudge>) => Promise<void>) {
  const { folder, config } = judgeFolder({
    imap: { host: dovecot.host, port: dovecot.port, tls: false, user: dovecot.user, password: dovecot.password },
    smtp: { host: '127.0.0.1', port: sink.port, secure: false },
  });
  const judge = runJudge(['start', '--config', config], folder);
  try {
    await work(judge);
  } finally {
    judge.child.kill('SIGTERM');
    await judge.exited;
    rmSync(folder, { recursive: true, force: true });
  }
}

async function appendAll(dovecot: MailAccount, mails: readonly { id: string; raw: string }[], appended: Map<string, number>) {
  const clients = await Promise.all(Array.from({ length: IMAP_APPENDERS }, () => dovecot.client()));
  await Promise.all(
    clients.map(async (client, lane) => {
      for (let index = lane; index < mails.length; index += IMAP_APPENDERS) {
        await client.append('INBOX', mails[index]!.raw);
        appended.set(mails[index]!.id, performance.now());
      }
      await client.logout();
    }),
  );
}

async function benchBacklog(dovecot: MailAccount, sink: SmtpSink): Promise<void> {
  const mails = Array.from({ length: MAILS }, (_, index) => mailFrom(index, 'backlog'));
  await appendAll(dovecot, mails, new Map());
  const accepted = acceptedReplies(sink);
  const before = sink.accepted.length;
  await withDaemon(dovecot, sink, async (judge) => {
    const connected = await judge.printed('imap: reading');
    const cpuAtStart = cpuMs(judge.child.pid!);
    await sink.waitForAccepted(before + MAILS, 120_000);
    const cpu = cpuPerMail(judge.child.pid!, cpuAtStart, MAILS);
    const done = Math.max(...accepted.values());
    console.log(`mail: Dovecot backlog → journal → smtp-server: ${rate(MAILS, connected, done)}; the judge's ${cpu}`);
    const mailsPerSecond = perSecond(MAILS, connected, done);
    figure('Dovecot backlog → replies', `${mailsPerSecond.toFixed(0)} mails/s (${cpu})`, '≥ 500 mails/s', mailsPerSecond >= 500);
  });
}

async function benchStreaming(dovecot: MailAccount, sink: SmtpSink): Promise<void> {
  const warmUp = Array.from({ length: WARM_UP_MAILS }, (_, index) => mailFrom(index, 'warm-up'));
  const mails = Array.from({ length: MAILS }, (_, index) => mailFrom(index, 'stream'));
  const accepted = acceptedReplies(sink);
  const appended = new Map<string, number>();
  await withDaemon(dovecot, sink, async (judge) => {
    await judge.printed('imap: reading');
    const beforeWarmUp = sink.accepted.length;
    await appendAll(dovecot, warmUp, new Map());
    await sink.waitForAccepted(beforeWarmUp + WARM_UP_MAILS, 30_000);
    const before = sink.accepted.length;
    const cpuAtStart = cpuMs(judge.child.pid!);
    const started = performance.now();
    await appendAll(dovecot, mails, appended);
    const allAppended = performance.now();
    await sink.waitForAccepted(before + MAILS, 120_000);
    const cpu = cpuPerMail(judge.child.pid!, cpuAtStart, MAILS);
    console.log(
      `mail: Dovecot streaming (appended at ${(MAILS / ((allAppended - started) / 1000)).toFixed(0)} mails/s) → journal → smtp-server: ` +
        `${rate(MAILS, started, Math.max(...mails.map(({ id }) => accepted.get(id)!)))}; ${latencies(appended, accepted)}; the judge's ${cpu}`,
    );
    const offered = MAILS / ((allAppended - started) / 1000);
    const { median, p95 } = latencyPercentiles(appended, accepted);
    figure(
      `Dovecot streaming → reply in smtp-server (${offered.toFixed(0)} mails/s offered)`,
      `latency median ${formatMs(median)}, p95 ${formatMs(p95)} (${cpu})`,
      'median ≤ 300 ms, p95 ≤ 1 s at 100 mails/s offered',
      median <= 300 && p95 <= 1000,
    );
  });
}

/**
 * `judge mail` processes, `PIPES_AT_ONCE` at once, each handed one mail; with `daemon` the judge
 * daemon runs on the same configuration (as docs/deploying.md has a judgekeeper run it) and takes
 * each mail over its socket, else each process handles its mail itself.
 */
async function pipeRun(sink: SmtpSink, daemon: boolean): Promise<{ median: number; mailsPerSecond: number }> {
  const label = daemon ? 'pipe-daemon' : 'pipe-alone';
  const { folder, config } = judgeFolder({ smtp: { host: '127.0.0.1', port: sink.port, secure: false } }, { enabled: false });
  const judge = daemon ? runJudge(['start', '--config', config], folder) : null;
  try {
    await judge?.printed('mails handed over by judge mail');
    const mails = Array.from({ length: PIPE_MAILS }, (_, index) => mailFrom(index, label));
    const accepted = acceptedReplies(sink);
    const handedOver = new Map<string, number>();
    const before = sink.accepted.length;
    const daemonCpuAtStart = judge === null ? 0 : cpuMs(judge.child.pid!);
    let next = 0;

    const started = performance.now();
    await Promise.all(
      Array.from({ length: PIPES_AT_ONCE }, async () => {
        for (let index = next++; index < PIPE_MAILS; index = next++) {
          handedOver.set(mails[index]!.id, performance.now());
          const code = await runJudge(['mail', '--config', config], folder, mails[index]!.raw).exited;
          if (code !== 0) throw new Error(`judge mail exited with ${code}`);
        }
      }),
    );
    await sink.waitForAccepted(before + PIPE_MAILS, 30_000);
    const done = Math.max(...accepted.values());
    const daemonCpu = judge === null ? '' : `; the daemon's ${cpuPerMail(judge.child.pid!, daemonCpuAtStart, PIPE_MAILS)}`;
    const summary = `${rate(PIPE_MAILS, started, done)}; ${latencies(handedOver, accepted)}${daemonCpu}`;
    console.log(
      `mail: pipe mode (a judge mail process per mail, ${PIPES_AT_ONCE} at once, ${daemon ? 'handed to the running daemon' : 'no daemon'}) → journal → smtp-server: ${summary}`,
    );
    return { median: latencyPercentiles(handedOver, accepted).median, mailsPerSecond: perSecond(PIPE_MAILS, started, done) };
  } finally {
    if (judge !== null) {
      judge.child.kill('SIGTERM');
      await judge.exited;
    }
    rmSync(folder, { recursive: true, force: true });
  }
}

async function benchPipe(sink: SmtpSink): Promise<void> {
  const handed = await pipeRun(sink, true);
  figure(
    `pipe mode, a \`judge mail\` process per mail, ${PIPES_AT_ONCE} at once, the daemon running`,
    `${formatMs(handed.median)} a mail, ${handed.mailsPerSecond.toFixed(0)} mails/s`,
    '≤ 150 ms a mail, ≥ 20 mails/s',
    handed.median <= 150 && handed.mailsPerSecond >= 20,
  );
  const alone = await pipeRun(sink, false);
  // No target of its own: what a judge without its daemon costs, Node's start and the whole judge per mail (docs/performance.md).
  figure(
    `  the same without a daemon (each process handles its mail)`,
    `${formatMs(alone.median)} a mail, ${alone.mailsPerSecond.toFixed(0)} mails/s`,
    '(informational)',
    null,
  );
}

// The sinks do not parse what they take: that would slow the server, not the judge, in this process.

/** `npm run bench -- mail`: the daemon's rows, Dovecot to smtp-server. */
export async function benchMail(): Promise<void> {
  const dovecot = await DovecotServer.start();
  const sink = await SmtpSink.start({ parse: false });
  try {
    await benchBacklog(new MailAccount(dovecot, 'backlog'), sink);
    await benchStreaming(new MailAccount(dovecot, 'streaming'), sink);
  } finally {
    await sink.stop();
    await dovecot.dispose();
  }
}

/** `npm run bench -- pipe`: pipe mode's row, which needs no Dovecot. */
export async function benchPipeMode(): Promise<void> {
  const sink = await SmtpSink.start({ parse: false });
  try {
    await benchPipe(sink);
  } finally {
    await sink.stop();
  }
}
