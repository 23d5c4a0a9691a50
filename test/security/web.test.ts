import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startPageJudge, type PageJudge } from '../web/page-judge.js';
import { codeMailedTo as mailedCode, codesMailedTo as mailedCodes, Visitor } from '../web/support.js';
import { attack } from './support.js';

/**
 * The web pages under attack (issue 31): guesses posted at once, strangers closing a place to its
 * owner, forms acting in someone else's name, and games created without end. Each is judged by what
 * the pages answer, what the judge mails, and what its status files hold.
 */

const GAME = 'webalpha';
const MASTER = 'master@web.test';
const address = (n: number) => `p${n}@web.test`;
let judge: PageJudge;
/** Who plays what: power name → player number (their password is `pw<n>`). */
const players = new Map<string, number>();

/** A browser at its own network address (the judge trusts the loopback proxy's X-Forwarded-For). */
async function visitorAt(ip: string): Promise<Visitor> {
  const visitor = new Visitor(judge.app, ip);
  await visitor.get('/');
  return visitor;
}

beforeAll(async () => {
  judge = startPageJudge({ trustProxy: '127.0.0.1' });
  await judge.mail(MASTER, `CREATE ${GAME} masterpw\nFORM\nSIGNOFF`);
  for (let n = 1; n <= 7; n++) await judge.mail(address(n), `JOIN ${GAME} pw${n}`);
  for (const match of judge.status(GAME).matchAll(/^(\w+)\nADDRESS p(\d)@web\.test$/gm)) players.set(match[1]!, Number(match[2]));
  expect(players.size).toBe(7);
}, 120_000);

afterAll(async () => {
  await judge?.close();
});

describe('guessing on the web', () => {
  attack('100 wrong passwords posted to /signon at once from one address: no more checked than the limit of 5', async () => {
    const guessers = await Promise.all(Array.from({ length: 100 }, () => visitorAt('198.51.100.7')));
    await Promise.all(guessers.map((visitor, n) => visitor.post('/signon', { game: GAME, who: 'F', password: `guess${n}` })));
    const checked = guessers.filter((visitor) => /has that name and password/.test(visitor.body));
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(guessers.some((visitor) => visitor.signedOnAs() !== null)).toBe(false);
  });

  attack('strangers’ wrong web sign-ons close a place and the game, yet its owner signs on with a code mailed to the registered address', async () => {
    const [power, n] = [...players.entries()].find(([name]) => name === 'GERMANY')!;
    for (let guess = 0; guess < 14; guess++) {
      const stranger = await visitorAt(`203.0.113.${guess + 1}`);
      await stranger.post('/signon', { game: GAME, who: 'G', password: `wrong${guess}` });
    }
    const owner = await visitorAt('192.0.2.50');
    await owner.post('/signon', { game: GAME, who: 'G', password: `pw${n}` });
    expect(owner.body).toMatch(/too many wrong passwords/);
    const before = await mailedCodes(judge, address(n));
    await owner.post('/signon/code', { game: GAME, who: 'G' });
    const code = await mailedCode(judge, address(n), before);
    await owner.post('/confirm', { code, password: `pw${n}` });
    expect(owner.signedOnAs()).toBe(`Germany in ${GAME}`);
    expect(power).toBe('GERMANY');
  });

  attack('a stranger asking for the owner’s sign-on code learns nothing and gets nothing: the code goes to the owner alone', async () => {
    const n = players.get('ITALY')!;
    const stranger = await visitorAt('203.0.113.200');
    const before = await mailedCodes(judge, address(n));
    await stranger.post('/signon/code', { game: GAME, who: 'I' });
    expect(stranger.body).toMatch(/code to sign on/);
    await mailedCode(judge, address(n), before);
    expect(stranger.body).not.toMatch(/[A-Z2-9]{5}-[A-Z2-9]{5}/);
    await stranger.post('/confirm', { code: 'AAAAA-AAAAA', password: 'pw1' });
    expect(stranger.signedOnAs()).toBeNull();
  });
});

describe('forms in someone else’s name', () => {
  attack('6 web TAKEOVERs naming a player’s address do not lock the player out of their own password by mail', async () => {
    const n = players.get('ENGLAND')!;
    const attacker = await visitorAt('198.51.100.66');
    for (let guess = 0; guess < 6; guess++) await attacker.post('/takeover', { game: GAME, power: 'M', address: address(n), password: `guess${guess}` });
    const reply = await judge.mail(address(n), `SIGNON E${GAME} pw${n}\nF LON H`);
    expect(reply.reply.text).not.toMatch(/too many/);
    expect(reply.reply.text).toMatch(/Signed on as England/);
    expect(judge.status(GAME)).toMatch(new RegExp(`^MASTER.*${MASTER}`, 'm'));
  });

  attack('a web JOIN naming someone else’s address joins nobody without the code mailed to that address', async () => {
    await judge.mail(MASTER, 'CREATE webbeta masterpw\nFORM\nSIGNOFF');
    const attacker = await visitorAt('198.51.100.77');
    await attacker.post('/join', { game: 'webbeta', address: 'victim@elsewhere.test', password: 'x' });
    expect(judge.status('webbeta')).not.toContain('victim@elsewhere.test');
    const code = await mailedCode(judge, 'victim@elsewhere.test', 0);
    // The owner of the address, at a browser of their own, enters it: now they have joined.
    const victim = await visitorAt('192.0.2.77');
    await victim.post('/confirm', { code, password: 'victimpw' });
    expect(judge.status('webbeta')).toContain('victim@elsewhere.test');
  });

  attack('anonymous CREATE from one network address with a new address each time: no game without its code, and at most 5 a day asked', async () => {
    const creator = await visitorAt('198.51.100.99');
    for (let n = 0; n < 10; n++) await creator.post('/create', { game: `flood${n}`, address: `maker${n}@attacker.test`, password: 'pw' });
    const games = Array.from({ length: 10 }, (_, n) => `flood${n}`).filter((name) => {
      try {
        return judge.status(name).length > 0;
      } catch {
        return false;
      }
    });
    expect(games).toEqual([]);
    let codes = 0;
    for (let n = 0; n < 10; n++) codes += await mailedCodes(judge, `maker${n}@attacker.test`);
    expect(codes).toBeLessThanOrEqual(5);
    expect(creator.body).toMatch(/Too many forms/);
  });

  attack('30 forms from one browser in a minute: the web’s own throttle refuses those over the mail’s limit', async () => {
    const visitor = await visitorAt('198.51.100.123');
    const statuses: number[] = [];
    for (let n = 0; n < 30; n++) statuses.push(await visitor.post('/signon', { game: GAME, who: 'R', password: `x${n}` }));
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
  });
});

describe('the session cookie', () => {
  const cookieAfter = async (headers: Record<string, string>) => {
    // inject() comes from 127.0.0.1, the trusted proxy.
    const response = await judge.app.inject({ method: 'GET', url: '/', headers });
    return [response.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith('visitor=')) ?? '';
  };

  attack('a page served over TLS by the trusted proxy sets the session cookie Secure; over plain HTTP it cannot', async () => {
    expect(await cookieAfter({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.9' })).toMatch(/;\s*Secure/i);
    expect(await cookieAfter({ 'x-forwarded-for': '192.0.2.9' })).not.toMatch(/;\s*Secure/i);
  });
});
