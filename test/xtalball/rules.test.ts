import { describe, expect, it } from 'vitest';
import { mailJudge, MASTER } from '../commands/execute/support.js';
import { crystalBall, firstTurn, POWERS } from './support.js';

/** The rules of Rules.txt section 4 (Crystal Ball) and those it names, one test each, played by mail. */

describe('Crystal Ball rules', () => {
  it('4.1: a game always has FICTIONAL_OK and PROXY_OK; NO_CHECK and CD_SUPPORTS, standard-game rules, are refused with the reason', async () => {
    const { judge, created } = await crystalBall(['NO_CHECK', 'CD_SUPPORTS']);
    expect(created.reply.text).toContain('"RULE NO_CHECK": NO_CHECK is a rule of standard games only, which Crystal Ball does not allow (Rules.txt 4.1)');
    expect(created.reply.text).toContain('"RULE CD_SUPPORTS": CD_SUPPORTS is a rule of standard games only, which Crystal Ball does not allow (Rules.txt 4.1)');
    expect(judge.statusText('cb')).toMatch(/^RULE FICTIONAL_OK PROXY_OK$/m);
    expect(judge.statusText('cb')).not.toContain('NO_CHECK');
  });

  it('HELP tells how a Crystal Ball game takes orders', async () => {
    const help = await mailJudge().send('anyone@example.org', 'HELP');
    expect(help.reply.text).toContain('CREATE game password [variant]');
    expect(help.reply.text).toContain('variant: payola (a Payola game) or xtalball (a');
    expect(help.reply.text).toContain('In a Crystal Ball game (xtalball) your movement orders are a list for');
  });

  it('PUBLIC_LISTS is a Crystal Ball rule: a standard game is told it does nothing there', async () => {
    const judge = mailJudge();
    const created = await judge.send(MASTER, 'CREATE plain masterpw\nRULE PUBLIC_LISTS\nSIGNOFF');
    expect(created.reply.text).toContain('Note: the rule PUBLIC_LISTS is a rule of Crystal Ball games only; the game runs as if it were not there.');
  });

  it('PUBLIC_LISTS: every reader of the results reads every list as played', async () => {
    const game = await crystalBall(['PUBLIC_LISTS']);
    const results = await firstTurn(game, ['A PAR - BUR', 'A PAR - PIC']);
    for (const reader of ['GERMANY', null]) {
      expect(results(reader)).toContain(
        'France:   [revoked] A PAR - BUR\nFrance:   [ordered] A PAR - PIC\nFrance:   [default] F BRE H\nFrance:   [default] A MAR H',
      );
      expect(results(reader)).toContain('Germany:  [ordered] A MUN H');
    }
  });

  it('LIMIT_LISTS: each list is made public up to as many orders as the largest power has centres (Russia, 4)', async () => {
    const game = await crystalBall(['LIMIT_LISTS']);
    const results = await firstTurn(game, ['A PAR H', 'A MAR H', 'F BRE H', 'A PIC H', 'A BUR H', 'A GAS H']);
    expect(results('GERMANY')).toContain(
      'France:   [ordered] A PAR H\nFrance:   [ordered] A MAR H\nFrance:   [ordered] F BRE H\nFrance:   [no unit] A PIC H\n\n',
    );
    expect(results('GERMANY')).not.toContain('A BUR H');
  });

  it('NO_PROXY: a proxy order is refused (Rules.txt 4.1: "play of Crystal Ball without the proxy order"), and an order to another power\'s unit is "foreign"', async () => {
    const game = await crystalBall(['NO_PROXY']);
    const refused = await game.send('FRANCE', ['F BRE P ENGLAND', 'A MUN - BUR', 'A PAR H']);
    expect(refused.reply.text).toContain('"F BRE P ENGLAND": the game has NO_PROXY: no unit may be proxied');
    const results = await firstTurn(game, ['F BRE P ENGLAND', 'A MUN - BUR', 'A PAR H']);
    expect(results('FRANCE')).toContain('France:   [foreign] A MUN - BUR\nFrance:   [ordered] A PAR H\nFrance:   [default] F BRE H');
  });

  it('BLANK_BOARD: the game opens with the movement phase before the first builds, SKIPped; its lists are played after the builds', async () => {
    const game = await crystalBall(['BLANK_BOARD']);
    expect(game.judge.statusText('cb')).toMatch(/^SKIP FALL 1900 MOVEMENT$/m);
    // Status file format, PHASE/SKIP: "this allows players to enter moves (during the previous, SKIPped
    // movement phase) and then after locking those moves in, build their units in an adjustment phase".
    const written = await game.send('FRANCE', ['A PAR - BUR', 'F BRE - MAO']);
    expect(written.reply.text).toContain('Orders on file for France for the movement phase after it (LATER):\n  A PAR - BUR\n  F BRE - MAO');
    expect(written.reply.text).not.toContain('SOONER');
    expect(written.reply.text).not.toContain('late');
    for (const power of POWERS.filter((name) => name !== 'FRANCE')) await game.send(power, ['A MUN H']);
    const skipped = await game.process();
    expect(skipped('FRANCE')).not.toContain('order lists');
    expect(game.judge.statusText('cb')).toMatch(/^PHASE WINTER 1900 ADJUSTMENTS$/m);
    await game.send('FRANCE', ['BUILD A PAR', 'BUILD F BRE', 'BUILD A MAR']);
    await game.process();
    const spring = await game.process();
    expect(spring('FRANCE')).toContain('France:\n  A PAR - BUR.\n  F BRE - MAO.\n  A MAR H.');
  });

  it('MOBILIZE: as BLANK_BOARD, "the movement phase before the determined adjustment phase is the starting phase" (Rules.txt, MOBILIZE), SKIPped', async () => {
    const game = await crystalBall(['MOBILIZE']);
    expect(game.judge.statusText('cb')).toMatch(/^SKIP FALL 1900 MOVEMENT$/m);
    for (const power of POWERS) await game.send(power, power === 'FRANCE' ? ['A PAR - BUR'] : ['A MUN H']);
    const skipped = await game.process();
    expect(skipped('FRANCE')).not.toContain('order lists');
    await game.send('FRANCE', ['BUILD A PAR']);
    await game.process();
    expect(game.judge.statusText('cb')).toMatch(/^PHASE SPRING 1901 MOVEMENT$/m);
    const spring = await game.process();
    expect(spring('FRANCE')).toContain('France:\n  A PAR - BUR.\n');
    expect(spring('FRANCE')).toContain('Spring 1901 Movement order lists:\nFrance:   [ordered] A PAR - BUR');
  });
});
