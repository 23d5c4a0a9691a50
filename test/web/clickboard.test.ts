import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Chromium, type PersonalBrowser } from '../support/chromium.js';
import { startWebJudge, submit, type WebJudge } from './support.js';

/**
 * Orders given by clicking on the game page's board (issue 36), in Chromium: a whole year of
 * Austria's orders (Spring, Fall, a retreat, Winter's builds) by clicks alone on a desk and on a
 * phone, and by the forms alone with JavaScript off, each in a game of its own; the orders on file
 * afterwards are exactly those given. Then what a click may and may not do. Each game's tests run in order.
 */

const POWERS = ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'];
const MASTER = 'master@click.test';
/** Each game's players write from addresses of their own: the judge throttles the forms and mails of one address. */
const address = (game: string, power: string) => `${power.toLowerCase()}.${game}@click.test`;
const password = (power: string) => `pw${power.toLowerCase()}`;
const DESK = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The smallest target a thumb hits reliably, in CSS pixels (WCAG 2.5.5's 44). */
const THUMB = 44;

let judge: WebJudge;
let chromium: Chromium;
const browsers: PersonalBrowser[] = [];

async function createGame(game: string, rules: readonly string[] = []): Promise<void> {
  await judge.mail(MASTER, `CREATE ${game} masterpw\nRULE POWER_CHOICE\n${rules.map((rule) => `RULE ${rule}\n`).join('')}FORM`);
  for (const power of POWERS) await judge.mail(address(game, power), `JOIN ${power.toLowerCase()}@${game} ${password(power)}`);
}

beforeAll(async () => {
  [judge, chromium] = await Promise.all([startWebJudge(), launchChromium()]);
  for (const game of ['desk', 'phone', 'forms']) await createGame(game);
  await createGame('loose', ['NO_CHECK', 'PROXY_OK']);
}, 180_000);

afterAll(async () => {
  await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  await chromium?.close();
  await judge?.close();
});

/** A power's player signed on at a browser of their own; with JavaScript, once the board is ready for clicks. */
async function playerAt(game: string, power: string, options: { width?: number; height?: number; javaScript?: boolean } = {}): Promise<Page> {
  const browser = await chromium.person({ baseURL: judge.url, ...options });
  browsers.push(browser);
  const page = browser.page;
  await page.goto(`/game/${game}`);
  const form = page.locator('form[action="/signon"]');
  await form.locator('select[name=who]').selectOption(power);
  await form.locator('input[name=password]').fill(password(power));
  await submit(form);
  if (options.javaScript !== false) await boardReady(page);
  return page;
}

async function boardReady(page: Page): Promise<void> {
  await page.locator('#board[data-ready=yes]').waitFor();
}

const place = (page: Page, location: string) => page.locator(`.board-spots [data-place="${location}"]`);
const listed = async (page: Page) => (await page.locator('.order-list li:not(.none)').allInnerTexts()).map((item) => item.replace(/\s*✕$/, '')).sort();
const promptOf = (page: Page) => page.locator('.board-panel .prompt').innerText();

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

/** Chooses each row's order in the form (by the row's label) and sends it, JavaScript off: the judge's reply. */
async function sendForm(page: Page, game: string, rows: Readonly<Record<string, string>>): Promise<string> {
  for (const [row, order] of Object.entries(rows)) await page.getByLabel(`Order for ${row}`, { exact: true }).selectOption(order);
  await submit(page.locator(`form[action="/game/${game}/orders"]`));
  return page.locator('.reply').innerText();
}

/** The orders on file for `power`, as STATUS by mail lists them, sorted. */
async function onFile(game: string, power: string): Promise<string[]> {
  const reply = await judge.mail(address(game, power), `SIGNON ${power.charAt(0)}${game} ${password(power)}\nSTATUS`);
  const listing = /Orders on file for .*:\n((?: {2}.+\n?)*)/.exec(reply.text ?? '');
  return replyOrders(listing?.[1] ?? '').filter((line) => line !== '(none)');
}

async function orderByMail(game: string, power: string, orders: string): Promise<void> {
  const reply = await judge.mail(address(game, power), `SIGNON ${power.charAt(0)}${game} ${password(power)}\n${orders}`);
  expect(reply.text).not.toMatch(/refused|Not done|Not understood/);
}

async function processByMail(game: string): Promise<void> {
  await judge.mail(MASTER, `SIGNON M${game} masterpw\nPROCESS!`);
}

const phase = (game: string) => /^PHASE (.*)$/m.exec(judge.status(game))?.[1];

/** The lines of the orders on file the judge's reply lists. */
function replyOrders(reply: string): string[] {
  return [...reply.matchAll(/^ {2}(\S.*)$/gm)].map((match) => match[1]!).sort();
}

/** The shapes of the orders being given drawn on the board (each line's, head's and ring's geometry), once the drawing of `orders` is in. */
async function drawnShapes(page: Page, orders: readonly string[]): Promise<string[]> {
  const wanted = JSON.stringify([...orders].sort().join('\n'));
  await page.waitForFunction(`(document.querySelector('.board-picture')?.dataset.drawn ?? '').split('\\n').sort().join('\\n') === ${wanted}`);
  return page
    .locator('.board-picture .given-orders :is(polyline, polygon, circle)')
    .evaluateAll((shapes) => shapes.map((shape) => shape.getAttribute('points') ?? `${shape.getAttribute('cx')},${shape.getAttribute('cy')}`));
}

/**
 * Run in the page (the tests are type-checked without the DOM's types): a point of the screen inside
 * the province's outline on the board whose nearest place spot is another province's, and away
 * from every spot's own target, whose click names its place outright.
 */
const NEAR_THE_EDGE = `(wanted) => {
  const places = JSON.parse(document.getElementById('board-data').textContent).places;
  const board = document.querySelector('.board-picture');
  const area = board.querySelector('[data-area="' + wanted + '"]');
  const box = area.getBBox();
  const toBoard = board.getScreenCTM().inverse();
  const toScreen = area.getScreenCTM();
  for (let step = 0; step < 4000; step++) {
    const inside = new DOMPoint(box.x + ((step * 37) % 101) * (box.width / 101), box.y + ((step * 53) % 97) * (box.height / 97));
    if (!area.isPointInFill(inside)) continue;
    const screen = inside.matrixTransform(toScreen);
    const onBoard = screen.matrixTransform(toBoard);
    const distances = Object.entries(places).map(([name, spot]) => [name, Math.hypot(spot.at[0] - onBoard.x, spot.at[1] - onBoard.y)]);
    distances.sort((a, b) => a[1] - b[1]);
    const [nearest, distance] = distances[0];
    if (nearest.split('/')[0] !== wanted && distance > 20) return { x: screen.x, y: screen.y, nearest };
  }
  return null;
}`;

/** A point of the screen inside `province` on the board where choosing by the nearest spot would choose a neighbour; scrolled into view. */
async function nearTheEdgeOf(page: Page, province: string): Promise<{ x: number; y: number; nearest: string }> {
  await page.locator(`.board-picture [data-area="${province}"]`).first().scrollIntoViewIfNeeded();
  const point = await page.evaluate<{ x: number; y: number; nearest: string } | null>(`(${NEAR_THE_EDGE})(${JSON.stringify(province)})`);
  if (point === null) throw new Error(`no point of ${province} lies nearer another place's spot`);
  return point;
}

/** Austria's year: the orders given in each phase, as clicks on the board and as the form's rows. */
const YEAR = {
  spring: {
    clicks: [
      ['VIE', 'GAL'],
      ['TRI', 'ALB'],
    ],
    rows: { 'A VIE': 'A VIE - GAL', 'A BUD': 'A BUD - SER', 'F TRI': 'F TRI - ALB' },
  },
  fall: {
    clicks: [
      ['GAL', 'GAL'],
      ['SER', 'SER'],
      ['ALB', 'GRE'],
    ],
    rows: { 'A GAL': 'A GAL H', 'A SER': 'A SER H', 'F ALB': 'F ALB - GRE' },
  },
  retreat: { clicks: [['BOH']], rows: { 'A GAL': 'A GAL - BOH' } },
  winter: { rows: { 'Build 1': 'BUILD A VIE', 'Build 2': 'BUILD F TRI' } },
};
const given = (rows: Readonly<Record<string, string>>) => Object.values(rows).sort();

/** The other powers' orders that make Austria's year: Russia dislodges the army in Galicia in the Fall. */
async function othersOrder(game: string, season: 'spring' | 'fall'): Promise<void> {
  await orderByMail(game, 'RUSSIA', season === 'spring' ? 'A MOS - UKR\nA WAR H' : 'A WAR - GAL\nA UKR S A WAR - GAL');
  await processByMail(game);
}

describe('what a click may do', () => {
  it('makes no illegal order, undoes a wrong click, takes the keyboard, and sends through the page’s own policy and audit', async () => {
    const france = await playerAt('desk', 'FRANCE');
    // Nothing inline: the data block and the script are the page's only scripts.
    const page = await france.request.get('/game/desk');
    expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers()['content-security-policy']).not.toContain('unsafe-inline');
    const script = await france.request.get('/board.js');
    expect(script.headers()['content-type']).toContain('text/javascript');
    expect(script.headers()['cache-control']).toBe('max-age=3600');
    expect(await place(france, 'PAR').getAttribute('aria-label')).toBe('Paris');
    expect(await place(france, 'PAR').getAttribute('tabindex')).toBe('0');

    await france.goto('/game/desk');
    await boardReady(france);
    // A click that makes no legal order makes none: Marseilles can neither reach Moscow nor support anything there.
    await clickOn(france, 'MAR', 'MOS');
    await expect.poll(() => promptOf(france)).toContain('No order was made');
    expect(await france.locator('.board-panel .prompt.problem').count()).toBe(1);
    expect(await listed(france)).toEqual([]);
    // Marseilles still chosen: a unit, then where that unit goes, is a support.
    await clickOn(france, 'PAR', 'BUR');
    expect(await listed(france)).toEqual(['A MAR S A PAR - BUR']);
    // A wrong click is undone with one click.
    await clickOn(france, 'BRE', 'MAO');
    expect(await listed(france)).toContain('F BRE - MAO');
    await france.locator('.board-panel button.undo').click();
    expect(await listed(france)).not.toContain('F BRE - MAO');
    // The board takes the keyboard too: a spot focused and chosen with Enter, Escape to let go.
    await place(france, 'BRE').focus();
    await france.keyboard.press('Enter');
    await expect.poll(() => promptOf(france)).toContain('F BRE: click where it moves');
    await france.keyboard.press('Escape');
    await expect.poll(() => promptOf(france)).toBe('Click a unit of yours to order it.');
    // The board drives the form: its pulldowns show the same orders.
    expect(await france.getByLabel('Order for A MAR', { exact: true }).inputValue()).toBe('A MAR S A PAR - BUR');
    // A coast is asked only where the move needs one.
    await france.goto('/game/desk');
    expect(await onFile('desk', 'FRANCE')).toEqual([]);
    await boardReady(france);
    await clickOn(france, 'MAR', 'SPA');
    expect(await listed(france)).toEqual(['A MAR - SPA']);
    await clickOn(france, 'BRE', 'MAO');
    const clicked = ['A MAR - SPA', 'F BRE - MAO'];
    expect(replyOrders(await sendList(france))).toEqual(clicked);
    expect(await onFile('desk', 'FRANCE')).toEqual(clicked);
    const audited = judge.audited('desk').filter((entry) => entry.command === 'ORDERS');
    expect(audited.map((entry) => entry.actor)).toContain(`${address('desk', 'FRANCE')} (web)`);
  }, 120_000);

  it('asks which coast where a fleet may go to either', async () => {
    await orderByMail('loose', 'TURKEY', 'F ANK - CON\nA CON - SMY\nA SMY - ARM');
    await processByMail('loose');
    const loose = await playerAt('loose', 'TURKEY');
    await clickOn(loose, 'CON', 'BUL');
    await expect.poll(() => promptOf(loose)).toBe('Which one?');
    expect(await listed(loose)).toEqual([]);
    await loose.getByRole('button', { name: 'F CON - BUL/SC (Bulgaria (south coast))' }).click();
    expect(await listed(loose)).toEqual(['F CON - BUL/SC']);
  }, 120_000);

  it('gives, under NO_CHECK and PROXY_OK, a unit another order on a row of its own and hands a unit to another power', async () => {
    const france = await playerAt('loose', 'FRANCE');
    await clickOn(france, 'PAR', 'BUR');
    await clickOn(france, 'PAR');
    await france.getByRole('button', { name: 'Another order for A PAR' }).click();
    await clickOn(france, 'PIC');
    await clickOn(france, 'MAR');
    await france.getByRole('button', { name: 'Hand A MAR to ITALY (proxy)' }).click();
    const clicked = ['A MAR P ITALY', 'A PAR - BUR', 'A PAR - PIC'];
    expect(await listed(france)).toEqual(clicked);
    // Undone click by click: the hand-over, then the row added.
    await france.locator('.board-panel button.undo').click();
    expect(await france.getByLabel('Order for A PAR, another order', { exact: true }).count()).toBe(1);
    await france.locator('.board-panel button.undo').click();
    expect(await france.getByLabel('Order for A PAR, another order', { exact: true }).count()).toBe(0);
    await clickOn(france, 'PAR');
    await france.getByRole('button', { name: 'Another order for A PAR' }).click();
    await clickOn(france, 'PIC');
    await clickOn(france, 'MAR');
    await france.getByRole('button', { name: 'Hand A MAR to ITALY (proxy)' }).click();
    expect(await listed(france)).toEqual(clicked);
    expect(replyOrders(await sendList(france))).toEqual(clicked);
    expect(await onFile('loose', 'FRANCE')).toEqual(clicked);
  }, 120_000);
});

describe.each([
  ['desk', DESK],
  ['phone', PHONE],
])('a year of orders given by clicks alone, on a %s', (game, viewport) => {
  let austria: Page;

  it('Spring: a click inside a province near its edge chooses it; the orders are drawn as the results draw them', async () => {
    austria = await playerAt(game, 'AUSTRIA', viewport);
    if (game === 'phone') {
      // The board fills the phone's width, and zooms.
      const view = (await austria.locator('.board-view').boundingBox())!;
      expect(view.width).toBeGreaterThanOrEqual(PHONE.width - 24);
      expect(view.x + view.width).toBeLessThanOrEqual(PHONE.width);
      const before = (await austria.locator('.board-stage').boundingBox())!.width;
      await austria.getByRole('button', { name: 'Zoom the board in' }).click();
      await austria.getByRole('button', { name: 'Zoom the board in' }).click();
      expect((await austria.locator('.board-stage').boundingBox())!.width).toBeGreaterThan(2 * before);
    }
    // Budapest's army, chosen by a click inside Budapest nearer another place's spot.
    const edge = await nearTheEdgeOf(austria, 'BUD');
    expect(edge.nearest.split('/')[0]).not.toBe('BUD');
    await austria.mouse.click(edge.x, edge.y);
    await expect.poll(() => promptOf(austria)).toContain('A BUD: click where it moves');
    await clickOn(austria, 'SER');
    for (const clicks of YEAR.spring.clicks) await clickOn(austria, ...clicks);
    const orders = given(YEAR.spring.rows);
    expect(await listed(austria)).toEqual(orders);
    const drawn = await drawnShapes(austria, orders);
    // Three arrows: a cased line and a head each.
    expect(drawn).toHaveLength(9);

    expect(replyOrders(await sendList(austria))).toEqual(orders);
    expect(await onFile(game, 'AUSTRIA')).toEqual(orders);
    await othersOrder(game, 'spring');
    expect(phase(game)).toBe('FALL 1901 MOVEMENT');
    // The results picture draws the moves with the very shapes the board drew while they were given.
    const results = await (await austria.request.get(`/game/${game}/history/S1901M.svg`)).text();
    for (const shape of drawn) expect(results).toContain(shape);
  }, 120_000);

  it('Fall: holds by clicking a unit twice; no hold is filed for a unit not clicked', async () => {
    await austria.goto(`/game/${game}`);
    await boardReady(austria);
    expect(await listed(austria)).toEqual([]);
    await clickOn(austria, 'GAL', 'GAL');
    expect(replyOrders(await sendList(austria))).toEqual(['A GAL H']);
    await austria.goto(`/game/${game}`);
    await boardReady(austria);
    // With one order on file, the others still stand at no order: the list shows only what was clicked.
    expect(await listed(austria)).toEqual(['A GAL H']);
    for (const clicks of YEAR.fall.clicks.slice(1)) await clickOn(austria, ...clicks);
    const orders = given(YEAR.fall.rows);
    expect(await listed(austria)).toEqual(orders);
    expect(replyOrders(await sendList(austria))).toEqual(orders);
    expect(await onFile(game, 'AUSTRIA')).toEqual(orders);
    await othersOrder(game, 'fall');
    expect(phase(game)).toBe('FALL 1901 RETREATS');
  }, 120_000);

  it('the retreat: none where the unit may not go, then where it may', async () => {
    await austria.goto(`/game/${game}`);
    await boardReady(austria);
    await clickOn(austria, 'GAL', 'UKR');
    await expect.poll(() => promptOf(austria)).toContain('No order was made');
    expect(await listed(austria)).toEqual([]);
    // The unit stays chosen: a click where it may go is its retreat.
    for (const clicks of YEAR.retreat.clicks) await clickOn(austria, ...clicks);
    const orders = given(YEAR.retreat.rows);
    expect(await listed(austria)).toEqual(orders);
    expect(replyOrders(await sendList(austria))).toEqual(orders);
    expect(await onFile(game, 'AUSTRIA')).toEqual(orders);
    await processByMail(game);
    expect(phase(game)).toBe('WINTER 1901 ADJUSTMENTS');
  }, 120_000);

  it('Winter: builds at home centers, the fleet asked for where both may be built', async () => {
    await austria.goto(`/game/${game}`);
    await boardReady(austria);
    // No build outside the home centers.
    await clickOn(austria, 'SER');
    await expect.poll(() => promptOf(austria)).toContain('No order was made');
    await clickOn(austria, 'VIE', 'TRI');
    await austria.getByRole('button', { name: 'BUILD a fleet: F TRI (Trieste)' }).click();
    const orders = given(YEAR.winter.rows);
    expect(await listed(austria)).toEqual(orders);
    if (game === 'phone') {
      // Every control beside the board is in reach of a thumb: on the screen's width, and large enough.
      for (const button of await austria.locator('.board-panel button:visible').all()) {
        const box = (await button.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(THUMB);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
    }
    expect(replyOrders(await sendList(austria))).toEqual(orders);
    expect(await onFile(game, 'AUSTRIA')).toEqual(orders);
  }, 120_000);
});

describe('a year of orders given by the forms, JavaScript off', () => {
  const game = 'forms';

  it('takes each phase as the forms chose it, the page as it was without the board', async () => {
    const austria = await playerAt(game, 'AUSTRIA', { javaScript: false });
    expect(await austria.locator('.board-panel').count()).toBe(0);
    expect(await austria.locator('section.board img').count()).toBe(1);
    for (const [season, rows] of [
      ['spring', YEAR.spring.rows],
      ['fall', YEAR.fall.rows],
      ['retreat', YEAR.retreat.rows],
      ['winter', YEAR.winter.rows],
    ] as const) {
      await austria.goto(`/game/${game}`);
      expect(replyOrders(await sendForm(austria, game, rows))).toEqual(given(rows));
      expect(await onFile(game, 'AUSTRIA')).toEqual(given(rows));
      if (season === 'spring' || season === 'fall') await othersOrder(game, season);
      else if (season === 'retreat') await processByMail(game);
    }
    expect(phase(game)).toBe('WINTER 1901 ADJUSTMENTS');
  }, 180_000);
});
