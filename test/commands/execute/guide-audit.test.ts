import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { address, gameOf, HOLDS, MASTER, mailJudge, noticesTo, ordersOf, startedGame } from './support.js';
import { editGame } from '../../support/edit-game.js';

/** What a command-by-command reading of DPjudge's guide (Email.txt) found to differ, each as the guide has it. */

const master = (body: string) => `SIGNON Malpha masterpw\n${body}`;

describe('a game in preparation (CREATE without FORM)', () => {
  it('is hidden from a stranger asking LIST for it, and shown to its Master', async () => {
    const judge = mailJudge();
    const created = await judge.send(MASTER, 'CREATE alpha masterpw\nRULE NO_PRESS\nSIGNOFF');
    expect(created.reply.text).toContain("Game 'alpha' is created");
    const stranger = await judge.send(address(1), 'LIST alpha');
    expect(stranger.refused).toEqual([{ line: 'LIST alpha', code: 'GAME_RULE', reason: expect.stringContaining('in preparation') }]);
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
    expect(past.refused).toEqual([
      { line: 'SET ABSENCE TO 13:00', code: 'GAME_RULE', reason: expect.stringContaining('name the day for another (SET ABSENCE TO 6 13:00)') },
    ]);
    expect(past.notices).toEqual([]);
    expect(judge.statusText('alpha')).toBe(before);
    await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE TO 6 13:00`);
    expect(gameOf(judge).timing).toBe('NOT -202601061300');
    await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE TO 17:00`);
    expect(gameOf(judge).timing).toBe('NOT -202601061300,-202601051700');
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
    expect(changed.refused).toEqual([
      { line: 'A PAR - PIC', code: 'GAME_RULE', reason: expect.stringContaining('only the units still without an order may be ordered: F BRE, A MAR') },
    ]);
    expect(ordersOf(judge, 'FRANCE')).toEqual(['A PAR - BUR']);
    const completed = await judge.send(france.address, `${signOn}\nA MAR H\nF BRE - MAO`);
    expect(completed.refused).toEqual([]);
    expect(ordersOf(judge, 'FRANCE')).toEqual(['A PAR - BUR', 'A MAR H', 'F BRE - MAO']);
    const again = await judge.send(france.address, `${signOn}\nF BRE H`);
    expect(again.refused).toEqual([{ line: 'F BRE H', code: 'GAME_RULE', reason: expect.stringContaining('NO_LATE_CHANGES') }]);
    expect(ordersOf(judge, 'FRANCE')).toEqual(['A PAR - BUR', 'A MAR H', 'F BRE - MAO']);
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
    expect(restored.refused).toEqual([]);
    expect(gameOf(judge).phase?.phase).toEqual({ season: 'SPRING', year: 1901, type: 'MOVEMENT' });
    expect(deadline()).toBe('202601120800');
  });
});

describe('replies that say what really happens', () => {
  it("OFFICIAL: the press's confirmation names the subject the recipients get, not a header they never see", async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const outcome = await judge.send(MASTER, master('OFFICIAL Deadline news\nBROADCAST\nThe deadline moves.\nENDBROADCAST'));
    expect(outcome.reply.text).toContain('under the subject "Deadline news", with no header');
    expect(outcome.reply.text).not.toContain('they read');
  });

  it('START_MASTER: the last player is told that the Master starts the game', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE alpha masterpw\nRULE START_MASTER\nRULE POWER_CHOICE\nFORM');
    const powers = ['austria', 'england', 'france', 'germany', 'italy', 'russia', 'turkey'];
    const replies: string[] = [];
    for (const [n, power] of powers.entries()) replies.push((await judge.send(address(n), `JOIN ${power}@alpha pw${n}`)).reply.text);
    expect(replies[0]).toContain('its Master starts it (START_MASTER)');
    expect(replies[6]).toContain('Every power has a player now; the game starts when its Master');
    expect(judge.service.load('alpha').game.phase?.phase).toBe('FORMING');
  });

  it('the last orders: the phase is processed at the second deadline check; under PREVIEW it is previewed to the Master', async () => {
    for (const [rules, expected] of [
      [[], 'the phase is processed at the second deadline check from now'],
      [['RULE PREVIEW'], 'at the second deadline check from now the results are previewed to the Master (PREVIEW), who then processes the phase.'],
    ] as const) {
      const judge = mailJudge();
      const players = await startedGame(judge, 'alpha', rules);
      let last = '';
      for (const [power, player] of players)
        last = (await judge.send(player.address, `SIGNON ${power[0]}alpha ${player.password}\n${HOLDS[power]}`)).reply.text;
      expect(last).toContain(expected);
      expect(gameOf(judge).delay).toBe(1);
    }
  });

  it('NO_REVEAL: SUMMARY after the end says the players are told when the Master sends REVEAL', async () => {
    const judge = mailJudge();
    await startedGame(judge, 'alpha', ['RULE NO_REVEAL']);
    expect((await judge.send(address(9), 'SUMMARY alpha')).reply.text).toContain('Players (who they are is told when the game is over):');
    await judge.send(MASTER, master('TERMINATE'));
    const after = await judge.send(address(9), 'SUMMARY alpha');
    expect(after.reply.text).toContain('told when the Master sends REVEAL (NO_REVEAL)');
  });

  it('REVIVE of a power being played says so', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const before = judge.statusText('alpha');
    const outcome = await judge.send(MASTER, master('REVIVE GERMANY'));
    expect(outcome.refused).toEqual([{ line: 'REVIVE GERMANY', code: 'GAME_RULE', reason: expect.stringContaining('GERMANY is being played') }]);
    expect(judge.statusText('alpha')).toBe(before);
  });

  it('a wrong Master password is answered as one, for SIGNON M, PURGE and RENAME', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const wrong = "that is not the Master's password of game 'alpha'";
    expect((await judge.send(MASTER, 'SIGNON Malpha nope')).reply.text).toContain(`SIGNON refused: ${wrong}.`);
    expect((await judge.send(MASTER, 'PURGE alpha nope')).refused).toEqual([{ line: 'PURGE alpha ********', code: 'LOGIN_REFUSED', reason: wrong }]);
    expect((await judge.send(MASTER, 'RENAME alpha beta nope')).refused).toEqual([
      { line: 'RENAME alpha beta ********', code: 'LOGIN_REFUSED', reason: wrong },
    ]);
    expect(judge.service.load('alpha').game.name).toBe('alpha');
  });

  it("after a refused RESIGN the rest of the mail is not read as the power's orders", async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const outcome = await judge.send(france.address, `RESIGN Falpha ${france.password}\nPRES TO MASTER\nA PAR - BUR`);
    expect(outcome.refused).toEqual([
      { line: 'RESIGN Falpha ********', code: 'GAME_RULE', reason: expect.stringContaining('RESIGN is done only from a mail without mistakes') },
      { line: 'PRES TO MASTER', code: 'WRONG_SENDER', reason: expect.any(String) },
      { line: 'A PAR - BUR', code: 'WRONG_SENDER', reason: expect.any(String) },
    ]);
    expect(outcome.reply.text).toContain('The rest of the mail is not read.');
    const game = judge.service.load('alpha').game;
    expect(game.powers.find((power) => power.name === 'FRANCE')).toMatchObject({ addresses: [france.address], orders: [] });
  });
});

describe('orders and press a newcomer writes', () => {
  it('PRESS TO AUSTRIA TURKEY reaches both, as PRESS TO AUSTRIA, TURKEY does', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const sent = await judge.send(france.address, `SIGNON Falpha ${france.password}\nPRESS TO AUSTRIA TURKEY\nPeace?\nENDPRESS`);
    expect(sent.reply.text).toContain('Press sent to Austria, Turkey');
    for (const power of ['AUSTRIA', 'TURKEY']) expect(noticesTo(sent.notices, players.get(power)!.address)[0]!.text).toContain('Peace?');
    expect(noticesTo(sent.notices, players.get('ENGLAND')!.address)).toEqual([]);
  });

  it('a build beyond the builds due is flagged in the reply', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    await editGame(judge.store, 'alpha', (game) => ({
      ...game,
      phase: { mode: 'PHASE', phase: { season: 'WINTER', year: 1901, type: 'ADJUSTMENTS' } },
      powers: game.powers.map((power) =>
        // Three centres and one unit, at sea: two builds due, three home centres free to build in.
        power.name === 'FRANCE'
          ? { ...power, units: power.units.filter((unit) => unit.location === 'BRE').map((unit) => ({ ...unit, location: 'MAO' })) }
          : power,
      ),
    }));
    const france = players.get('FRANCE')!;
    const two = await judge.send(france.address, `SIGNON Falpha ${france.password}\nBUILD A MAR\nBUILD A PAR`);
    expect(two.reply.text).not.toContain('will be void');
    const three = await judge.send(france.address, `SIGNON Falpha ${france.password}\nBUILD A MAR\nBUILD A PAR\nBUILD F BRE`);
    expect(three.refused).toEqual([]);
    expect(three.reply.text).toContain('BUILD F BRE will be void when the phase is processed');
  });
});
