import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Chromium, type PersonalBrowser } from '../support/chromium.js';
import { startWebJudge, submit, type WebJudge } from './support.js';

/**
 * Orders given by clicking on the game page's board (issue 36), in Chromium, on a desk and on a
 * phone, and by the forms alone with JavaScript off. The tests follow one game and run in order.
 */

const GAME = 'clicky';
const MASTER = 'master@click.test';
const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
const address = (power: string) => `${power.toLowerCase()}@click.test`;
const password = (power: string) => `pw${power.toLowerCase()}`;
const PHONE = { width: 390, height: 844 };

let judge: WebJudge;
let chromium: Chromium;
const browsers: PersonalBrowser[] = [];

beforeAll(async () => {
  [judge, chromium] = await Promise.all([startWebJudge(), launchChromium()]);
  await judge.mail(MASTER, `CREATE ${GAME} masterpw\nRULE POWER_CHOICE\nFORM`);
  for (const power of POWERS) await judge.mail(address(power), `JOIN ${power.toLowerCase()}@${GAME} ${password(power)}`);
}, 120_000);

afterAll(async () => {
  await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  await chromium?.close();
  await judge?.close();
});

/** A power's player signed on at a browser of their own; with JavaScript, once the board is ready for clicks. */
async function playerAt(power: string, options: { width?: number; height?: number; javaScript?: boolean } = {}): Promise<Page> {
  const browser = await chromium.person({ baseURL: judge.url, ...options });
  browsers.push(browser);
  const page = browser.page;
  await page.goto(`/game/${GAME}`);
  const form = page.locator('form[action="/signon"]');
  await form.locator('select[name=who]').selectOption(power);
  await form.locator('input[name=password]').fill(password(power));
  await submit(form);
  if (options.javaScript !== false) await page.locator('#board[data-ready=yes]').waitFor();
  return page;
}

const place = (page: Page, location: string) => page.locator(`.board-spots [data-place="${location}"]`);
const listed = (page: Page) => page.locator('.order-list li:not(.none)').allInnerTexts();
const orderText = (items: string[]) => items.map((item) => item.replace(/\s*✕$/, ''));

/** Clicks the places in turn. */
async function clickOn(page: Page, ...locations: string[]): Promise<void> {
  for (const location of locations) await place(page, location).click();
}

async function sendList(page: Page): Promise<string> {
  const answered = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.locator('.board-panel button.send').click();
  await answered;
  await page.waitForLoadState();
  return page.locator('.reply').innerText();
}

/** The orders on file for `power`, as STATUS by mail lists them, in no particular order. */
async function onFile(power: string): Promise<string[]> {
  const reply = await judge.mail(address(power), `SIGNON ${power.charAt(0)}${GAME} ${password(power)}\nSTATUS`);
  const listing = /Orders on file for .*:\n((?: {2}.+\n?)*)/.exec(reply.text ?? '');
  return replyOrders(listing?.[1] ?? '').filter((line) => line !== '(none)');
}

async function orderByMail(power: string, orders: string): Promise<void> {
  const reply = await judge.mail(address(power), `SIGNON ${power.charAt(0)}${GAME} ${password(power)}\n${orders}`);
  expect(reply.text).not.toMatch(/refused|Not done|Not understood/);
}

async function processByMail(): Promise<void> {
  await judge.mail(MASTER, `SIGNON M${GAME} masterpw\nPROCESS!`);
}

const phase = () => /^PHASE (.*)$/m.exec(judge.status(GAME))?.[1];

/** The lines of the orders on file the judge's reply lists. */
function replyOrders(reply: string): string[] {
  return [...reply.matchAll(/^ {2}(\S.*)$/gm)].map((match) => match[1]!).sort();
}

describe('the clickable board', () => {
  it('takes a Spring of orders given by clicks alone, on a desk, and refuses a click that makes no legal order', async () => {
    const france = await playerAt('FRANCE');
    // The data block and the script are the page's only scripts; the policy allows no inline one.
    const page = await france.request.get(`/game/${GAME}`);
    expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers()['content-security-policy']).not.toContain('unsafe-inline');
    const script = await france.request.get('/board.js');
    expect(script.headers()['content-type']).toContain('text/javascript');
    expect(script.headers()['cache-control']).toBe('max-age=3600');

    expect(await place(france, 'PAR').getAttribute('aria-label')).toBe('Paris');
    expect(await place(france, 'PAR').getAttribute('tabindex')).toBe('0');

    await clickOn(france, 'PAR', 'BUR');
    expect(orderText(await listed(france))).toEqual(['A PAR - BUR']);

    // A click that makes no legal order makes none: Paris cannot reach Moscow nor support anything there.
    await clickOn(france, 'MAR', 'MOS');
    await expect.poll(() => france.locator('.board-panel .prompt').innerText()).toContain('No order was made');
    expect(await france.locator('.board-panel .prompt.problem').count()).toBe(1);
    expect(orderText(await listed(france))).toEqual(['A PAR - BUR']);

    // Marseilles still chosen: a unit, then where that unit goes, is a support.
    await clickOn(france, 'PAR', 'BUR');
    expect(orderText(await listed(france))).toContain('A MAR S A PAR - BUR');

    // A wrong click is undone with one click.
    await clickOn(france, 'BRE', 'MAO');
    expect(orderText(await listed(france))).toContain('F BRE - MAO');
    await france.locator('.board-panel button.undo').click();
    expect(orderText(await listed(france))).not.toContain('F BRE - MAO');
    // The board takes the keyboard too: a spot focused and chosen with Enter, Escape to let go.
    await place(france, 'BRE').focus();
    await france.keyboard.press('Enter');
    await expect.poll(() => france.locator('.board-panel .prompt').innerText()).toContain('F BRE: click where it moves');
    await france.keyboard.press('Escape');
    await expect.poll(() => france.locator('.board-panel .prompt').innerText()).toBe('Click a unit of yours to order it.');
    // The unit again: a hold.
    await clickOn(france, 'BRE', 'BRE');
    const clicked = orderText(await listed(france)).sort();
    expect(clicked).toEqual(['A MAR S A PAR - BUR', 'A PAR - BUR', 'F BRE H']);
    // The board drives the form: its pulldowns show the same orders.
    expect(await france.getByLabel('Order for F BRE', { exact: true }).inputValue()).toBe('F BRE H');

    // Nothing is on file until the list is sent.
    expect(await onFile('FRANCE')).toEqual([]);
    const reply = await sendList(france);
    expect(replyOrders(reply)).toEqual(clicked);
    expect(await onFile('FRANCE')).toEqual(clicked);
    const audited = judge.audited(GAME).filter((entry) => entry.command === 'ORDERS');
    expect(audited.map((entry) => entry.actor)).toContain(`${address('FRANCE')} (web)`);
  }, 120_000);

  it('takes orders given by clicks on a phone, the board filling its width and zoomed in', async () => {
    const england = await playerAt('ENGLAND', PHONE);
    const board = await england.locator('.board-view').boundingBox();
    expect(board!.width).toBeGreaterThanOrEqual(PHONE.width - 24);
    expect(board!.x + board!.width).toBeLessThanOrEqual(PHONE.width);
    const before = (await england.locator('.board-stage').boundingBox())!.width;
    await england.getByRole('button', { name: 'Zoom the board in' }).click();
    await england.getByRole('button', { name: 'Zoom the board in' }).click();
    expect((await england.locator('.board-stage').boundingBox())!.width).toBeGreaterThan(2 * before);

    await clickOn(england, 'LON', 'NTH', 'EDI', 'NWG');
    // Into a place a unit holds: a support of that unit, or the move offered instead.
    await clickOn(england, 'LVP', 'EDI');
    await england.getByRole('button', { name: 'A LVP - EDI (Edinburgh) instead' }).click();
    const clicked = orderText(await listed(england)).sort();
    expect(clicked).toEqual(['A LVP - EDI', 'F EDI - NWG', 'F LON - NTH']);
    const reply = await sendList(england);
    expect(replyOrders(reply)).toEqual(clicked);
    expect(await onFile('ENGLAND')).toEqual(clicked);
  }, 120_000);

  it('leaves the forms as they were with JavaScript off, and they still take orders', async () => {
    const germany = await playerAt('GERMANY', { javaScript: false });
    expect(await germany.locator('.board-panel').count()).toBe(0);
    expect(await germany.locator('section.board img').count()).toBe(1);
    await germany.getByLabel('Order for A MUN', { exact: true }).selectOption('A MUN - RUH');
    await submit(germany.locator(`form[action="/game/${GAME}/orders"]`));
    expect(await onFile('GERMANY')).toEqual(['A MUN - RUH']);
  }, 120_000);

  it('takes a Fall, a retreat and a Winter given by clicks, asking a coast only where the move needs one', async () => {
    await orderByMail('AUSTRIA', 'A VIE - GAL\nA BUD - SER\nF TRI - ALB');
    await orderByMail('RUSSIA', 'A MOS - UKR\nA WAR H');
    await orderByMail('TURKEY', 'A SMY - ARM\nA CON - SMY\nF ANK - CON');
    await processByMail();
    expect(phase()).toBe('FALL 1901 MOVEMENT');

    const turkey = await playerAt('TURKEY', PHONE);
    await clickOn(turkey, 'CON', 'BUL');
    await expect.poll(() => turkey.locator('.board-panel .prompt').innerText()).toBe('Which one?');
    expect(orderText(await listed(turkey))).toEqual([]);
    await turkey.getByRole('button', { name: 'F CON - BUL/SC (Bulgaria (south coast))' }).click();
    // An army's move names no coast: asked nothing.
    await clickOn(turkey, 'SMY', 'ANK');
    expect(orderText(await listed(turkey)).sort()).toEqual(['A SMY - ANK', 'F CON - BUL/SC']);
    await sendList(turkey);
    expect(await onFile('TURKEY')).toEqual(['A SMY - ANK', 'F CON - BUL/SC']);

    const france = await playerAt('FRANCE');
    await clickOn(france, 'MAR', 'SPA', 'BRE', 'MAO', 'BUR', 'BUR');
    expect(orderText(await listed(france)).sort()).toEqual(['A BUR H', 'A MAR - SPA', 'F BRE - MAO']);
    await sendList(france);
    expect(await onFile('FRANCE')).toEqual(['A BUR H', 'A MAR - SPA', 'F BRE - MAO']);
    await orderByMail('RUSSIA', 'A WAR - GAL\nA UKR S A WAR - GAL');
    await orderByMail('AUSTRIA', 'A GAL H\nA SER H\nF ALB H');
    await processByMail();
    expect(phase()).toBe('FALL 1901 RETREATS');

    const austria = await playerAt('AUSTRIA');
    // Where no retreat goes: no order.
    await clickOn(austria, 'GAL', 'UKR');
    await expect.poll(() => austria.locator('.board-panel .prompt').innerText()).toContain('No order was made');
    await clickOn(austria, 'BOH');
    expect(orderText(await listed(austria))).toEqual(['A GAL - BOH']);
    await sendList(austria);
    expect(await onFile('AUSTRIA')).toEqual(['A GAL - BOH']);
    await processByMail();
    expect(phase()).toBe('WINTER 1901 ADJUSTMENTS');

    await france.goto(`/game/${GAME}`);
    await france.locator('#board[data-ready=yes]').waitFor();
    // No build where no home center is free.
    await clickOn(france, 'BUR');
    await expect.poll(() => france.locator('.board-panel .prompt').innerText()).toContain('No order was made');
    await clickOn(france, 'MAR');
    await france.getByRole('button', { name: 'BUILD a fleet: F MAR (Marseilles)' }).click();
    expect(orderText(await listed(france))).toEqual(['BUILD F MAR']);
    await sendList(france);
    expect(await onFile('FRANCE')).toEqual(['BUILD F MAR']);
  }, 180_000);
});
