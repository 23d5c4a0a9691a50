import { describe, expect, it } from 'vitest';
import { MASTER, mailJudge, startedGame } from './support.js';

/** A started game in which `as(power, body)` mails as that power's player. */
async function pressGame(rules: readonly string[]) {
  const judge = mailJudge();
  const players = await startedGame(judge, 'alpha', rules);
  const as = (power: string, body: string, mailKey?: string) =>
    judge.send(players.get(power)!.address, `SIGNON ${power[0]}alpha ${players.get(power)!.password}\n${body}`, mailKey);
  const master = (body: string) => judge.send(MASTER, `SIGNON Malpha masterpw\n${body}`);
  return { judge, players, as, master };
}

describe('the press archive (HISTORY game PRESS)', () => {
  it('keeps every message as the Master read it, for the Master at once and for everyone when the game is over', async () => {
    const { judge, as, master } = await pressGame(['RULE FAKE_PRESS']);
    await as('FRANCE', 'PRESS TO A FAKE FROM G\nGermany will attack you.\nENDPRESS');
    await as('ITALY', 'BROADCAST\nPeace in our time.\nENDBROADCAST');
    await master('PRESS TO E\nYour orders are late.\nENDPRESS');

    const read = await master('HISTORY PRESS');
    expect(read.reply.text).toContain("Press of game 'alpha', oldest first (3 messages):");
    expect(read.reply.text).toMatch(
      /--- Message from France to Austria \(shown as: Message from Germany to Austria\) \(\d{4}-\d\d-\d\d \d\d:\d\d UTC, SPRING 1901 MOVEMENT\)\n {2}Germany will attack you\./,
    );
    expect(read.reply.text).toContain('--- Broadcast message from Italy (');
    expect(read.reply.text).toContain('--- Message from the Master to England (');
    expect(read.reply.text.indexOf('Germany will attack')).toBeLessThan(read.reply.text.indexOf('Peace in our time'));

    const early = await as('AUSTRIA', 'HISTORY PRESS');
    expect(early.refused).toEqual([
      { line: 'HISTORY PRESS', code: 'GAME_RULE', reason: "the press of game 'alpha' is read by its Master only until the game is over" },
    ]);
    expect(early.reply.text).not.toContain('Germany will attack');
    const stranger = await judge.send('someone@example.org', 'HISTORY alpha PRESS');
    expect(stranger.reply.text).toContain('read by its Master only');

    await master('TERMINATE');
    await as('GERMANY', 'BROADCAST\nWell played, all.\nENDBROADCAST');
    const after = await judge.send('someone@example.org', 'HISTORY alpha PRESS');
    expect(after.reply.text).toContain('(4 messages)');
    expect(after.reply.text).toContain('shown as: Message from Germany to Austria');
    expect(after.reply.text).toMatch(/--- Broadcast message from Germany \([^)]*end-of-game statement\)\n {2}Well played, all\./);
  });

  it('under NO_EOG does not keep broadcasts sent after the game ended', async () => {
    const { judge, as, master } = await pressGame(['RULE NO_EOG']);
    await as('ITALY', 'BROADCAST\nGood luck.\nENDBROADCAST');
    await master('TERMINATE');
    const statement = await as('GERMANY', 'BROADCAST\nWell played, all.\nENDBROADCAST');
    expect(statement.reply.text).toContain('Broadcast sent to everyone in the game');
    const after = await judge.send('someone@example.org', 'HISTORY alpha PRESS');
    expect(after.reply.text).toContain('(1 message)');
    expect(after.reply.text).toContain('Good luck.');
    expect(after.reply.text).not.toContain('Well played');
  });

  it('keeps a message once when the same mail is handled again, and not at all when it was refused', async () => {
    const { as, master } = await pressGame(['RULE NO_PRESS']);
    const first = await as('FRANCE', 'PRESS TO MASTER\nOnce only.\nENDPRESS', '<press@example.org> h1');
    const again = await as('FRANCE', 'PRESS TO MASTER\nOnce only.\nENDPRESS', '<press@example.org> h1');
    expect(again.reply.text).toBe(first.reply.text);
    await as('FRANCE', 'PRESS TO ENGLAND\nRefused.\nENDPRESS');
    const read = await master('HISTORY PRESS');
    expect(read.reply.text).toContain('(1 message)');
    expect(read.reply.text.match(/Once only\./g)).toHaveLength(1);
    expect(read.reply.text).not.toContain('Refused.');
  });

  it('follows the game to its new name at RENAME', async () => {
    const { judge, as } = await pressGame([]);
    await as('ITALY', 'BROADCAST\nBefore the new name.\nENDBROADCAST');
    await judge.send(MASTER, 'RENAME alpha omega masterpw');
    expect((await judge.send(MASTER, 'SIGNON Momega masterpw\nHISTORY PRESS')).reply.text).toContain('Before the new name.');
  });

  it('answers that no press was sent yet', async () => {
    const { master } = await pressGame([]);
    expect((await master('HISTORY PRESS')).reply.text).toContain("No press has been sent in game 'alpha'.");
  });
});
