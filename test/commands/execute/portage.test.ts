import { describe, expect, it } from 'vitest';
import { orderChoices } from '../../../src/game/order-choices.js';
import { OperationRules } from '../../../src/game/rules.js';
import { MASTER, mailJudge, noticesTo, startedGame, type MailJudge } from './support.js';

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
    expect(ordered.reply.text).toContain('Orders on file for Italy for Spring 1901 Movement:\n  F NAP - ROM - TUS\n  A ROM C F NAP - TUS\n  A VEN H\n');
    expect(ordered.reply.text).not.toContain('not accepted');
    expect(results.text).toContain('Italy:\n  F NAP - ROM - TUS.\n  A ROM C F NAP - TUS.\n  A VEN H.\n');
    expect(judge.statusText('portage')).toMatch(/^ITALY\n(?:.*\n)*?F TUS\nA ROM\nA VEN$/m);
  });

  it('refuses both orders without the rule, and the fleet stays', async () => {
    const { judge, ordered, results } = await italianPortage([]);
    expect(ordered.reply.text).toContain('2 order lines were not accepted');
    expect(ordered.reply.text).toContain('"F NAP - ROM - TUS": a fleet cannot be convoyed (armies carry fleets only in games with the rule PORTAGE_CONVOY)');
    expect(ordered.reply.text).toContain('"A ROM C F NAP - TUS": only fleets can convoy (armies carry fleets only in games with the rule PORTAGE_CONVOY)');
    expect(results.text).toContain('Italy:\n  A VEN H.\n  F NAP H.  (no order)\n  A ROM H.  (no order)\n');
    expect(judge.statusText('portage')).toMatch(/^ITALY\n(?:.*\n)*?F NAP\nA ROM\nA VEN$/m);
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
    expect(ordered.reply.text).toContain('"F NAP - APU - ROM - TUS": there is no army in Apulia to carry the fleet');
  });

  it('takes it without a word under FICTIONAL_OK, and the fleet holds, as an army convoyed through a missing fleet', async () => {
    const { judge, ordered, results } = await phantomPortage(['RULE PORTAGE_CONVOY', 'RULE FICTIONAL_OK']);
    expect(ordered.reply.text).toContain('Orders on file for Italy for Spring 1901 Movement:\n  F NAP - APU - ROM - TUS\n  A ROM H\n  A VEN H\n');
    expect(ordered.reply.text).not.toMatch(/not accepted|Apulia/);
    expect(results.text).toContain('Italy:\n  F NAP H.\n  A ROM H.\n  A VEN H.\n');
    expect(judge.statusText('portage')).toMatch(/^ITALY\n(?:.*\n)*?F NAP\nA ROM\nA VEN$/m);
  });

  it('shows the carried move failed under SHOW_PHANTOM', async () => {
    const { judge, results } = await phantomPortage(['RULE PORTAGE_CONVOY', 'RULE SHOW_PHANTOM']);
    expect(results.text).toContain('Italy:\n  F NAP - APU - ROM - TUS.  (*no convoy*)');
    expect(judge.statusText('portage')).toMatch(/^ITALY\n(?:.*\n)*?F NAP\nA ROM\nA VEN$/m);
  });
});
