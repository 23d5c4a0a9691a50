import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Chromium, type PersonalBrowser } from '../support/chromium.js';
import { startWebJudge, submit, type WebJudge } from './support.js';

/**
 * The order form of a NO_CHECK game, in Chromium: such a game keeps every order line as written,
 * several for one unit among them, and the form, whose orders replace them all, shows each.
 */

const GAME = 'unchecked';
let judge: WebJudge;
let chromium: Chromium;
let browser: PersonalBrowser;
/** France's player: their number, which makes their address and password. */
let french: string;

beforeAll(async () => {
  [judge, chromium] = await Promise.all([startWebJudge(), launchChromium()]);
  await judge.mail('master@nocheck.test', `CREATE ${GAME} masterpw\nRULE NO_CHECK\nFORM\nSIGNOFF`);
  for (let n = 1; n <= 7; n++) await judge.mail(`p${n}@nocheck.test`, `JOIN ${GAME} pw${n}`);
  french = /^FRANCE\nADDRESS p(\d)@nocheck\.test$/m.exec(judge.status(GAME))![1]!;
  browser = await chromium.person({ baseURL: judge.url });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await chromium?.close();
  await judge?.close();
});

/** Each row of the order form: its label and the order selected in it. */
async function formRows(page: Page): Promise<[string, string][]> {
  const rows = page.locator(`form[action="/game/${GAME}/orders"] label.order`);
  const labels = await rows.locator('span').allInnerTexts();
  const chosen = await rows.locator('select').evaluateAll((selects) => selects.map((select) => (select as unknown as { value: string }).value));
  return labels.map((label, index) => [label, chosen[index]!]);
}

/** France's ORDERS lines in the status file, whose power blocks are separated by blank lines. */
function frenchOrders(): string[] {
  const block = judge
    .status(GAME)
    .split('\n\n')
    .find((lines) => lines.startsWith('FRANCE\n'))!
    .split('\n');
  return block.includes('ORDERS') ? block.slice(block.indexOf('ORDERS') + 1).filter((line) => line !== '') : [];
}

describe('a NO_CHECK game on the web', () => {
  it('shows every order on file, several for one unit and one for a unit not there, keeps them when sent again, and drops one on request', async () => {
    const mailed = await judge.mail(`p${french}@nocheck.test`, `SIGNON F${GAME} pw${french}\nA PAR - BUR\nA PAR - PIC\nF BRE - MAO\nA GAS - SPA`);
    expect(mailed.text).toContain('A PAR has more than one order: it will hold');
    expect(frenchOrders()).toEqual(['A PAR - BUR', 'A PAR - PIC', 'F BRE - MAO', 'A GAS - SPA']);

    const { page } = browser;
    await page.goto(`/game/${GAME}`);
    const signOn = page.locator('form[action="/signon"]');
    await signOn.locator('select[name=who]').selectOption('FRANCE');
    await signOn.locator('input[name=password]').fill(`pw${french}`);
    await submit(signOn);

    expect(await formRows(page)).toEqual([
      ['F BRE', 'F BRE - MAO'],
      ['A PAR', 'A PAR - BUR'],
      ['A PAR, another order', 'A PAR - PIC'],
      ['A MAR', ''],
      ['Another order on file', 'A GAS - SPA'],
    ]);
    expect(await page.locator('form.orders').innerText()).toContain('Every order on file has a row of its own');
    const another = page.getByLabel('Order for A PAR, another order', { exact: true });
    expect((await another.locator('option').allTextContents()).slice(0, 3)).toEqual(['(none: drop this order)', 'A PAR - PIC', 'A PAR H']);

    // Sent again as shown, the form keeps every order, and files none for the unit without one.
    await submit(page.locator(`form[action="/game/${GAME}/orders"]`));
    expect(frenchOrders()).toEqual(['F BRE - MAO', 'A PAR - BUR', 'A PAR - PIC', 'A GAS - SPA']);

    await page.getByLabel('Order for A PAR, another order', { exact: true }).selectOption('');
    await submit(page.locator(`form[action="/game/${GAME}/orders"]`));
    expect(frenchOrders()).toEqual(['F BRE - MAO', 'A PAR - BUR', 'A GAS - SPA']);
    expect((await formRows(page)).map(([label]) => label)).toEqual(['F BRE', 'A PAR', 'A MAR', 'Another order on file']);
  }, 120_000);
});
