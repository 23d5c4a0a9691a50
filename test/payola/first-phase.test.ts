import { describe, expect, it } from 'vitest';
import { MASTER, ordersOf } from '../commands/execute/support.js';
import { payolaGame } from './support.js';

describe('a Payola game by mail', () => {
  it('takes offer sheets, lets each unit follow its highest bidder, charges the bribes and tells each power its own account', async () => {
    const { send, process, funds, judge } = await payolaGame('pay');
    expect(judge.mainStatus()).toMatch(/^pay payola active$/m);
    const french = await send('FRANCE', '10 : A PAR - BUR\n5 : A MAR - SPA\n3 : F BRE - MAO');
    expect(french.refused).toEqual([]);
    expect(ordersOf(judge, 'FRANCE', 'pay')).toEqual(['10 : A PAR - BUR', '5 : A MAR - SPA', '3 : F BRE - MAO']);
    expect(french.reply.text).toContain('Treasury of France: 48 AgP;');
    await send('GERMANY', '12 : A PAR - PIC');
    const results = await process();
    expect(results.master).toContain('A PAR - PIC.');
    expect(results.master).toContain('A MAR - SPA.');
    expect(results.of('FRANCE')).toContain('SPRING 1901 MOVEMENT ACCOUNT STATEMENT FOR FRANCE');
    expect(results.of('FRANCE')).not.toContain('ACCOUNT STATEMENT FOR GERMANY');
    expect(results.of('FRANCE')).toContain(' *  12 : A PAR - PIC');
    expect(results.of('FRANCE')).toContain('THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:     40 AgP');
    expect(funds('FRANCE')).toEqual(['$40']);
    expect(funds('GERMANY')).toEqual(['$36']);

    // ROLLBACK RESTORE gives back the status file as the phase found it: treasuries, offer sheets and all.
    const rolled = await judge.send(MASTER, 'SIGNON Mpay masterpw\nROLLBACK RESTORE');
    expect(rolled.reply.text).toContain('Spring 1901');
    expect(funds('FRANCE')).toBeNull();
    expect(judge.service.load('pay').game.powers.find((power) => power.name === 'GERMANY')!.offers).toEqual(['12 : A PAR - PIC']);
    expect((await process()).of('FRANCE')).toContain('THE REMAINING BALANCE IN YOUR BANK ACCOUNT IS:     40 AgP');
  });
});
