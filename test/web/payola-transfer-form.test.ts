import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageJudge, type PageJudge } from './page-judge.js';
import { Visitor } from './support.js';

/** A Payola power's transfer form offers only what a TRANSFER mail would take, and says why when it offers nothing. */

let judge: PageJudge;

beforeAll(() => {
  judge = startPageJudge();
});

afterAll(async () => {
  await judge.close();
});

/** France signed on to a Payola game created under `rules`. */
async function france(game: string, rules: string): Promise<Visitor> {
  await judge.mail('master@transfer.test', `CREATE ${game} masterpw payola\nRULE ${rules}\nFORM\nSIGNOFF`);
  for (let n = 1; n <= 7; n++) await judge.mail(`p${n}@transfer.test`, `JOIN ${game} pw${n}`);
  const visitor = new Visitor(judge.app);
  await visitor.signOn(game, 'FRANCE', `pw${/^FRANCE\nADDRESS p(\d)@transfer\.test$/m.exec(judge.status(game))![1]!}`);
  return visitor;
}

const options = (body: string) =>
  [...(/<select name="to">(.*?)<\/select>/.exec(body)?.[1] ?? '').matchAll(/<option value="(\w+)">/g)].map((match) => match[1]).sort();

describe("a Payola power's transfer form", () => {
  it('is not offered under NO_TRANSFER, the panel saying why', async () => {
    const visitor = await france('notransfer', 'NO_TRANSFER');
    expect(visitor.body).toContain('class="balance"');
    expect(visitor.body).not.toContain('action="/game/notransfer/transfer"');
    expect(visitor.body).toContain('No transfer form: funds transfers are not allowed in this game (NO_TRANSFER).');
    expect(visitor.body).toContain('action="/game/notransfer/accept"');
  }, 60_000);

  it('under ONE_TRANSFER no longer offers a power already sent funds this phase', async () => {
    const visitor = await france('onetransfer', 'ONE_TRANSFER');
    expect(options(visitor.body)).toEqual(['AUSTRIA', 'ENGLAND', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
    expect(await visitor.post('/game/onetransfer/transfer', { amount: '5', to: 'ENGLAND' })).toBe(200);
    expect(visitor.body).toContain('5 AgP transferred to England.');
    expect(options(visitor.body)).toEqual(['AUSTRIA', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
  }, 60_000);
});
