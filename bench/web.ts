import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { demoJudge, demoPlayer, playedDemoGame } from '../test/support/demo-game.js';
import { OutboxNoticeSink } from '../src/mail/notice-sink.js';
import { buildWebApp } from '../src/web/server.js';
import { webSettings } from '../src/web/settings.js';
import { runJudge } from './mail.js';
import { formatMs, measureAsync, percentile } from './stats.js';

/**
 * The web pages: a standard game's page rendered (through fastify, without the network), for a
 * stranger and for a signed-on player whose page carries every order choice; then pages served
 * over HTTP by a `judge start` process while its mail loop handles a stream of mails.
 */

const GAME = 'bench';
const RENDERS = 300;
const CLIENTS = 16;
const LOAD_SECONDS = 5;
/** A mail every quarter second meanwhile: far more than a busy judge gets, and each one read, answered and journaled. */
const MAIL_EVERY_MS = 250;

/** The visitor cookie a response sets, as the next request sends it. */
function cookieOf(response: { headers: Readonly<Record<string, unknown>> }): string {
  const set = response.headers['set-cookie'];
  return String(Array.isArray(set) ? set[0] : set).split(';')[0]!;
}

/** A visitor signed on as `power`: the cookie their requests carry. */
async function signedOn(app: FastifyInstance, power: string, password: string): Promise<string> {
  const front = await app.inject({ method: 'GET', url: '/' });
  const token = /name="token" value="([^"]+)"/.exec(front.body)![1]!;
  const signon = await app.inject({
    method: 'POST',
    url: '/signon',
    headers: { cookie: cookieOf(front), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, game: GAME, who: power, password }).toString(),
  });
  if (!signon.body.includes(`Signed on as`)) throw new Error('the bench could not sign on');
  return cookieOf(signon);
}

async function benchRendering(app: FastifyInstance, franceCookie: string): Promise<void> {
  const page = (cookie?: string) => async () => {
    const response = await app.inject({ method: 'GET', url: `/game/${GAME}`, ...(cookie ? { headers: { cookie } } : {}) });
    if (response.statusCode !== 200) throw new Error(`the game page answered ${response.statusCode}`);
  };
  // The clickable board asks for each change of its list to be drawn: France's units, each ordered.
  const drawing = async () => {
    const orders = new URLSearchParams(['A BUR - MUN', 'A SPA - POR', 'F MAO S A SPA - POR'].map((order): [string, string] => ['order', order]));
    const response = await app.inject({ method: 'GET', url: `/game/${GAME}/given-orders?${orders}`, headers: { cookie: franceCookie } });
    if (response.statusCode !== 200) throw new Error(`the orders' drawing answered ${response.statusCode}`);
  };
  const stranger = await measureAsync(page(), RENDERS);
  const player = await measureAsync(page(franceCookie), RENDERS);
  const drawn = await measureAsync(drawing, RENDERS);
  console.log(`web pages (a standard game after Spring 1901, through fastify without the network; median / p95 of ${RENDERS})`);
  console.log(`  game page for anyone:                      ${formatMs(stranger.median).padStart(10)} p95 ${formatMs(stranger.p95)} (target: p95 < 20 ms)`);
  console.log(`  game page signed on, with order choices:   ${formatMs(player.median).padStart(10)} p95 ${formatMs(player.p95)} (target: p95 < 20 ms)`);
  console.log(`  orders being given, drawn for the board:   ${formatMs(drawn.median).padStart(10)} p95 ${formatMs(drawn.p95)} (target: p95 < 20 ms)`);
  // The clickable board's script, as a browser fetches it compressed (issue 36).
  const script = await app.inject({ method: 'GET', url: '/board.js' });
  console.log(
    `  the board's script, gzipped:               ${(gzipSync(script.rawPayload, { level: 9 }).length / 1024).toFixed(1).padStart(7)} KB (target: < 30 KB)`,
  );
}

/** A mail dropped into the judge's Maildir as a delivery agent would: written aside, renamed in. */
function dropMail(folder: string, index: number): void {
  const maildir = join(folder, 'var', 'maildir');
  const name = `bench-web-${index}`;
  const raw = `From: <${demoPlayer((index % 7) + 1)}>\r\nTo: judge@example.org\r\nSubject: list ${index}\r\nMessage-ID: <${name}@player.test>\r\n\r\nLIST ${GAME}\r\nHISTORY ${GAME}\r\n`;
  writeFileSync(join(maildir, 'tmp', name), raw);
  renameSync(join(maildir, 'tmp', name), join(maildir, 'new', name));
}

/**
 * The CPU time a process has used so far, in seconds (Linux's /proc; null elsewhere): pages per
 * CPU-second of the judge do not depend on what else the machine is running, pages per second do.
 */
function cpuSeconds(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** As many clients as the judge can take asking for the game page for a few seconds; its web line comes after the mail loop's start. */
async function benchRequestRate(folder: string, configFile: string): Promise<void> {
  const judge = runJudge(['start', '--config', configFile], folder);
  try {
    const url = await new Promise<string>((resolve) => {
      judge.child.stdout!.on('data', (data: Buffer) => {
        const served = /web pages on (\S+)/.exec(data.toString());
        if (served) resolve(served[1]!);
      });
    });
    // node:http with kept-alive connections: fetch would cost the client more than the page costs the judge.
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const page = `${url}game/${GAME}`;
    const get = (cookie: string) =>
      new Promise<{ status: number; cookie: string }>((resolve, reject) => {
        request(page, { agent, headers: cookie === '' ? {} : { cookie } }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, cookie: cookie === '' ? cookieOf(response) : cookie }));
        })
          .on('error', reject)
          .end();
      });
    // Each client a browser that keeps the cookie it was given.
    const cookies = await Promise.all(Array.from({ length: CLIENTS }, async () => (await get('')).cookie));
    for (let warm = 0; warm < 50; warm++) await get(cookies[0]!);
    let mails = 0;
    const mailing = setInterval(() => dropMail(folder, mails++), MAIL_EVERY_MS);
    const latencies: number[] = [];
    const cpuBefore = cpuSeconds(judge.child.pid!);
    const start = performance.now();
    const end = start + LOAD_SECONDS * 1000;
    await Promise.all(
      cookies.map(async (cookie) => {
        while (performance.now() < end) {
          const asked = performance.now();
          const { status } = await get(cookie);
          if (status !== 200) throw new Error(`the game page answered ${status}`);
          latencies.push(performance.now() - asked);
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const cpuAfter = cpuSeconds(judge.child.pid!);
    clearInterval(mailing);
    latencies.sort((a, b) => a - b);
    console.log(
      `  over HTTP from a judge start process, ${CLIENTS} clients for ${LOAD_SECONDS} s while its mail loop answers ${mails} mails: ` +
        `${(latencies.length / seconds).toFixed(0)} pages/s, latency median ${formatMs(percentile(latencies, 0.5))}, p95 ${formatMs(percentile(latencies, 0.95))} (target: ≥ 500 pages/s)`,
    );
    if (cpuBefore !== null && cpuAfter !== null) {
      const perPage = ((cpuAfter - cpuBefore) * 1000) / latencies.length;
      console.log(`  the judge's CPU time per page, its mail loop's included: ${formatMs(perPage)} (one core's worth: ${(1000 / perPage).toFixed(0)} pages/s)`);
    }
  } finally {
    judge.child.kill('SIGTERM');
    await judge.exited;
  }
}

export async function benchWeb(): Promise<void> {
  const judge = demoJudge('bench-web');
  try {
    const numberOf = await playedDemoGame(judge, GAME);
    const app = buildWebApp({
      loaded: judge.loaded,
      db: judge.db,
      settings: webSettings(judge.loaded),
      commands: judge.commands,
      mails: new OutboxNoticeSink(judge.db, judge.loaded.config.judge),
      log: () => undefined,
    });
    await app.ready();
    await benchRendering(app, await signedOn(app, 'FRANCE', `pw${numberOf('FRANCE')}`));
    await app.close();
    await benchRequestRate(judge.folder, join(judge.folder, 'judge.config.json'));
  } finally {
    judge.close();
  }
}
