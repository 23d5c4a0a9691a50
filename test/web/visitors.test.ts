import { afterEach, describe, expect, it } from 'vitest';
import { Visitor, startWebJudge, type WebJudge } from './support.js';

/**
 * Who a visitor is, over plain HTTP as a browser without JavaScript sends it: a sign-on outlives a
 * restart of the judge, and behind a trusted reverse proxy wrong passwords count per visitor.
 */

const started: WebJudge[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((judge) => judge.close()));
});

async function judgeWith(web: Readonly<Record<string, unknown>> = {}): Promise<WebJudge> {
  const judge = await startWebJudge(web);
  started.push(judge);
  return judge;
}

describe('signed-on visitors', () => {
  it('stay signed on across a restart of the judge, with no password or cookie kept in the database', async () => {
    let judge = await judgeWith();
    await judge.mail('master@web.test', 'CREATE alpha masterpw');
    const master = new Visitor(judge.url);
    await master.signOn('alpha', 'MASTER', 'masterpw');
    expect(master.signedOnAs()).toBe('the Master of alpha');

    judge = await judge.restart();
    master.url = judge.url;
    expect(await master.get('/game/alpha')).toBe(200);
    expect(master.signedOnAs()).toBe('the Master of alpha');
    expect(master.body).toContain("The Master's controls");
    // A form loaded before the restart still posts: its token is the visitor's, and the secret is kept.
    expect(await master.post('/game/alpha/commands', { commands: 'SET DEADLINE 1 JAN 2099 12:00' })).toBe(200);
    expect(master.body).toMatch(/Deadline .* set/i);

    const kept = judge.query<Record<string, unknown>>('SELECT * FROM web_sessions');
    expect(kept).toHaveLength(1);
    const stored = JSON.stringify(kept);
    expect(stored).not.toContain('masterpw');
    expect(stored).not.toContain(master.id());

    await master.post('/signoff', {});
    expect(master.signedOnAs()).toBeNull();
    judge = await judge.restart();
    master.url = judge.url;
    await master.get('/game/alpha');
    expect(master.signedOnAs()).toBeNull();
    expect(judge.query('SELECT * FROM web_sessions')).toHaveLength(0);
  }, 60_000);
});

describe('wrong passwords behind a reverse proxy', () => {
  /** Five wrong passwords from one visitor; then whether another visitor, and the guesser, can still sign on to another game. */
  async function guessing(judge: WebJudge) {
    await judge.mail('ann@web.test', 'CREATE alpha alphapw');
    await judge.mail('bob@web.test', 'CREATE beta betapw');
    const guesser = new Visitor(judge.url, '203.0.113.1');
    for (let guess = 1; guess <= 5; guess++) {
      await guesser.signOn('alpha', 'MASTER', `guess${guess}`);
      expect(guesser.body).toContain('that is not the Master&#39;s password of game');
    }
    const other = new Visitor(judge.url, '203.0.113.2');
    await other.signOn('beta', 'MASTER', 'betapw');
    await guesser.signOn('beta', 'MASTER', 'betapw');
    return { other: other.signedOnAs(), guesser: guesser.signedOnAs(), guesserPage: guesser.body };
  }

  it('are counted per visitor address from X-Forwarded-For when web.trustProxy names the proxy', async () => {
    const { other, guesser, guesserPage } = await guessing(await judgeWith({ trustProxy: '127.0.0.1' }));
    expect(other).toBe('the Master of beta');
    expect(guesser).toBeNull();
    expect(guesserPage).toContain('too many wrong passwords came from your address');
  }, 60_000);

  it('are counted per connection when no proxy is trusted (the default): X-Forwarded-For is not believed', async () => {
    const { other, guesser } = await guessing(await judgeWith());
    expect(other).toBeNull();
    expect(guesser).toBeNull();
  }, 60_000);
});
