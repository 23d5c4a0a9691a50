import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageJudge, type PageJudge } from './page-judge.js';
import { Visitor } from './support.js';

/** The web pages of a BLIND game: a signed-on power sees only what its units and home centres see. */

const GAME = 'hidden';
let judge: PageJudge;
const passwords = new Map<string, string>();

beforeAll(async () => {
  judge = startPageJudge();
  await judge.mail('master@blind.test', `CREATE ${GAME} masterpw\nRULE BLIND\nFORM\nSIGNOFF`);
  for (let n = 1; n <= 7; n++) await judge.mail(`p${n}@blind.test`, `JOIN ${GAME} pw${n}`);
  for (const match of judge.status(GAME).matchAll(/^(\w+)\nADDRESS p(\d)@blind\.test$/gm)) passwords.set(match[1]!, `pw${match[2]}`);
  expect(passwords.size).toBe(7);
}, 120_000);

afterAll(async () => {
  await judge.close();
});

/** The units a board picture draws, by their titles (`A PAR (France)`). */
function drawnUnits(svg: string): string[] {
  return [...svg.matchAll(/<title>([AF] [A-Z/]+ \([A-Za-z]+\))<\/title>/g)].map((match) => match[1]!);
}

describe('a BLIND game on the web', () => {
  it('shows a power its own units and none of the foreign ones out of its sight, on the page and on the board', async () => {
    const france = new Visitor(judge.app);
    await france.signOn(GAME, 'FRANCE', passwords.get('FRANCE')!);
    expect(france.signedOnAs()).toContain('France');
    await france.get(`/game/${GAME}`);
    expect(france.body).toContain('A PAR');
    expect(france.body).not.toContain('A MUN');
    expect(france.body).toContain('(what you see of it)');
    await france.get(`/game/${GAME}/board.svg`);
    expect(drawnUnits(france.body).sort()).toEqual(['A MAR (France)', 'A PAR (France)', 'F BRE (France)']);
    expect(await france.get(`/game/${GAME}/history`)).toBe(404);
    expect(france.body).toMatch(/is BLIND: until it ends its history is the Master/);

    const master = new Visitor(judge.app);
    await master.signOn(GAME, 'MASTER', 'masterpw');
    await master.get(`/game/${GAME}`);
    expect(master.body).toContain('A MUN');
    expect(master.body).not.toContain('(what you see of it)');
    await master.get(`/game/${GAME}/board.svg`);
    expect(drawnUnits(master.body)).toHaveLength(22);

    const passer = new Visitor(judge.app);
    await passer.get(`/game/${GAME}/board.svg`);
    expect(drawnUnits(passer.body)).toEqual([]);
  }, 60_000);
});
