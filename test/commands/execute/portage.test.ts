import { describe, expect, it } from 'vitest';
import { MASTER, mailJudge, noticesTo, startedGame } from './support.js';

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

describe('PORTAGE_CONVOY by mail', () => {
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
