import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageJudge, type PageJudge } from './page-judge.js';
import { codeMailedTo, codesMailedTo, Visitor } from './support.js';

/**
 * The front page's create form with its rule variant, through `inject()`: a Payola and a Crystal
 * Ball game created as a Master does it (the form, the mailed code, the password), each listed in
 * the main status file under its variant and shown so on the front page; a variant the judge does
 * not play refused before any code is mailed, as CREATE by mail refuses it.
 */

let judge: PageJudge;

beforeAll(() => {
  judge = startPageJudge();
});

afterAll(async () => {
  await judge?.close();
});

/** A game created from the front page's form, confirmed with the code mailed to `master`; the page then shown. */
async function createOnTheWeb(game: string, master: string, variant: string): Promise<Visitor> {
  const visitor = new Visitor(judge.app);
  await visitor.get('/');
  expect(await visitor.post('/create', { game, address: master, variant })).toBe(200);
  expect(visitor.body).toContain('Enter the mailed code');
  expect(await visitor.post('/confirm', { code: await codeMailedTo(judge, master, 0), password: 'masterpw' })).toBe(200);
  return visitor;
}

/** A page's text as a reader sees it: the pages write an apostrophe as &#39;. */
function shown(body: string): string {
  return body.replaceAll('&#39;', "'");
}

/** The front page's row for `game`: its state, map, variant and openings. */
function frontRow(body: string, game: string): string {
  const row = new RegExp(`<a href="/game/${game}">${game}</a></td><td>([^<]*)</td>`).exec(body);
  if (row === null) throw new Error(`game ${game} is not listed on the front page`);
  return row[1]!;
}

describe("the front page's create form", () => {
  it('offers the variants this judge plays, the standard game first', async () => {
    const visitor = new Visitor(judge.app);
    await visitor.get('/');
    const choice = /<select name="variant">([\s\S]*?)<\/select>/.exec(visitor.body)?.[1];
    expect([...(choice ?? '').matchAll(/<option value="(\w+)">([^<]+)<\/option>/g)].map((option) => `${option[1]}=${option[2]}`)).toEqual([
      'standard=Standard',
      'payola=Payola',
      'xtalball=Crystal Ball',
    ]);
  });

  it('creates a Payola game, listed as payola with the rule every Payola game plays under, and shown as Payola on the front page', async () => {
    const visitor = await createOnTheWeb('webpay', 'paymaster@create.test', 'payola');
    expect(shown(visitor.body)).toContain("Game 'webpay' is created to play payola, with you as its Master");
    expect(judge.mainStatus()).toMatch(/^webpay payola forming$/m);
    expect(judge.status('webpay')).toMatch(/^RULE ORDER_ANY$/m);
    expect((await judge.sent()).find((mail) => mail.to.includes('paymaster@create.test'))?.subject).toBe(
      "Judge WEBTEST: your code to create game 'webpay' to play Payola as its Master",
    );
    await visitor.get('/');
    expect(frontRow(visitor.body, 'webpay')).toBe('forming, standard map, Payola, 7 of 7 places open');
    // LIST by mail tells of it in the same words.
    expect((await judge.mail('player@create.test', 'LIST')).reply.text).toMatch(/^ {2}webpay +forming, standard map, Payola, 7 of 7 places open$/m);
  });

  it('creates a Crystal Ball game, listed as xtalball with its rules, and shown as Crystal Ball on the front page', async () => {
    const visitor = await createOnTheWeb('webxtal', 'xtalmaster@create.test', 'xtalball');
    expect(shown(visitor.body)).toContain("Game 'webxtal' is created to play xtalball, with you as its Master");
    expect(judge.mainStatus()).toMatch(/^webxtal xtalball forming$/m);
    expect(judge.status('webxtal')).toMatch(/^RULE FICTIONAL_OK PROXY_OK$/m);
    await visitor.get('/');
    expect(frontRow(visitor.body, 'webxtal')).toBe('forming, standard map, Crystal Ball, 7 of 7 places open');
  });

  it('creates a standard game when the standard game is chosen, listed by its map alone', async () => {
    const visitor = await createOnTheWeb('webstd', 'stdmaster@create.test', 'standard');
    expect(shown(visitor.body)).toContain("Game 'webstd' is created, with you as its Master");
    expect(judge.mainStatus()).toMatch(/^webstd standard forming$/m);
    await visitor.get('/');
    expect(frontRow(visitor.body, 'webstd')).toBe('forming, standard, 7 of 7 places open');
  });

  it('refuses a forged variant as CREATE by mail does, mailing no code and creating no game', async () => {
    const visitor = new Visitor(judge.app);
    await visitor.get('/');
    expect(await visitor.post('/create', { game: 'webchaos', address: 'chaosmaster@create.test', variant: 'chaos' })).toBe(400);
    expect(shown(visitor.body)).toContain(
      "The form could not be sent: there is no rule variant 'chaos'; DPjudge knows standard, payola and xtalball. Nothing was done.",
    );
    expect(await codesMailedTo(judge, 'chaosmaster@create.test')).toBe(0);
    expect(judge.mainStatus()).not.toMatch(/^webchaos /m);
    const mail = await judge.mail('chaosmaster@create.test', 'CREATE webchaos masterpw chaos');
    expect(mail.reply.text).toContain("there is no rule variant 'chaos'; DPjudge knows standard, payola and xtalball");
  });
});
