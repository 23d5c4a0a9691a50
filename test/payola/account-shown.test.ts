import { describe, expect, it } from 'vitest';
import { address, MASTER, mailJudge, noticesTo, playersOf } from '../commands/execute/support.js';
import { payolaGame } from './support.js';

describe("a Payola power's treasury, told before it writes an offer sheet", () => {
  it('is in the start mail: each power its own, the Master every power’s', async () => {
    const judge = mailJudge({ seed: 5 });
    await judge.send(MASTER, 'CREATE shown masterpw payola\nFORM\nSIGNOFF');
    let last = await judge.send(address(1), 'JOIN shown pw1');
    for (let n = 2; n <= 7; n++) last = await judge.send(address(n), `JOIN shown pw${n}`);
    const started = (to: string) => noticesTo(last.notices, to).find((notice) => notice.subject.includes('the game has started'))!.text;
    const french = started(playersOf(judge, 'shown').get('FRANCE')!.address);
    expect(french).toContain('Treasury of France: 48 AgP; acceptance list F?.');
    expect(french).not.toContain('Treasury of Russia');
    const master = started(MASTER);
    expect(master).toContain('Treasury of France: 48 AgP; acceptance list F?.');
    expect(master).toContain('Treasury of Russia: 62 AgP; acceptance list R?.');
  });

  it('is in STATUS and beside the orders on file, with the funds sent this phase under ONE_TRANSFER', async () => {
    const { send, master } = await payolaGame('seen', ['RULE ONE_TRANSFER']);
    const status = (await send('FRANCE', 'STATUS')).reply.text;
    expect(status).toContain(
      'Orders on file for France for Spring 1901 Movement:\n  (none)\nTreasury of France: 48 AgP; acceptance list F?.\nFunds sent this phase (ONE_TRANSFER: once a phase to each power): none.',
    );
    expect(status).not.toContain('Treasury of England');
    await send('FRANCE', 'TRANSFER 8 TO ENGLAND\nACCEPT FE');
    const sheet = (await send('FRANCE', '10 : A PAR - BUR')).reply.text;
    expect(sheet).toContain('Treasury of France: 40 AgP; acceptance list FE?.\nFunds sent this phase (ONE_TRANSFER: once a phase to each power): England.');
    const masters = (await master('STATUS')).reply.text;
    expect(masters).toContain('Treasury of France: 40 AgP; acceptance list FE?.');
    expect(masters).toContain('Treasury of England: 56 AgP; acceptance list E?.');
  });

  it('is not told in a standard game', async () => {
    const judge = mailJudge({ seed: 5 });
    await judge.send(MASTER, 'CREATE plain masterpw\nFORM\nSIGNOFF');
    for (let n = 1; n <= 7; n++) await judge.send(address(n), `JOIN plain pw${n}`);
    const france = playersOf(judge, 'plain').get('FRANCE')!;
    expect((await judge.send(france.address, `SIGNON Fplain ${france.password}\nSTATUS`)).reply.text).not.toContain('Treasury');
  });
});
