import { describe, expect, it } from 'vitest';
import { payolaGame, statement } from './support.js';

/**
 * SIGNAL_SUPPORT and RESTRICT_SIGNAL in offer sheets, played on Rules.txt's own example (3.5
 * RESTRICT_SIGNAL): France wants Austria's F TRI to attack Venice; Austria signals peace with Italy.
 * Offer sheets on F TRI, Spring 1901:
 *   Austria: 2 : F TRI - VEN and 0 : F TRI S A VEN - SWI ?
 *   France:  3 : F TRI - VEN and 1 : F TRI S A VIE - ROM ? (under RESTRICT_SIGNAL 1 : F TRI H instead)
 *   Italy:   5 ! F TRI - VEN
 * DPjudge's PayolaGame.parseOffer (the RESTRICT_SIGNAL checks), bestOffer (no wildcard money for a
 * `?` order; HOLD replaced by the owner's signal) and PayolaPower.addOffer (Italy's `!` brings a
 * hidden 0 AgP HOLD of its own) settle what the example leaves to the reader.
 */

async function restricted() {
  const game = await payolaGame('rsig', ['RULE SIGNAL_SUPPORT RESTRICT_SIGNAL ZERO_FOREIGN']);
  const refused = async (power: string, sheet: string) => {
    const reply = (await game.send(power, sheet)).reply.text;
    expect(reply).toContain('The offer sheet was not accepted');
    return reply;
  };
  return { ...game, refused };
}

describe('SIGNAL_SUPPORT orders in offer sheets', () => {
  it('without RESTRICT_SIGNAL anyone buys a signal, wildcard money included', async () => {
    const { send, process, funds } = await payolaGame('sig', ['RULE SIGNAL_SUPPORT']);
    expect((await send('AUSTRIA', '2 : F TRI - VEN\n0 : F TRI S A VEN - SWI ?')).reply.text).not.toContain('not accepted');
    expect((await send('FRANCE', '3 : F TRI - VEN\n1 : F TRI S A VIE - ROM')).reply.text).not.toContain('not accepted');
    expect((await send('ITALY', '5 ! F TRI - VEN')).reply.text).not.toContain('not accepted');
    const results = await process();
    // - VEN: 2 + 3 = 5; HOLD: Italy's hidden 0 + its 5 = 5; S A VEN - SWI: 0 + 5 = 5; S A VIE - ROM: 1 + 5 = 6, the winner.
    // The `*`: Austria paid nothing for the order its unit followed. "Fleet Trieste makes the void support order for Vienna to Rome, as dictated by France, but no one except France knows this."
    expect(statement(results.of('AUSTRIA'), 'AUSTRIA')).toContain(' *   6 : F TRI S A VIE - ROM');
    expect(results.master).toContain('  F TRI S A VIE - ROM.  (*void*) a signal only');
    // France pays 1 of its 48, Italy 5 of its 48; Austria's 0 AgP signal and 2 AgP move lost, and cost nothing.
    expect(funds('FRANCE')).toEqual(['$47']);
    expect(funds('ITALY')).toEqual(['$43']);
    expect(funds('AUSTRIA')).toEqual(['$48']);
  });

  it('RESTRICT_SIGNAL: the owner signal stands in for the HOLD that won, and takes no wildcard money', async () => {
    const { send, process, funds, judge } = await restricted();
    expect((await send('AUSTRIA', '2 : F TRI - VEN\n0 : F TRI S A VEN - SWI ?')).reply.text).not.toContain('not accepted');
    expect(judge.statusText('rsig')).toMatch(/^0 : F TRI S A VEN - SWI \?$/m);
    expect((await send('FRANCE', '3 : F TRI - VEN\n1 : F TRI H')).reply.text).not.toContain('not accepted');
    expect((await send('ITALY', '5 ! F TRI - VEN')).reply.text).not.toContain('not accepted');
    const results = await process();
    // - VEN: 2 + 3 = 5; HOLD: France's 1 + Italy's hidden 0 + Italy's 5 = 6; the signal: Austria's 0, Italy's `!` not counted.
    // HOLD wins at 6 and F TRI gives Austria's signal: "Although France and Italy paid for it, it's Austria choosing the message".
    expect(statement(results.of('AUSTRIA'), 'AUSTRIA')).toContain(' *   6 : F TRI S A VEN - SWI');
    expect(results.master).toContain('  F TRI S A VEN - SWI.  (*void*) a signal only');
    expect(funds('FRANCE')).toEqual(['$47']);
    expect(funds('ITALY')).toEqual(['$43']);
    expect(funds('AUSTRIA')).toEqual(['$48']);
  });

  it('RESTRICT_SIGNAL: refuses a signal that is paid for, foreign, among alternatives or a second one, quoting the line', async () => {
    const { refused } = await restricted();
    expect(await refused('FRANCE', '1 : F TRI S A VIE - ROM')).toContain(
      '"1 : F TRI S A VIE - ROM": under RESTRICT_SIGNAL a SIGNAL_SUPPORT order is a direct bribe of 0 AgP (0 : ...)',
    );
    expect(await refused('AUSTRIA', '0 & F TRI S A VEN - SWI')).toContain('under RESTRICT_SIGNAL a SIGNAL_SUPPORT order is a direct bribe of 0 AgP');
    expect(await refused('FRANCE', '0 : F TRI S A VIE - ROM')).toContain(
      "F TRI is not yours: under RESTRICT_SIGNAL only its owner or the owner's controller gives it a SIGNAL_SUPPORT order",
    );
    expect(await refused('AUSTRIA', '0 : F TRI S A VEN - SWI | S A VIE - ROM')).toContain(
      'under RESTRICT_SIGNAL a SIGNAL_SUPPORT order is not one of alternatives (|)',
    );
    expect(await refused('AUSTRIA', '0 : F TRI S A VEN - SWI\n0 : F TRI S A VIE - ROM')).toContain(
      '"0 : F TRI S A VIE - ROM": F TRI has a SIGNAL_SUPPORT order on this sheet already, and RESTRICT_SIGNAL allows one per unit',
    );
  });
});
