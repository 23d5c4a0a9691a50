import { describe, expect, it } from 'vitest';
import { readStatus } from '../../src/status/parse.js';
import { renderStatusBytes } from '../../src/status/render.js';
import { findPower } from '../../src/status/model.js';
import { readFunds } from '../../src/engine/payola/treasury.js';
import { centerCaptures } from '../../src/game/payola/captures.js';
import { position, testMap } from '../engine/helpers.js';
import { payolaGame, statement } from './support.js';

/**
 * ZEROSUM as DPjudge plays it. Rules.txt 3.3 ZEROSUM: "There is no tax income. Players begin the
 * game with 10 AgP for each of their home centers, and as each center changes hands, money moves
 * from one player's treasury to another. Capture of a neutral SC pays 10 AgP to the new owner, and
 * all pre-owned SC's, when changing hands, cause a strict proportion of the former owner's treasury
 * to be paid to the new owner." The rest comes from DPjudge's code:
 * - PayolaPower.initialize: the `+` fund is set to 10 per centre and paid at once as the income;
 * - PayolaGame.sendLedgers: after each movement phase the total each unit took is added to its
 *   owner's `+` fund ("TOTAL NET INCOME FOR YOUR UNITS WAS");
 * - PayolaPower.income: under ZEROSUM the year's income is the `+` fund, which is then dropped;
 * - PayolaGame.transferCenter: a neutral centre is worth 10; an owned one
 *   `(loser.balance + loser.funds['+']) / centres held at the beginning of the year`, Python 2's
 *   integer division (rounded down);
 * - PayolaGame.parseSupplyCount: balance = balance forward + income + captures - losses, reported
 *   with `BRIBE PROFITS` for `TAX INCOME`, a `CAPTURE OF` and a `LOSS OF` line per centre.
 */

const report = (lines: readonly string[]) => lines.join('\n');

describe('ZEROSUM', () => {
  it('pays the units owners what they took, 10 AgP for a neutral centre and a share of the loser treasury for an owned one', async () => {
    const { send, process, funds, judge } = await payolaGame('zsum', ['RULE ZEROSUM']);
    // Start: 10 AgP per home centre, France and Germany 30 each, Russia 40.
    expect(funds('FRANCE')).toBeNull();
    expect((await send('FRANCE', '0 : A PAR H')).reply.text).toContain('Treasury of France: 30 AgP;');
    expect((await send('RUSSIA', '0 : A MOS H')).reply.text).toContain('Treasury of Russia: 40 AgP;');

    // Spring 1901: Germany buys France's A MAR into Spain for 4 AgP and moves its own A MUN to Burgundy.
    await send('GERMANY', '4 : A MAR - SPA\n0 : A MUN - BUR');
    const spring = await process();
    // Germany pays 4: 30 - 4 = 26. France's units took 4 + 0 + 0: its bribe profits are 4, its treasury stays 30.
    expect(statement(spring.of('FRANCE'), 'FRANCE')).toContain('TOTAL NET INCOME FOR YOUR UNITS WAS:    4 AgP');
    expect(funds('FRANCE')).toEqual(['$30', '4+']);
    expect(funds('GERMANY')).toEqual(['$26']);

    // Fall 1901: Germany buys France's A PAR out to Gascony for 6 AgP and takes Paris with A BUR.
    await send('GERMANY', '6 : A PAR - GAS\n0 : A BUR - PAR');
    const fall = await process();
    expect(fall.master).toContain('A BUR - PAR.');
    // The year's centres are counted: France loses PAR and takes the neutral SPA; Germany takes PAR.
    // France held 3 centres, with 30 AgP and 4 + 6 = 10 of bribe profits: PAR moves (30 + 10) / 3 = 13.33, 13 AgP.
    // France: 30 + 10 + 10 (SPA) - 13 (PAR) = 37. Germany: 26 - 6 = 20 forward, no profits, + 13 = 33.
    expect(fall.of('FRANCE')).toContain(
      report([
        'INCOME FOR FRANCE FOR YEAR END 1901',
        '===================================',
        'BALANCE FORWARD       30 AgP',
        'BRIBE PROFITS         10 AgP',
        'CAPTURE OF SPA        10 AgP',
        'LOSS OF PAR          -13 AgP',
        'CURRENT BALANCE       37 AgP',
      ]),
    );
    expect(fall.of('GERMANY')).toContain(
      report([
        'INCOME FOR GERMANY FOR YEAR END 1901',
        '====================================',
        'BALANCE FORWARD       20 AgP',
        'BRIBE PROFITS          0 AgP',
        'CAPTURE OF PAR        13 AgP',
        'CURRENT BALANCE       33 AgP',
      ]),
    );
    expect(fall.of('FRANCE')).not.toContain('TAX INCOME');
    expect(fall.of('GERMANY')).not.toContain('INCOME FOR FRANCE');
    // The bribe profits are paid and dropped from the FUNDS line; no tax is paid to anyone: Russia keeps its 40.
    expect(funds('FRANCE')).toEqual(['$37']);
    expect(funds('GERMANY')).toEqual(['$33']);
    expect(funds('RUSSIA')).toEqual(['$40']);
    // Money is only made by neutral centres: 30 + 30 = 60 before, 60 + 10 (SPA) = 70 = 37 + 33 after.

    // The Winter's builds pay nothing more: the year's income is paid once.
    expect((await send('GERMANY', 'BUILD A MUN')).reply.text).not.toMatch(/not accepted|refused/i);
    const winter = await process();
    expect(winter.of('GERMANY')).not.toContain('INCOME FOR GERMANY');
    expect(funds('FRANCE')).toEqual(['$37']);
    expect(funds('GERMANY')).toEqual(['$33']);
    expect(judge.statusText('zsum')).toMatch(/^PHASE SPRING 1902 MOVEMENT$/m);
  });

  it('keeps the bribe profits in the FUNDS line as DPjudge writes them, byte for byte', async () => {
    const { send, process, judge } = await payolaGame('zfile', ['RULE ZEROSUM']);
    await send('GERMANY', '4 : A MAR - SPA');
    await process();
    const written = judge.statusText('zfile');
    expect(written).toMatch(/^FUNDS \$30 4\+$/m);
    // DPjudge writes the funds in its dictionary's order, and a `0+` for units that took nothing.
    const edited = written.replace('FUNDS $30 4+', 'FUNDS 4+ $30').replace('FUNDS $26', 'FUNDS $26 0+');
    expect(edited).not.toBe(written);
    const bytes = Buffer.from(edited, 'latin1');
    const game = readStatus(bytes, 'zfile/status').game;
    expect(Buffer.compare(renderStatusBytes(game), bytes)).toBe(0);
    expect(readFunds(findPower(game, 'FRANCE')!.funds)).toEqual({ balance: 30, bribeProfits: 4 });
  });

  it('works every capture out from the treasuries before any money moves', () => {
    // Germany takes PAR and MAR from France, which held BRE, MAR and PAR with 31 AgP and 9 of bribe profits: each centre
    // moves (31 + 9) / 3 = 13.33, 13 AgP, both worked out from the 40 AgP (not the second from 40 - 13). HOL, neutral, pays 10.
    const map = testMap('standard');
    const before = position(map, { units: {} });
    const after = position(map, { units: {}, centers: { FRANCE: ['BRE'], GERMANY: ['BER', 'KIE', 'MUN', 'PAR', 'MAR', 'HOL'] } });
    const treasuries: Record<string, { balance: number; bribeProfits: number }> = { FRANCE: { balance: 31, bribeProfits: 9 } };
    const captures = centerCaptures(map, before, after, (power) => treasuries[power]!);
    expect(captures.get('GERMANY')).toEqual({
      captured: [
        { center: 'PAR', amount: 13 },
        { center: 'MAR', amount: 13 },
        { center: 'HOL', amount: 10 },
      ],
      lost: [],
    });
    expect(captures.get('FRANCE')).toEqual({
      captured: [],
      lost: [
        { center: 'PAR', amount: 13 },
        { center: 'MAR', amount: 13 },
      ],
    });
    expect([...captures.keys()].sort()).toEqual(['FRANCE', 'GERMANY']);
  });

  it('CAP limits the starting treasury: PayolaPower.initialize pays it through income, which CAP caps, bribe profits included', async () => {
    // 10 AgP per centre, capped at 25: France starts with min(25, 30) = 25, Russia with min(25, 40) = 25.
    const { send } = await payolaGame('zcap', ['RULE ZEROSUM', 'CAP 25']);
    expect((await send('FRANCE', '0 : A PAR H')).reply.text).toContain('Treasury of France: 25 AgP;');
    expect((await send('RUSSIA', '0 : A MOS H')).reply.text).toContain('Treasury of Russia: 25 AgP;');
  });
});
