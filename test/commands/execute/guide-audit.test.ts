import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { address, MASTER, mailJudge, startedGame } from './support.js';

/** What a command-by-command reading of DPjudge's guide (Email.txt) found to differ, each as the guide has it. */

const master = (body: string) => `SIGNON Malpha masterpw\n${body}`;

describe('a game in preparation (CREATE without FORM)', () => {
  it('is hidden from a stranger asking LIST for it, and shown to its Master', async () => {
    const judge = mailJudge();
    const created = await judge.send(MASTER, 'CREATE alpha masterpw\nRULE NO_PRESS\nSIGNOFF');
    expect(created.reply.text).toContain("Game 'alpha' is created");
    const stranger = await judge.send(address(1), 'LIST alpha');
    expect(stranger.reply.text).toContain("Not done: game 'alpha' is in preparation: its Master has not let it form yet.");
    expect(stranger.reply.text).not.toContain('NO_PRESS');
    const own = await judge.send(MASTER, master('LIST'));
    expect(own.reply.text).toContain('Rules: NO_PRESS');
    await judge.send(MASTER, master('FORM'));
    expect((await judge.send(address(1), 'LIST alpha')).reply.text).toContain('Rules: NO_PRESS');
  });
});

describe('SET ABSENCE', () => {
  it('refuses an absence that is over already, such as TO 13:00 sent at 15:39, saying how to write the next day', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    judge.clock.now = DateTime.fromISO('2026-01-05T15:39:00Z', { zone: 'utc' });
    const before = judge.statusText('alpha');
    const past = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE TO 13:00`);
    expect(past.reply.text).toContain(
      "Not done: the absence would be over already: it ends Mon 5 Jan 2026 13:00, and it is Mon 5 Jan 2026 15:39 on the game's clocks; a time alone means today, so name the day for another (SET ABSENCE TO 6 13:00).",
    );
    expect(past.notices).toEqual([]);
    expect(judge.statusText('alpha')).toBe(before);
    const next = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE TO 6 13:00`);
    expect(next.reply.text).toContain('(TIMING NOT -202601061300)');
    const later = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE TO 17:00`);
    expect(later.reply.text).toContain('(TIMING NOT -202601051700)');
  });
});

describe('NO_LATE_CHANGES', () => {
  it('lets a power late with incomplete orders add the missing ones after the deadline, but not change those on file', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE NO_LATE_CHANGES']);
    const france = players.get('FRANCE')!;
    const signOn = `SIGNON Falpha ${france.password}`;
    await judge.send(france.address, `${signOn}\nA PAR - BUR`);
    judge.clock.now = judge.clock.now.plus({ days: 5 });
    const changed = await judge.send(france.address, `${signOn}\nA PAR - PIC\nA MAR H`);
    expect(changed.reply.text).toContain(
      'Not done: the game has NO_LATE_CHANGES: the deadline has passed, so the orders on file for France may no longer be changed (A PAR - BUR); only the units still without an order may be ordered: F BRE, A MAR.',
    );
    const completed = await judge.send(france.address, `${signOn}\nA MAR H\nF BRE - MAO`);
    expect(completed.reply.text).toContain('Orders on file for France for Spring 1901 Movement:\n  A PAR - BUR\n  A MAR H\n  F BRE - MAO');
    expect(judge.service.load('alpha').game.powers.find((power) => power.name === 'FRANCE')!.orders).toEqual(['A PAR - BUR', 'A MAR H', 'F BRE - MAO']);
    const again = await judge.send(france.address, `${signOn}\nF BRE H`);
    expect(again.reply.text).toContain(
      'Not done: the game has NO_LATE_CHANGES: the deadline has passed, so the orders on file for France may no longer be changed.',
    );
  });
});

describe('ROLLBACK', () => {
  it('sets a new deadline from the moment of the rollback, with the orders restored or not (Email.txt)', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const deadline = () => judge.service.load('alpha').game.deadline;
    expect(deadline()).toBe('202601091200');
    judge.clock.now = DateTime.fromISO('2026-01-09T12:00:00Z', { zone: 'utc' });
    await judge.send(MASTER, master('PROCESS!'));
    judge.clock.now = DateTime.fromISO('2026-01-10T08:00:00Z', { zone: 'utc' });
    const restored = await judge.send(MASTER, master('ROLLBACK RESTORE'));
    expect(restored.reply.text).toContain("Game 'alpha' is in Spring 1901 Movement. The deadline for orders is Mon 12 Jan 2026 08:00 GMT.");
    expect(deadline()).toBe('202601120800');
  });
});
