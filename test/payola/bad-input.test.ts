import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MASTER } from '../commands/execute/support.js';
import { payolaGame } from './support.js';

/** Every refusal in a Payola game quotes the line it refuses, with the reason (and the rule that forbids it). */

const quoted = (line: string, reason: string) => `Lines not accepted (1):\n  "${line}": ${reason}`;

describe('bad Payola input gets a reply quoting the line', () => {
  it('an offer sheet: a unit that is not there, a negative or too large amount; a sheet beyond the treasury is taken', async () => {
    const { send } = await payolaGame('badoffer');
    const refusals: Record<string, string> = {
      '5 : A BUR H': 'there is no army in Burgundy',
      '5 : F PAR H': 'the unit in Paris is an army',
      '5 : A XYZ H': "'XYZ' is neither a place nor an order word",
      '-5 : A PAR H': 'the amount -5 is negative; an offer is a whole number of AgP from 0 to 9999',
      '10000 : A PAR H': 'the amount 10000 is more than 9999 AgP',
    };
    for (const [line, reason] of Object.entries(refusals)) {
      const reply = (await send('FRANCE', line)).reply.text;
      expect(reply).toContain('The offer sheet was not accepted: the one on file before stays.');
      expect(reply).toContain(quoted(line, reason));
    }
    // Offers may come to more than the treasury (48 AgP): the overspending rules cut them at processing (the guide,
    // "Overspending"); LIMIT_OFFERS refuses such a sheet (rules.test.ts).
    const overspent = (await send('FRANCE', '40 : A PAR - BUR\n40 : A MAR - SPA')).reply.text;
    expect(overspent).not.toContain('not accepted');
    expect(overspent).toContain('Treasury of France: 48 AgP;');
  });

  it('a bribe in an adjustment phase is refused as out of season, and the build beside it is taken', async () => {
    // The players' guide: retreat and adjustment orders are the player's own, "just like a standard Diplomacy game".
    const { send, process } = await payolaGame('offseason');
    expect((await send('FRANCE', '5 : A MAR - SPA')).reply.text).toContain('Orders on file');
    await process();
    await process();
    const reply = (await send('FRANCE', '2 : A PAR H\n10 $\nBUILD A MAR')).reply.text;
    const reason = 'offers are for movement phases only; in Winter 1901 Adjustments your own units are ordered directly, as in a standard game';
    expect(reply).toContain(`Lines not accepted (2):\n  "2 : A PAR H": ${reason} (A PAR H)\n  "10 $": ${reason}\n`);
    expect(reply).toContain('Orders on file for France for Winter 1901 Adjustments:\n  BUILD A MAR');
    const help = (await send('FRANCE', 'HELP')).reply.text;
    expect(help).toContain('  retreats and builds are ordered directly, as in any game\n');
    expect(help).toContain('    25 $                           keep at least 25 AgP after the phase\n');
  });

  it('a transfer: more than the treasury, a negative amount, and each one the rules forbid, the rule named', async () => {
    const one = await payolaGame('badfund', ['RULE ONE_TRANSFER NO_LOOTING']);
    expect((await one.send('FRANCE', 'TRANSFER 49 TO GERMANY')).reply.text).toContain(
      quoted('TRANSFER 49 TO GERMANY', 'France has only 48 AgP, less than the 49 AgP to transfer'),
    );
    expect((await one.send('FRANCE', 'TRANSFER -3 TO GERMANY')).reply.text).toContain(
      quoted('TRANSFER -3 TO GERMANY', 'a transfer is a whole, positive number of AgP, not -3'),
    );
    expect((await one.send('FRANCE', 'TRANSFER 3 TO GERMANY\nTRANSFER 2 TO G')).reply.text).toContain(
      quoted('TRANSFER 2 TO G', 'France has already transferred funds to Germany this phase (ONE_TRANSFER)'),
    );
    await one.master('DUMMY ITALY');
    expect((await one.judge.send(MASTER, 'SIGNON Ibadfund masterpw\nTRANSFER 5 TO FRANCE')).reply.text).toContain(
      quoted('TRANSFER 5 TO FRANCE', 'funds may not be transferred from a dummy such as Italy (NO_LOOTING)'),
    );
    const none = await payolaGame('nofund', ['RULE NO_TRANSFER']);
    expect((await none.send('FRANCE', 'TRANSFER 3 TO GERMANY')).reply.text).toContain(
      quoted('TRANSFER 3 TO GERMANY', 'funds transfers are not allowed in this game (NO_TRANSFER)'),
    );
    expect(none.funds('FRANCE')).toBeNull();
  });

  it("NO_DONATIONS: an eliminated power's transfer is refused, the rule named, and its treasury is emptied after the movement phase", async () => {
    // Rules.txt 3.2 NO_DONATIONS: "Players who have been eliminated from the game may not transfer funds"; DPjudge's
    // PayolaGame.postMoveUpdate sets an eliminated power's balance to 0 after each movement phase.
    const { judge, send, process, funds } = await payolaGame('donate', ['RULE NO_DONATIONS']);
    await process();
    // The judgekeeper's hand edit: Italy has lost every unit and centre, and kept its 48 AgP.
    const file = join(judge.games, 'donate', 'status');
    const status = judge.statusText('donate');
    const eliminated = status.replace('OWNS NAP ROM VEN\nF NAP\nA ROM\nA VEN\n', '');
    expect(eliminated).not.toBe(status);
    writeFileSync(file, eliminated);
    expect(funds('ITALY')).toEqual(['$48']);
    expect((await send('ITALY', 'TRANSFER 10 TO FRANCE')).reply.text).toContain(
      quoted('TRANSFER 10 TO FRANCE', 'Italy is eliminated and may not transfer funds (NO_DONATIONS)'),
    );
    expect((await send('AUSTRIA', 'TRANSFER 10 TO FRANCE')).reply.text).toContain('10 AgP transferred to France.');
    await process();
    expect(funds('ITALY')).toEqual(['$0']);
    // Austria's 48 - 10 and France's 48 + 10, each with the year's income of 48: nothing else moved.
    expect(funds('AUSTRIA')).toEqual(['$86']);
    expect(funds('FRANCE')).toEqual(['$106']);
  });
});
