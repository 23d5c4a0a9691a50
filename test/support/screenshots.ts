import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { demoJudge, demoPlayer, playedDemoGame } from './demo-game.js';
import { OutboxNoticeSink } from '../../src/mail/notice-sink.js';
import { startWebServer } from '../../src/web/server.js';
import { webSettings } from '../../src/web/settings.js';

/**
 * `npm run screenshots`: the README's pictures of the web pages. A judge on a temporary folder gets
 * a game a phase into play and another forming, by mail commands; its pages are then photographed
 * in Chromium: the front page, and a game page as France's player sees it, signed on.
 */

// npm runs the script in the project's root; the compiled script's own place is under dist-bench/.
const DOCS = resolve('docs');
const GAME = 'demo';

/** France's player clicks the army in Burgundy, then Munich; Spain's army to Portugal; the fleet in the Mid-Atlantic to support it; then the fleet again. */
async function giveOrdersByClicks(page: Page): Promise<void> {
  await page.locator('#board[data-ready=yes]').waitFor();
  for (const location of ['BUR', 'MUN', 'SPA', 'POR', 'MAO', 'SPA', 'POR', 'MAO']) await page.locator(`[data-place="${location}"]`).click();
  // The three orders drawn as the results draw them, the fleet chosen again.
  await page.waitForFunction("document.querySelector('.board-picture')?.dataset.drawn?.split('\\n').length === 3");
}

const judge = demoJudge('screenshots');
const { loaded, commands, mail } = judge;
const numberOf = await playedDemoGame(judge, GAME);
await mail(demoPlayer(numberOf('FRANCE')), `SIGNON F${GAME} pw${numberOf('FRANCE')}\nA BUR - MUN\nA SPA - POR`);
await mail('nina@example.org', 'CREATE newgame secretpw\nFORM\nSIGNOFF');
for (let n = 8; n <= 10; n++) await mail(demoPlayer(n), `JOIN newgame pw${n}`);

const web = await startWebServer({
  loaded,
  db: judge.db,
  settings: webSettings(loaded),
  commands,
  mails: new OutboxNoticeSink(judge.db, loaded.config.judge),
  log: () => undefined,
});
/** France's player signs on, and is back on the game's page. */
async function signOnAsFrance(page: Page): Promise<void> {
  await page.goto(`/game/${GAME}`);
  const signOn = page.locator('form[action="/signon"]');
  await signOn.locator('select[name=who]').selectOption('FRANCE');
  await signOn.locator('input[name=password]').fill(`pw${numberOf('FRANCE')}`);
  await signOn.locator('button').click();
  await page.goto(`/game/${GAME}`);
}

const chromium = await launchChromium();
try {
  const { page } = await chromium.person({ baseURL: web.url, width: 1280, height: 900 });
  await page.goto('/');
  await page.screenshot({ path: resolve(DOCS, 'web-front-page.png'), fullPage: true });
  await signOnAsFrance(page);
  // The top of the page: the board, the powers and the order choices.
  await page.screenshot({ path: resolve(DOCS, 'web-game-page.png'), clip: { x: 0, y: 0, width: 1280, height: 1235 }, fullPage: true });
  // Orders being given on the board (issue 36): three on the list, drawn, and a unit chosen.
  await giveOrdersByClicks(page);
  await page.locator('#board').screenshot({ path: resolve(DOCS, 'web-board-orders.png') });
  const phone = await chromium.person({ baseURL: web.url, width: 390, height: 844 });
  await signOnAsFrance(phone.page);
  await phone.page.getByRole('button', { name: 'Zoom the board in' }).click();
  await phone.page.getByRole('button', { name: 'Zoom the board in' }).click();
  await giveOrdersByClicks(phone.page);
  await phone.page.locator('[data-place="GAS"]').scrollIntoViewIfNeeded();
  await phone.page.screenshot({ path: resolve(DOCS, 'web-board-orders-phone.png') });
  process.stdout.write(`docs/web-front-page.png, docs/web-game-page.png, docs/web-board-orders.png and docs/web-board-orders-phone.png written\n`);
} finally {
  await chromium.close();
  await web.close();
  judge.close();
}
