import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Chromium, type PersonalBrowser } from '../support/chromium.js';
import { mailsTo, startWebJudge, submit, until, type WebJudge } from './support.js';

/**
 * A game played on the web pages and by mail at once, in Chromium, against a judge run as
 * `npm start` runs it. The tests follow one game and run in order: each picks up where the one
 * before left it.
 */

const GAME = 'webgame';
const MASTER = 'master@web.test';
const address = (n: number) => `p${n}@web.test`;
const passwordOf = (n: number) => `pw${n}`;

let judge: WebJudge;
/** One Chromium for the whole file; each person has a browser context of their own at it. */
let chromium: Chromium;
/** Every person's browser opened, closed at the end. */
const browsers: PersonalBrowser[] = [];
let master: Page;
/** Who plays what, once the game has started: power name → player number. */
const players = new Map<string, number>();

beforeAll(async () => {
  [judge, chromium] = await Promise.all([startWebJudge(), launchChromium()]);
});

afterAll(async () => {
  await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  await chromium?.close();
  await judge?.close();
});

/** A new person at a browser of their own. */
async function newPage(): Promise<Page> {
  const browser = await chromium.person({ baseURL: judge.url });
  browsers.push(browser);
  return browser.page;
}

const replyOf = (page: Page) => page.locator('.reply').innerText();

async function signOn(page: Page, power: string, password: string): Promise<void> {
  await page.goto(`/game/${GAME}`);
  const form = page.locator('form[action="/signon"]');
  await form.locator('select[name=who]').selectOption(power);
  await form.locator('input[name=password]').fill(password);
  await submit(form);
}

/** Gives the code the judge mailed to `to` on the page that asks for it, with the password. */
async function enterMailedCode(page: Page, to: string, password: string): Promise<void> {
  const mail = await until(async () => mailsTo(await judge.sent(), to).findLast((sent) => /your code to/.test(sent.subject ?? '')), `the code mailed to ${to}`);
  const form = page.locator('form[action="/confirm"]');
  await form.locator('input[name=code]').fill(/\b([A-Z2-9]{5}-[A-Z2-9]{5})\b/.exec(mail.text ?? '')![1]!);
  await form.locator('input[name=password]').fill(password);
  await submit(form);
}

const playerPages = new Map<string, Page>();

/** A power's player at their own browser, signed on, on the game's page. */
async function playerPage(power: string): Promise<Page> {
  const known = playerPages.get(power);
  if (known) {
    await known.goto(`/game/${GAME}`);
    return known;
  }
  const page = await newPage();
  playerPages.set(power, page);
  await signOn(page, power, passwordOf(players.get(power)!));
  expect(await page.locator('form.signoff').innerText()).toContain(`Signed on as ${power.charAt(0)}${power.slice(1).toLowerCase()} in ${GAME}`);
  return page;
}

async function chooseOrders(page: Page, orders: Record<string, string>): Promise<string> {
  for (const [unit, order] of Object.entries(orders)) await page.getByLabel(`Order for ${unit}`, { exact: true }).selectOption(order);
  await submit(page.locator(`form[action="/game/${GAME}/orders"]`));
  return replyOf(page);
}

async function processAsMaster(): Promise<string> {
  await master.goto(`/game/${GAME}`);
  const form = master.locator(`form[action="/game/${GAME}/process"]`);
  await form.locator('input[name=force]').check();
  await submit(form);
  return replyOf(master);
}

const phaseOf = () => /^PHASE (.*)$/m.exec(judge.status(GAME))?.[1];

describe("the judge's web pages, in Chromium", () => {
  it('lets a Master create a game on the web, and players join it by mail and on the web', async () => {
    master = await newPage();
    await master.goto('/');
    const create = master.locator('form[action="/create"]');
    await create.locator('input[name=game]').fill(GAME);
    await create.locator('input[name=address]').fill(MASTER);
    await submit(create);
    await enterMailedCode(master, MASTER, 'masterpw');
    expect(await replyOf(master)).toContain(`Game '${GAME}' is created, with you as its Master`);
    expect(await master.locator('form.signoff').innerText()).toContain(`the Master of ${GAME}`);

    for (let n = 1; n <= 4; n++) await judge.mail(address(n), `JOIN ${GAME} ${passwordOf(n)}`);
    for (let n = 5; n <= 7; n++) {
      const page = await newPage();
      const browser = browsers.pop()!;
      await page.goto('/');
      expect(await page.locator('table.games').innerText()).toContain(GAME);
      const join = page.locator('form[action="/join"]');
      await join.locator('input[name=game]').fill(GAME);
      await join.locator('input[name=address]').fill(address(n));
      await submit(join);
      await enterMailedCode(page, address(n), passwordOf(n));
      expect(await replyOf(page)).toContain(`You have joined game '${GAME}'`);
      await browser.close();
    }
    expect(phaseOf()).toBe('SPRING 1901 MOVEMENT');
    for (const match of judge.status(GAME).matchAll(/^(\w+)\nADDRESS p(\d)@web\.test$/gm)) players.set(match[1]!, Number(match[2]));
    expect(players.size).toBe(7);
    const started = await until(
      async () => mailsTo(await judge.sent(), address(1)).find((mail) => mail.subject === `${GAME}: the game has started`),
      'the start mail',
    );
    expect(started.text).toContain('You play');
  }, 120_000);

  it('takes orders chosen from every valid order and press, processes, and shows everyone the new board and results', async () => {
    const austria = await playerPage('AUSTRIA');
    const budapest = await austria.getByLabel('Order for A BUD', { exact: true }).locator('option').allTextContents();
    // No order is on file: the form files none unless one is chosen.
    expect(budapest.slice(0, 2)).toEqual(['(no order)', 'A BUD H']);
    expect(await austria.getByLabel('Order for A BUD', { exact: true }).inputValue()).toBe('');
    expect(budapest).toEqual(expect.arrayContaining(['A BUD - SER', 'A BUD - GAL', 'A BUD - RUM', 'A BUD S A VIE - GAL', 'A BUD S F TRI']));
    expect(budapest).not.toContain('A BUD - MUN');
    expect(budapest).not.toContain('A BUD - ADR');
    expect(await chooseOrders(austria, { 'A VIE': 'A VIE H', 'A BUD': 'A BUD - SER', 'F TRI': 'F TRI H' })).toContain(
      'Orders on file for Austria for Spring 1901 Movement:\n  A VIE H\n  A BUD - SER\n  F TRI H',
    );

    const germany = await playerPage('GERMANY');
    await chooseOrders(germany, { 'A MUN': 'A MUN - BUR' });

    // The orders entered on the web are the orders a mail's STATUS shows.
    const austrian = players.get('AUSTRIA')!;
    const status = await judge.mail(address(austrian), `SIGNON A${GAME} ${passwordOf(austrian)}\nSTATUS`);
    expect(status.text).toContain('A BUD - SER');

    const england = await playerPage('ENGLAND');
    const press = england.locator(`form[action="/game/${GAME}/press"]`);
    await press.locator('input[name=to][value=FRANCE]').check();
    await press.locator('textarea[name=body]').fill('Shall we share the Channel?');
    await submit(press);
    expect(await replyOf(england)).toContain('Press sent to France');

    expect(await processAsMaster()).toContain(`Spring 1901 Movement of game '${GAME}' is processed`);
    expect(phaseOf()).toBe('FALL 1901 MOVEMENT');

    // The page answers once the results are queued in the journal; the outbox sender writes them a moment later.
    const mails = await until(async () => {
      const written = await judge.sent();
      const resultsTo = (n: number) => mailsTo(written, address(n)).some((mail) => mail.subject?.includes(`${GAME} S1901M results`));
      return [...players.values()].every(resultsTo) && written;
    }, 'the S1901M results to every player');
    const french = mailsTo(mails, address(players.get('FRANCE')!));
    expect(french.some((mail) => mail.text?.includes('Shall we share the Channel?'))).toBe(true);
    expect(mailsTo(mails, address(players.get('GERMANY')!)).some((mail) => mail.text?.includes('Shall we share the Channel?'))).toBe(false);

    await germany.goto(`/game/${GAME}?zone=America/New_York`);
    expect(await germany.locator('table.powers tr', { hasText: 'Germany' }).innerText()).toContain('A BUR');
    expect(await germany.locator('.deadline').innerText()).toMatch(/GMT\nthat is .* America\/New_York/);
    expect(await germany.locator('.heading').innerText()).toContain('Fall 1901 Movement');
    const board = await germany.request.get(`/game/${GAME}/board.svg`);
    expect(board.headers()['content-type']).toContain('image/svg+xml');
    expect(await board.text()).toContain('<title>A BUR (Germany)</title>');
    await germany.goto(`/game/${GAME}/history`);
    expect(await germany.locator('section.phase h2').allInnerTexts()).toEqual(['S1901M']);
    expect(await germany.locator('section.phase pre').innerText()).toContain('A MUN - BUR.');
    const picture = germany.locator('section.phase img');
    await expect
      .poll(() =>
        picture.evaluate((element) => {
          const image = element as unknown as { complete: boolean; naturalWidth: number };
          return image.complete && image.naturalWidth > 0;
        }),
      )
      .toBe(true);

    const audited = judge.audited(GAME).filter((entry) => entry.command === 'ORDERS');
    expect(audited.map((entry) => entry.actor)).toContain(`${address(austrian)} (web)`);
  }, 120_000);

  it('takes a retreat and a build chosen from the choices', async () => {
    const france = await playerPage('FRANCE');
    await chooseOrders(france, { 'A PAR': 'A PAR - BUR', 'A MAR': 'A MAR S A PAR - BUR' });
    await processAsMaster();
    expect(phaseOf()).toBe('FALL 1901 RETREATS');

    const germany = await playerPage('GERMANY');
    const retreats = await germany.getByLabel('Order for A BUR', { exact: true }).locator('option').allTextContents();
    expect(retreats).toContain('A BUR - MUN');
    expect(retreats.at(-1)).toBe('A BUR DISBAND');
    expect(retreats).not.toContain('A BUR - PAR');
    expect(await chooseOrders(germany, { 'A BUR': 'A BUR - MUN' })).toContain('A BUR - MUN');
    await processAsMaster();
    expect(phaseOf()).toBe('WINTER 1901 ADJUSTMENTS');

    const austria = await playerPage('AUSTRIA');
    expect(await austria.locator(`form[action="/game/${GAME}/orders"] h3`).innerText()).toContain('1 build due');
    const builds = await austria.getByLabel('Order for Build 1', { exact: true }).locator('option').allTextContents();
    expect(builds).toEqual(['(none)', 'BUILD A BUD', 'WAIVE']);
    expect(builds).not.toContain('BUILD A VIE');
    await chooseOrders(austria, { 'Build 1': 'BUILD A BUD' });
    await processAsMaster();
    expect(phaseOf()).toBe('SPRING 1902 MOVEMENT');
    expect(judge.status(GAME)).toMatch(/^A BUD$/m);
    await austria.goto(`/game/${GAME}`);
    expect(await austria.locator('table.powers tr', { hasText: 'Austria' }).innerText()).toContain('A BUD');
  }, 120_000);

  it('shows press holding <script> as text, and runs none of it', async () => {
    const england = await playerPage('ENGLAND');
    const body = '<script>window.pwned = true</script><b>not bold</b>';
    const press = england.locator(`form[action="/game/${GAME}/press"]`);
    await press.locator('input[name=to][value=FRANCE]').check();
    await press.locator('textarea[name=body]').fill(body);
    await submit(press);
    expect(await england.locator('.reply').innerText()).toContain(body);
    // The page's own scripts are the board's data block and its module; nothing from the press.
    expect(await england.locator('main script:not(#board-data):not([src="/board.js"]), main b').count()).toBe(0);
    expect(await england.evaluate(() => (globalThis as { pwned?: boolean }).pwned)).toBeUndefined();
    const french = await until(
      async () => mailsTo(await judge.sent(), address(players.get('FRANCE')!)).find((mail) => mail.text?.includes(body)),
      'the press to France',
    );
    expect(french.text).toContain(body);
  }, 60_000);

  it('refuses a form posted without its token, or with another visitor’s', async () => {
    await master.goto(`/game/${GAME}`);
    const form = master.locator(`form[action="/game/${GAME}/process"]`);
    await form.locator('input[name=token]').evaluate((input) => input.remove());
    await form.locator('input[name=force]').check();
    await submit(form);
    expect(await master.locator('h1').innerText()).toBe('Form refused');
    expect(await master.locator('main').innerText()).toContain('Nothing was done');
    expect(phaseOf()).toBe('SPRING 1902 MOVEMENT');

    const stranger = await newPage();
    await stranger.goto('/');
    const strangersToken = await stranger.locator('form[action="/signon"] input[name=token]').inputValue();
    const posted = await master.request.post(`/game/${GAME}/process`, { form: { token: strangersToken, force: 'yes' } });
    expect(posted.status()).toBe(403);
    expect(await posted.text()).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(phaseOf()).toBe('SPRING 1902 MOVEMENT');
  }, 60_000);

  it('keeps a player signed on after a new password set on the web, and signs off one whose password changed by mail', async () => {
    const italy = await playerPage('ITALY');
    const form = italy.locator(`form[action="/game/${GAME}/password"]`);
    await form.locator('input[name=password]').fill('webpw');
    await submit(form);
    expect(await replyOf(italy)).toContain(`Your password in game '${GAME}' is changed.`);
    expect(await italy.content()).not.toContain('webpw');
    expect(await italy.locator('form.signoff').count()).toBe(1);
    await chooseOrders(italy, { 'A ROM': 'A ROM H' });
    expect(await replyOf(italy)).toContain('Orders on file for Italy');
    const italian = players.get('ITALY')!;
    const byMail = await judge.mail(address(italian), `SIGNON I${GAME} webpw\nSET PASSWORD mailpw`);
    expect(byMail.text).toContain('Signed on as Italy');
    await italy.goto(`/game/${GAME}`);
    expect(await italy.locator('form.signoff').count()).toBe(0);
    expect(await italy.locator('form[action="/signon"]').count()).toBe(1);
  }, 60_000);

  it('takes commands written as in a mail, and shows SUMMARY once the game is over', async () => {
    await master.goto(`/game/${GAME}`);
    const box = master.locator(`form[action="/game/${GAME}/commands"]`);
    await box.locator('textarea[name=commands]').fill('// the Master ends it here\r\nTERMINATE');
    await submit(box);
    expect(await replyOf(master)).toContain(`Game '${GAME}' is terminated.`);
    const stranger = await newPage();
    await stranger.goto(`/game/${GAME}`);
    const summary = await stranger.locator('section.summary').innerText();
    expect(summary).toContain(`Summary of game '${GAME}'`);
    expect(summary).toContain('Supply centers at the start of each year');
  }, 60_000);

  it('refuses a wrong password, and counts it against the same guessing limits as mail', async () => {
    const guesser = await newPage();
    for (let guess = 1; guess <= 5; guess++) {
      await signOn(guesser, 'FRANCE', `guess${guess}`);
      expect(await replyOf(guesser)).toContain(`SIGNON refused: no player of game '${GAME}' has that name and password`);
      expect(await guesser.locator('form.signoff').count()).toBe(0);
    }
    expect(await guesser.content()).not.toContain('guess5');
    await signOn(guesser, 'FRANCE', passwordOf(players.get('FRANCE')!));
    expect(await replyOf(guesser)).toContain('too many wrong passwords came from your address');
    expect(await guesser.locator('form.signoff').count()).toBe(0);
    // The player's own mail still gets in: the limit is on the web visitor's address.
    const french = players.get('FRANCE')!;
    const reply = await judge.mail(address(french), `SIGNON F${GAME} ${passwordOf(french)}\nSTATUS`);
    expect(reply.text).toContain('Signed on as France');
  }, 60_000);
});
