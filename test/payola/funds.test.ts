import { describe, expect, it } from 'vitest';
import { MASTER } from '../commands/execute/support.js';
import { payolaGame } from './support.js';

describe('Payola money by mail', () => {
  it('moves funds with TRANSFER, tells the receiver (not who gave, under ANON_TRANSFER), and refuses what ONE_TRANSFER forbids', async () => {
    const { send, funds, players, judge } = await payolaGame('fund', ['RULE ANON_TRANSFER ONE_TRANSFER']);
    const sent = await send('FRANCE', 'TRANSFER 8 TO ENGLAND');
    expect(sent.reply.text).toContain('8 AgP transferred to England.');
    // Both sides' ledger entries as DPjudge's transferCash writes them: the heading underlined, the amounts in a column.
    const ledger = (power: string, lines: string) => `ACCOUNT ACTIVITY FOR ${power}\n${'='.repeat(21 + power.length)}\n${lines}`;
    expect(sent.reply.text).toContain(
      ledger('FRANCE', 'BALANCE FORWARD              48 AgP\nTRANSFER TO ENGLAND           8 AgP\nCURRENT BALANCE              40 AgP'),
    );
    const notice = sent.notices.find((mail) => mail.to.includes(players.get('ENGLAND')!.address))!;
    expect(notice.text).toContain(
      ledger('ENGLAND', 'BALANCE FORWARD              48 AgP\nTRANSFER FROM SOMEONE         8 AgP\nCURRENT BALANCE              56 AgP'),
    );
    expect(notice.text).not.toMatch(/france/i);
    expect(funds('FRANCE')).toEqual(['$40']);
    expect(funds('ENGLAND')).toEqual(['$56']);
    const again = await send('FRANCE', 'TRANSFER 1 TO E');
    expect(again.refused).toEqual([
      { line: 'TRANSFER 1 TO E', code: 'PAYOLA_FUNDS', reason: 'France has already transferred funds to England this phase (ONE_TRANSFER)' },
    ]);
    const negative = await send('FRANCE', 'TRANSFER -5 TO GERMANY');
    expect(negative.reply.text).toContain('a transfer is a whole, positive number of AgP, not -5');
    const tooMuch = await send('FRANCE', 'TRANSFER 41 TO GERMANY');
    expect(tooMuch.reply.text).toContain('France has only 40 AgP, less than the 41 AgP to transfer');

    // LIST: a power reads its own treasury, the Master every power's, an onlooker none.
    const listed = (await send('FRANCE', 'LIST')).reply.text;
    expect(listed).toContain('Payola treasuries:\n  France: 40 AgP, acceptance list F?');
    expect(listed).not.toContain('England: 56 AgP');
    expect((await judge.send(MASTER, 'SIGNON Mfund masterpw\nLIST')).reply.text).toContain('  England: 56 AgP, acceptance list E?');
    expect((await judge.send('someone@example.org', 'LIST fund')).reply.text).not.toContain('Payola treasuries');
  });

  it('refuses every transfer under NO_TRANSFER, and sets the acceptance list with ACCEPT', async () => {
    const { send, judge } = await payolaGame('fund2', ['RULE NO_TRANSFER']);
    expect((await send('FRANCE', 'TRANSFER 8 TO ENGLAND')).reply.text).toContain('funds transfers are not allowed in this game (NO_TRANSFER)');
    expect((await send('FRANCE', 'ACCEPT fe')).reply.text).toContain('Your acceptance list is FE?.');
    expect(judge.statusText('fund2')).toMatch(/^ACCEPT FE\?$/m);
    expect((await send('FRANCE', 'ACCEPT FX')).reply.text).toContain("X in the acceptance list 'FX' is no power's initial");
  });
});
