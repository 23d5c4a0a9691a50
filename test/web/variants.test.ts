import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor, startWebJudge, type WebJudge } from './support.js';

/**
 * The game page of a Payola and of a Crystal Ball game, signed on as France: the variant's own
 * panel (treasury and offer sheet; the two order lists) and its forms, whose lines go through the
 * same command processor as a mail's, read back from the game's status file.
 */

let judge: WebJudge;

beforeAll(async () => {
  judge = await startWebJudge();
}, 60_000);

afterAll(async () => {
  await judge?.close();
});

/** A game of `variant` created and filled by mail; France's password. */
async function frenchPassword(game: string, variant: string): Promise<string> {
  await judge.mail('master@variants.test', `CREATE ${game} masterpw ${variant}\nFORM\nSIGNOFF`);
  for (let n = 1; n <= 7; n++) await judge.mail(`p${n}@variants.test`, `JOIN ${game} pw${n}`);
  return `pw${/^FRANCE\nADDRESS p(\d)@variants\.test$/m.exec(judge.status(game))![1]!}`;
}

/** France's block of the game's status file. */
function frenchBlock(game: string): string {
  return judge
    .status(game)
    .split('\n\n')
    .find((block) => block.startsWith('FRANCE\n'))!;
}

/** The text of the first element of `tag` with `className` on the page, its entities decoded. */
function element(body: string, tag: string, className: string): string {
  const found = new RegExp(`<${tag} class="${className}"[^>]*>([\\s\\S]*?)</${tag}>`).exec(body);
  if (found === null) throw new Error(`no <${tag} class="${className}"> on the page`);
  return found[1]!
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('a Payola game on the web', () => {
  it('shows the treasury and the offer sheet, takes a sheet, a transfer and an acceptance list, and refuses a bad bribe quoting it', async () => {
    const france = new Visitor(judge.url);
    await france.signOn('pay', 'FRANCE', await frenchPassword('pay', 'payola'));
    expect(element(france.body, 'strong', 'balance')).toBe('48 AgP');
    expect(element(france.body, 'strong', 'acceptance')).toBe('F?');
    expect(element(france.body, 'pre', 'offers')).toBe('(none)');
    // The standard order form would file orders a Payola movement phase does not take.
    expect(france.body).not.toContain('action="/game/pay/orders"');
    expect(france.body).not.toContain('/board.js');

    expect(await france.post('/game/pay/offers', { offers: '4 : A PAR - BUR\r\n3 : A MAR - SPA | - GAS' })).toBe(200);
    // Logged as every web action is, by its form.
    expect(judge.log).toContainEqual(expect.stringMatching(/^web pay\/offers from p\d@variants\.test: processed/));
    expect(frenchBlock('pay')).toMatch(/\n4 : A PAR - BUR\n3 : A MAR - SPA \| - GAS(\n|$)/);
    expect(element(france.body, 'pre', 'offers')).toBe('4 : A PAR - BUR\n3 : A MAR - SPA | - GAS\n');

    expect(await france.post('/game/pay/offers', { offers: '4 : A PAR - BUR\n5 : A KIE - HOL' })).toBe(200);
    // Refused as the mail reply refuses it, quoting the line; the sheet on file stays.
    expect(element(france.body, 'section', 'reply')).toContain('"5 : A KIE - HOL": the unit in Kiel is a fleet');
    expect(france.body).toContain('The offer sheet was not accepted');
    expect(element(france.body, 'pre', 'offers')).toBe('4 : A PAR - BUR\n3 : A MAR - SPA | - GAS\n');

    expect(await france.post('/game/pay/transfer', { amount: '10', to: 'ENGLAND' })).toBe(200);
    expect(france.body).toContain('10 AgP transferred to England.');
    expect(element(france.body, 'strong', 'balance')).toBe('38 AgP');
    expect(frenchBlock('pay')).toMatch(/^FUNDS \$38$/m);
    expect(judge.status('pay')).toMatch(/^ENGLAND\n(?:.+\n)*FUNDS \$58$/m);

    expect(await france.post('/game/pay/transfer', { amount: '500', to: 'ENGLAND' })).toBe(200);
    expect(element(france.body, 'section', 'reply')).toContain('"TRANSFER 500 TO ENGLAND": France has only 38 AgP, less than the 500 AgP to transfer');
    expect(frenchBlock('pay')).toMatch(/^FUNDS \$38$/m);

    expect(await france.post('/game/pay/accept', { accept: 'FE?' })).toBe(200);
    expect(frenchBlock('pay')).toMatch(/^ACCEPT FE\?$/m);
    expect(element(france.body, 'strong', 'acceptance')).toBe('FE?');

    // The Fall puts A SPA's centre in France's hands: Winter's builds are standard orders, and the treasury's forms stay,
    // as the mail takes TRANSFER and ACCEPT in every phase (DPjudge's pages show them whenever the game is not waiting).
    await judge.mail('master@variants.test', 'SIGNON Mpay masterpw\nPROCESS!');
    await judge.mail('master@variants.test', 'SIGNON Mpay masterpw\nPROCESS!');
    expect(judge.status('pay')).toMatch(/^PHASE WINTER 1901 ADJUSTMENTS$/m);
    await france.get('/game/pay');
    expect(france.body).not.toContain('class="offers"');
    expect(france.body).toContain('action="/game/pay/orders"');
    expect(france.body).toContain('action="/game/pay/transfer"');
    expect(france.body).toContain('action="/game/pay/accept"');
    expect(await france.post('/game/pay/transfer', { amount: '3', to: 'ENGLAND' })).toBe(200);
    expect(france.body).toContain('3 AgP transferred to England.');
    expect(await france.post('/game/pay/accept', { accept: 'FEG' })).toBe(200);
    expect(frenchBlock('pay')).toMatch(/^ACCEPT FEG\?$/m);

    // The history page, as HISTORY by mail, gives France its own account statements and no one else's.
    await france.get('/game/pay/history');
    expect(france.body).toContain('SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR FRANCE');
    expect(france.body).not.toContain('ACCOUNT STATEMENT FOR ENGLAND');
  }, 120_000);
});

describe('a Crystal Ball game on the web', () => {
  it('shows both lists under the titles of the mail reply and files a list sent by the form in the list being written', async () => {
    const france = new Visitor(judge.url);
    await france.signOn('cb', 'FRANCE', await frenchPassword('cb', 'xtalball'));
    expect(france.body).toContain('Orders on file for Spring 1901 Movement (SOONER, locked in once every power has sent its list) <span class="writing">');
    expect(france.body).toContain('Orders on file for the movement phase after it (LATER)</h3>');
    expect(france.body).toContain('Send your SOONER list');

    expect(await france.post('/game/cb/list', { list: 'A PAR - BUR\nF BRE - MAO' })).toBe(200);
    expect(frenchBlock('cb')).toMatch(/^SOONER\nA PAR - BUR\nF BRE - MAO$/m);
    expect(element(france.body, 'pre', 'order-list')).toBe('A PAR - BUR\nF BRE - MAO\n');
    expect(frenchBlock('cb')).not.toContain('LATER');

    // Once every power has entered its SOONER list, the lists are locked and the form writes LATER.
    const holds: Record<string, string> = {
      AUSTRIA: 'A VIE H',
      ENGLAND: 'F LON H',
      GERMANY: 'A BER H',
      ITALY: 'A ROM H',
      RUSSIA: 'A MOS H',
      TURKEY: 'A CON H',
    };
    for (const [power, order] of Object.entries(holds)) {
      const n = new RegExp(`^${power}\\nADDRESS p(\\d)@variants\\.test$`, 'm').exec(judge.status('cb'))![1]!;
      await judge.mail(`p${n}@variants.test`, `SIGNON ${power.charAt(0)}cb pw${n}\n${order}`);
    }
    await france.get('/game/cb');
    expect(france.body).toContain('Orders on file for the movement phase after it (LATER) <span class="writing">');
    expect(france.body).toContain('Send your LATER list');
    expect(await france.post('/game/cb/list', { list: 'A PAR - PIC' })).toBe(200);
    expect(frenchBlock('cb')).toMatch(/^SOONER\nA PAR - BUR\nF BRE - MAO\nLATER\nA PAR - PIC$/m);
    expect(france.body).toContain('<pre class="order-list">A PAR - BUR\nF BRE - MAO\n</pre>');
    expect(france.body).toContain('<pre class="order-list">A PAR - PIC\n</pre>');
  }, 120_000);
});
