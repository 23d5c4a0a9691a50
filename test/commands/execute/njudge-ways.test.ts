import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../game/support.js';
import { address, MASTER, mailJudge, ordersOf, playersOf } from './support.js';

/** test/maps/map.rails: West rides the Iron Road; the Canal between the seas is West's while its fleet holds Port. */
const maps = [join(projectRoot, 'test', 'maps'), join(projectRoot, 'maps')];

describe('a game by mail on a map with an nJudge railway and gateway', () => {
  it('takes a ride and a gateway order by mail and adjudicates both in the results', async () => {
    const judge = mailJudge({ mapFolders: maps });
    const created = await judge.send(MASTER, 'CREATE rails masterpw\nMAP rails\nFORM\nSIGNOFF');
    expect(created.reply.text).toContain("Game 'rails' is created");
    for (let n = 1; n <= 2; n++) expect((await judge.send(address(n), `JOIN rails pw${n}`)).reply.text).toContain('You have joined');
    const players = playersOf(judge, 'rails');
    const west = players.get('WEST')!;
    const east = players.get('EAST')!;
    const westOrders = await judge.send(west.address, `SIGNON Wrails ${west.password}\nA WES M IRO M PLA\nF POR H\ncan s nse-sse`);
    expect(westOrders.refused).toEqual([]);
    expect(ordersOf(judge, 'WEST', 'rails')).toEqual(['A WES - IRO - PLA', 'F POR H', 'CAN S F NSE - SSE']);
    const refused = await judge.send(east.address, `SIGNON Erails ${east.password}\nA EAS - IRO - WES\nCAN H`);
    expect(refused.refused).toEqual([
      { line: 'A EAS - IRO - WES', code: 'ORDER_REFUSED', reason: 'East may not use the Iron Road' },
      { line: 'CAN H', code: 'ORDER_REFUSED', reason: 'the Canal is ordered by whoever has a unit in Port, which East has not' },
    ]);
    expect(ordersOf(judge, 'EAST', 'rails')).toEqual([]);
    await judge.send(east.address, `SIGNON Erails ${east.password}\nA EAS H\nF NSE - SSE`);
    const processed = await judge.send(MASTER, 'SIGNON Mrails masterpw\nPROCESS');
    const results = processed.notices.find((notice) => notice.to.includes(west.address) && /results/i.test(notice.subject))!;
    expect(results.text).toContain('A WES - IRO - PLA');
    expect(results.text).toContain('CAN S F NSE - SSE');
    expect(judge.statusText('rails')).toContain('OWNS WES\nA PLA\nF POR\n');
    expect(judge.statusText('rails')).toContain('OWNS EAS\nA EAS\nF SSE\n');
  });
});
