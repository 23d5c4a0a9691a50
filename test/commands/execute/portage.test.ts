import { describe, expect, it } from 'vitest';
import { orderChoices } from '../../../src/game/order-choices.js';
import { OperationRules } from '../../../src/game/rules.js';
import { ordersListed, resultsListed } from './reply-parts.js';
import { MASTER, mailJudge, noticesTo, powerOf, startedGame, type MailJudge } from './support.js';

/**
 * PORTAGE_CONVOY in a game played by mail: Italy's army in Rome carries the fleet of Naples to
 * Tuscany, which the fleet cannot sail to.
 */
async function italianPortage(statusLines: readonly string[]) {
  const judge = mailJudge();
  const players = await startedGame(judge, 'portage', statusLines);
  const italy = players.get('ITALY')!;
  const ordered = await judge.send(italy.address, `SIGNON Iportage ${italy.password}\nF NAP - ROM - TUS\nA ROM C F NAP - TUS\nA VEN H`);
  const processed = await judge.send(MASTER, 'SIGNON Mportage masterpw\nPROCESS!');
  expect(processed.reply.text).toContain("Spring 1901 Movement of game 'portage' is processed");
  const results = noticesTo(processed.notices, italy.address).find((notice) => notice.subject.includes('S1901M results'))!;
  return { judge, ordered, results };
}

/** Where Italy's units stand now, as the store reads them. */
function italianUnits(judge: MailJudge): string[] {
  return powerOf(judge, 'ITALY', 'portage').units.map((unit) => `${unit.type} ${unit.location}`);
}

/** What the web pages offer Italy's fleet of Naples and army of Rome now. */
function italianChoices(judge: MailJudge): Record<string, readonly string[]> {
  const game = judge.service.load('portage').game;
  const maps = judge.service.maps(game);
  const units = orderChoices(game, maps, 'ITALY', new OperationRules().inPlay(game, maps))!.units;
  return Object.fromEntries(units.map((unit) => [unit.unit, unit.choices]));
}

describe('PORTAGE_CONVOY by mail', () => {
  it('offers the carried moves and the armies’ offers on the web pages only in a game with the rule', async () => {
    const judge = mailJudge();
    await startedGame(judge, 'portage', ['RULE PORTAGE_CONVOY']);
    const choices = italianChoices(judge);
    expect(choices['F NAP']).toEqual(expect.arrayContaining(['F NAP - TUS', 'F NAP - PIE']));
    expect(choices['A ROM']).toEqual(expect.arrayContaining(['A ROM C F NAP - TUS', 'A ROM C F NAP - PIE']));
    expect(choices['A VEN']).toContain('A VEN C F NAP - PIE');
    expect(choices['A VEN']).toContain('A VEN S F NAP - TUS');
    const plain = mailJudge();
    await startedGame(plain, 'portage');
    const without = italianChoices(plain);
    expect(without['F NAP']!.filter((choice) => choice.includes(' - TUS') || choice.includes(' - PIE'))).toEqual([]);
    expect(without['A ROM']!.filter((choice) => choice.includes(' C '))).toEqual([]);
  });

  it('carries the fleet overland when the game has the rule', async () => {
    const { judge, ordered, results } = await italianPortage(['RULE PORTAGE_CONVOY']);
    expect(ordered.refused).toEqual([]);
    expect(ordersListed(ordered.reply.text)).toEqual({ Italy: ['F NAP - ROM - TUS', 'A ROM C F NAP - TUS', 'A VEN H'] });
    expect(resultsListed(results.text).Italy).toEqual(['F NAP - ROM - TUS.', 'A ROM C F NAP - TUS.', 'A VEN H.']);
    expect(italianUnits(judge)).toEqual(['F TUS', 'A ROM', 'A VEN']);
  });

  it('refuses both orders without the rule, and the fleet stays', async () => {
    const { judge, ordered, results } = await italianPortage([]);
    expect(ordered.reply.text).toContain('2 order lines were not accepted');
    const withoutTheRule = '(armies carry fleets only in games with the rule PORTAGE_CONVOY)';
    expect(ordered.refused).toEqual([
      { line: 'F NAP - ROM - TUS', code: 'ORDER_REFUSED', reason: `a fleet cannot be convoyed ${withoutTheRule}` },
      { line: 'A ROM C F NAP - TUS', code: 'ORDER_REFUSED', reason: `only fleets can convoy ${withoutTheRule}` },
    ]);
    expect(resultsListed(results.text).Italy).toEqual(['A VEN H.', 'F NAP H.  (no order)', 'A ROM H.  (no order)']);
    expect(italianUnits(judge)).toEqual(['F NAP', 'A ROM', 'A VEN']);
  });
});

describe('PORTAGE_CONVOY with FICTIONAL_OK by mail', () => {
  /** Italy's fleet of Naples is to be carried through Apulia, where no army stands, and Rome. */
  async function phantomPortage(rules: readonly string[]) {
    const judge = mailJudge();
    const players = await startedGame(judge, 'portage', rules);
    const italy = players.get('ITALY')!;
    const ordered = await judge.send(italy.address, `SIGNON Iportage ${italy.password}\nF NAP - APU - ROM - TUS\nA ROM H\nA VEN H`);
    const processed = await judge.send(MASTER, 'SIGNON Mportage masterpw\nPROCESS!');
    const results = noticesTo(processed.notices, italy.address).find((notice) => notice.subject.includes('S1901M results'))!;
    return { judge, ordered, results };
  }

  it('refuses a route through an army that is not there without FICTIONAL_OK', async () => {
    const { ordered } = await phantomPortage(['RULE PORTAGE_CONVOY']);
    expect(ordered.refused).toEqual([{ line: 'F NAP - APU - ROM - TUS', code: 'ORDER_REFUSED', reason: 'there is no army in Apulia to carry the fleet' }]);
  });

  it('takes it without a word under FICTIONAL_OK, and the fleet holds, as an army convoyed through a missing fleet', async () => {
    const { judge, ordered, results } = await phantomPortage(['RULE PORTAGE_CONVOY', 'RULE FICTIONAL_OK']);
    expect(ordered.refused).toEqual([]);
    expect(ordersListed(ordered.reply.text)).toEqual({ Italy: ['F NAP - APU - ROM - TUS', 'A ROM H', 'A VEN H'] });
    expect(ordered.reply.text).not.toContain('Apulia');
    expect(resultsListed(results.text).Italy).toEqual(['F NAP H.', 'A ROM H.', 'A VEN H.']);
    expect(italianUnits(judge)).toEqual(['F NAP', 'A ROM', 'A VEN']);
  });

  it('shows the carried move failed under SHOW_PHANTOM', async () => {
    const { judge, results } = await phantomPortage(['RULE PORTAGE_CONVOY', 'RULE SHOW_PHANTOM']);
    expect(resultsListed(results.text).Italy![0]).toMatch(/^F NAP - APU - ROM - TUS\. {2}\(\*no convoy\*\)/);
    expect(italianUnits(judge)).toEqual(['F NAP', 'A ROM', 'A VEN']);
  });
});
