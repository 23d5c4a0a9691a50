import { describe, expect, it } from 'vitest';
import { MASTER, mailJudge, startedGame } from './support.js';

describe('HIDE_DUMMIES', () => {
  async function gameWithDummy(rules: readonly string[]) {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', rules);
    await judge.send(MASTER, 'SIGNON Malpha masterpw\nDUMMY FRANCE');
    const england = players.get('ENGLAND')!;
    const asEngland = (body: string) => judge.send(england.address, `SIGNON Ealpha ${england.password}\n${body}`);
    return { judge, asEngland };
  }

  it('shows a dummy power to the players as one a player plays, in LIST and SUMMARY, and to the Master as it is', async () => {
    const { judge, asEngland } = await gameWithDummy(['RULE HIDE_DUMMIES']);
    const listed = await asEngland('LIST');
    expect(listed.reply.text).toMatch(/^France: 3 centers, 3 units$/m);
    expect(listed.reply.text).not.toContain('[dummy]');
    const summary = await judge.send('someone@example.org', 'SUMMARY alpha');
    // Read as a replacement player took over, which players see in any game.
    expect(summary.reply.text).toMatch(/^ {2}France: a player until S1901M, then a player since then$/m);
    expect(summary.reply.text).not.toContain('dummy');
    const forMaster = await judge.send(MASTER, 'SIGNON Malpha masterpw\nLIST');
    expect(forMaster.reply.text).toContain('France [dummy]: 3 centers, 3 units');
    // Press still reaches the dummy power, as it would a played one: the Master reads it.
    const press = await asEngland('PRESS TO F\nAlliance?\nENDPRESS');
    expect(press.reply.text).toContain('Press sent to France');
  });

  it('names the dummy without the rule', async () => {
    const { judge, asEngland } = await gameWithDummy([]);
    expect((await asEngland('LIST')).reply.text).toContain('France [dummy]: 3 centers, 3 units');
    expect((await judge.send('someone@example.org', 'SUMMARY alpha')).reply.text).toMatch(/^ {2}France: .*dummy since then$/m);
  });
});
