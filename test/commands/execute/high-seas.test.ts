import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../game/support.js';
import { address, MASTER, mailJudge, ordersOf, playersOf } from './support.js';

/** test/maps/map.highseas: any number of fleets may stand in the Open Ocean (OCN). */
const maps = [join(projectRoot, 'test', 'maps'), join(projectRoot, 'maps')];

describe('a game by mail on a map with an nJudge high sea', () => {
  it('brings three fleets of two powers into the high sea, and orders the two of North there one by one', async () => {
    const judge = mailJudge({ mapFolders: maps });
    expect((await judge.send(MASTER, 'CREATE oceans masterpw\nMAP highseas\nFORM\nSIGNOFF')).reply.text).toContain("Game 'oceans' is created");
    for (let n = 1; n <= 2; n++) expect((await judge.send(address(n), `JOIN oceans pw${n}`)).reply.text).toContain('You have joined');
    const players = playersOf(judge, 'oceans');
    const north = players.get('NORTH')!;
    const south = players.get('SOUTH')!;
    const sign = (player: { address: string; password: string }, letter: string, orders: string) =>
      judge.send(player.address, `SIGNON ${letter}oceans ${player.password}\n${orders}`);

    await sign(north, 'N', 'F NOR - OCN\nF NHV - OCN');
    await sign(south, 'S', 'F SOU - OCN\nA SHF - EAS');
    const spring = await judge.send(MASTER, 'SIGNON Moceans masterpw\nPROCESS');
    const springResults = spring.notices.find((notice) => notice.to.includes(north.address) && /results/i.test(notice.subject))!;
    expect(springResults.text).toContain('F NOR - OCN');
    expect(springResults.text).toContain('F NHV - OCN');
    expect(springResults.text).toContain('F SOU - OCN');
    expect(judge.statusText('oceans')).toContain('F OCN\nF OCN\n');

    const third = await sign(north, 'N', 'F OCN - EAS\nF OCN - STR\nF OCN H');
    expect(third.refused).toEqual([{ line: 'F OCN - EAS', code: 'ORDER_REFUSED', reason: 'replaced by the later order for the same unit, "F OCN H"' }]);
    expect(ordersOf(judge, 'NORTH', 'oceans')).toEqual(['F OCN - STR', 'F OCN H']);
    const fall = await sign(north, 'N', 'F OCN - EAS\nF OCN H');
    expect(fall.refused).toEqual([]);
    expect(ordersOf(judge, 'NORTH', 'oceans')).toEqual(['F OCN - EAS', 'F OCN H']);
    await sign(south, 'S', 'F OCN - STR\nA EAS H');
    const processed = await judge.send(MASTER, 'SIGNON Moceans masterpw\nPROCESS');
    const results = processed.notices.find((notice) => notice.to.includes(south.address) && /results/i.test(notice.subject))!;
    expect(results.text).toMatch(/F OCN - EAS.*bounce/i);
    const status = judge.statusText('oceans');
    expect(status).toContain('F OCN\nF OCN\n');
    expect(status).toContain('F STR\n');
    expect(status).toContain('A EAS\n');

    await sign(south, 'S', 'BUILD F SOU');
    await judge.send(MASTER, 'SIGNON Moceans masterpw\nPROCESS');
    expect(judge.statusText('oceans')).toMatch(/SOUTH[\s\S]*F STR\nA EAS\nF SOU\n/);
    expect(judge.statusText('oceans')).toMatch(/NORTH[\s\S]*F OCN\nF OCN\n/);
  });
});
