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
  /** The sheet's refused lines with their reasons, as the mail's outcome gives them. */
  const refused = async (power: string, sheet: string) => {
    const outcome = await game.send(power, sheet);
    expect(outcome.reply.text).toContain('The offer sheet was not accepted');
    return outcome.refused.map(({ line, reason }) => ({ line, reason }));
  };
  return { ...game, refused };
}

/**
 * Rules.txt's example played: the three sheets, France's signal (or its HOLD) as given; Trieste's
 * order, shown in the Master's results, and its price in Austria's statement. Either way France
 * pays 1 of its 48 AgP and Italy 5 of its 48; Austria's 0 AgP signal and losing 2 AgP move cost it nothing.
 */
async function playExample(game: Awaited<ReturnType<typeof payolaGame>>, france: string, trieste: string) {
  for (const [power, sheet] of [
    ['AUSTRIA', '2 : F TRI - VEN\n0 : F TRI S A VEN - SWI ?'],
    ['FRANCE', `3 : F TRI - VEN\n${france}`],
    ['ITALY', '5 ! F TRI - VEN'],
  ] as const)
    expect((await game.send(power, sheet)).reply.text).not.toContain('not accepted');
  const results = await game.process();
  // The `*`: Austria paid nothing for the order its unit followed.
  expect(statement(results.of('AUSTRIA'), 'AUSTRIA')).toContain(` *   6 : ${trieste}`);
  expect(results.master).toContain(`  ${trieste}.  (*void*) a signal only`);
  expect([game.funds('FRANCE'), game.funds('ITALY'), game.funds('AUSTRIA')]).toEqual([['$47'], ['$43'], ['$48']]);
}

describe('SIGNAL_SUPPORT orders in offer sheets', () => {
  it('without RESTRICT_SIGNAL anyone buys a signal, wildcard money included', async () => {
    // - VEN: 2 + 3 = 5; HOLD: Italy's hidden 0 + its 5 = 5; S A VEN - SWI: 0 + 5 = 5; S A VIE - ROM: 1 + 5 = 6, the winner.
    // "Fleet Trieste makes the void support order for Vienna to Rome, as dictated by France, but no one except France knows this."
    await playExample(await payolaGame('sig', ['RULE SIGNAL_SUPPORT']), '1 : F TRI S A VIE - ROM', 'F TRI S A VIE - ROM');
  });

  it('RESTRICT_SIGNAL: the owner signal stands in for the HOLD that won, and takes no wildcard money', async () => {
    // - VEN: 2 + 3 = 5; HOLD: France's 1 + Italy's hidden 0 + Italy's 5 = 6; the signal: Austria's 0, Italy's `!` not counted.
    // HOLD wins at 6 and F TRI gives Austria's signal: "Although France and Italy paid for it, it's Austria choosing the message".
    const game = await restricted();
    await playExample(game, '1 : F TRI H', 'F TRI S A VEN - SWI');
  });

  it('RESTRICT_SIGNAL: refuses a signal that is paid for, foreign, among alternatives or a second one, quoting the line', async () => {
    const { refused, send, judge } = await restricted();
    // The signal taken is written with DPjudge's `?` mark, which reads back.
    expect((await send('AUSTRIA', '0 : F TRI S A VEN - SWI')).reply.text).not.toContain('not accepted');
    expect(judge.statusText('rsig')).toMatch(/^0 : F TRI S A VEN - SWI \?$/m);
    expect((await send('AUSTRIA', '0 : F TRI S A VEN - SWI ?')).reply.text).toContain('  0 : F TRI S A VEN - SWI ?');
    const directBribe = 'under RESTRICT_SIGNAL a SIGNAL_SUPPORT order is a direct bribe of 0 AgP';
    expect(await refused('FRANCE', '1 : F TRI S A VIE - ROM')).toEqual([
      { line: '1 : F TRI S A VIE - ROM', reason: expect.stringContaining(`${directBribe} (0 : ...)`) },
    ]);
    expect(await refused('AUSTRIA', '0 & F TRI S A VEN - SWI')).toEqual([{ line: '0 & F TRI S A VEN - SWI', reason: expect.stringContaining(directBribe) }]);
    expect(await refused('FRANCE', '0 : F TRI S A VIE - ROM')).toEqual([
      {
        line: '0 : F TRI S A VIE - ROM',
        reason: expect.stringContaining("F TRI is not yours: under RESTRICT_SIGNAL only its owner or the owner's controller"),
      },
    ]);
    expect(await refused('AUSTRIA', '0 : F TRI S A VEN - SWI | S A VIE - ROM')).toEqual([
      { line: '0 : F TRI S A VEN - SWI | S A VIE - ROM', reason: expect.stringContaining('is not one of alternatives (|)') },
    ]);
    expect(await refused('AUSTRIA', '0 : F TRI S A VEN - SWI\n0 : F TRI S A VIE - ROM')).toEqual([
      { line: '0 : F TRI S A VIE - ROM', reason: 'F TRI has a SIGNAL_SUPPORT order on this sheet already, and RESTRICT_SIGNAL allows one per unit' },
    ]);
  });
});
