import { describe, expect, it } from 'vitest';
import { gameOf, HOLDS, MASTER, mailJudge, noticesTo, powerOf, startedGame } from './support.js';

describe('the SET commands and VOTE', () => {
  it('SET ADDRESS moves the power to new addresses, or to the sender', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const signon = `SIGNON Falpha ${france.password}`;
    const moved = await judge.send(france.address, `${signon}\nSET ADDRESS home@example.net,work@example.net`);
    expect(moved.refused).toEqual([]);
    expect(powerOf(judge, 'FRANCE').addresses).toEqual(['home@example.net', 'work@example.net']);
    const back = await judge.send('laptop@example.com', `${signon}\nSET ADDRESS`);
    expect(back.reply.to).toEqual(['laptop@example.com', 'home@example.net', 'work@example.net']);
    expect(powerOf(judge, 'FRANCE').addresses).toEqual(['laptop@example.com']);
    const bad = await judge.send(france.address, `${signon}\nSET ADDRESS not-an-address`);
    expect(bad.refused).toEqual([
      { line: 'SET ADDRESS not-an-address', code: 'NOT_UNDERSTOOD', reason: expect.stringContaining('"not-an-address" is not an e-mail address') },
    ]);
    expect(powerOf(judge, 'FRANCE').addresses).toEqual(['laptop@example.com']);
  });

  it('SET PASSWORD changes the password the power signs on with', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const changed = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET PASSWORD fresh`);
    expect(changed.reply.text).toContain("Your password in game 'alpha' is changed.");
    expect(changed.reply.text).toContain('> SET PASSWORD ********');
    expect(changed.reply.text).not.toContain('fresh');
    expect(judge.statusText('alpha')).not.toContain('fresh');
    expect((await judge.send(france.address, `SIGNON Falpha ${france.password}`)).reply.text).toContain('SIGNON refused');
    expect((await judge.send(france.address, 'SIGNON Falpha fresh')).reply.text).toContain('Signed on as France');
  });

  it('SET WAIT holds a ready phase back and SET NOWAIT lets it go', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const waiting = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET WAIT`);
    // The wording of SET WAIT's and SET NOWAIT's answers is kept here.
    expect(waiting.reply.text).toContain('You are waiting: the phase is not processed before its deadline.');
    expect(powerOf(judge, 'FRANCE').wait).toBe(true);
    for (const [power, details] of players) await judge.send(details.address, `SIGNON ${power[0]}alpha ${details.password}\n${HOLDS[power]}`);
    expect(gameOf(judge).delay).toBeNull();
    const go = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET NOWAIT`);
    expect(go.reply.text).toContain('You are no longer waiting.\nEvery power that owes orders has them on file now');
    expect(powerOf(judge, 'FRANCE').wait).toBe(false);
    expect(gameOf(judge).delay).toBe(1);
  });

  it('SET WAIT is refused under NO_WAIT and REAL_TIME; SET NOWAIT is not', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE NO_WAIT']);
    const france = players.get('FRANCE')!;
    const refused = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET WAIT`);
    expect(refused.refused).toEqual([{ line: 'SET WAIT', code: 'GAME_RULE', reason: expect.stringContaining('NO_WAIT') }]);
    expect(powerOf(judge, 'FRANCE').wait).toBe(false);
    const nowait = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET NOWAIT`);
    expect(nowait.refused).toEqual([]);
    const realTime = mailJudge();
    const racers = await startedGame(realTime, 'alpha', ['RULE REAL_TIME']);
    const racer = racers.get('FRANCE')!;
    const hurried = await realTime.send(racer.address, `SIGNON Falpha ${racer.password}\nSET WAIT`);
    expect(hurried.refused).toEqual([{ line: 'SET WAIT', code: 'GAME_RULE', reason: expect.stringContaining('REAL_TIME') }]);
    expect(powerOf(realTime, 'FRANCE').wait).toBe(false);
  });

  it('HIDE_EXTENDERS: a player who extends the deadline is named to the Master only', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE PLAYER_DEADLINES', 'RULE HIDE_EXTENDERS']);
    const france = players.get('FRANCE')!;
    const extended = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET DEADLINE TUE 20 JAN 2026 12:00`);
    expect(extended.refused).toEqual([]);
    expect(gameOf(judge).deadline).toBe('202601201200');
    const toGermany = noticesTo(extended.notices, players.get('GERMANY')!.address);
    expect(toGermany[0]!.text).toContain('is now Tue 20 Jan 2026 12:00 GMT');
    expect(toGermany[0]!.text).not.toContain('France');
    expect(toGermany[0]!.text).not.toContain('set by');
    expect(noticesTo(extended.notices, MASTER)[0]!.text).toContain('It was set by France');
    expect(noticesTo(extended.notices, france.address)).toEqual([]);
    const master = await judge.send(MASTER, 'SIGNON Malpha masterpw\nSET DEADLINE WED 21 JAN 2026 12:00');
    expect(noticesTo(master.notices, players.get('GERMANY')!.address)[0]!.text).toContain('It was set by the Master.');
  });

  it('SET ABSENCE becomes a TIMING NOT entry, announced to the others; only the Master may be away longer than fourteen days', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const away = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE 20 JAN TO 25 JAN`);
    expect(away.reply.text).toContain("No deadline of game 'alpha' will fall from Tue 20 Jan 2026 to Sun 25 Jan 2026 (TIMING NOT 20260120-20260125).");
    expect(gameOf(judge).timing).toBe('NOT 20260120-20260125');
    const toGermany = noticesTo(away.notices, players.get('GERMANY')!.address)[0]!;
    expect(toGermany.subject).toBe('alpha: an absence is entered');
    expect(toGermany.text).toContain(
      "An absence has been entered for game 'alpha' by France:\nno deadline of the game will fall from Tue 20 Jan 2026 to Sun 25 Jan 2026.",
    );
    expect(noticesTo(away.notices, MASTER)[0]!.text).toContain('by France');
    expect(noticesTo(away.notices, france.address)).toEqual([]);
    const long = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE 1 FEB TO 1 MAR`);
    expect(long.refused).toEqual([{ line: 'SET ABSENCE 1 FEB TO 1 MAR', code: 'GAME_RULE', reason: expect.stringContaining('only the Master') }]);
    const master = await judge.send(MASTER, 'SIGNON Malpha masterpw\nSET ABSENCE 1 FEB TO 1 MAR');
    expect(master.refused).toEqual([]);
    expect(gameOf(judge).timing).toBe('NOT 20260120-20260125,20260201-20260301');
    await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE TO 8`);
    expect(gameOf(judge).timing).toBe('NOT 20260120-20260125,20260201-20260301,-20260108');
  });

  it('NO_ABSENCES: only the Master may SET ABSENCE', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE NO_ABSENCES']);
    const france = players.get('FRANCE')!;
    const refused = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE 20 JAN`);
    expect(refused.refused).toEqual([{ line: 'SET ABSENCE 20 JAN', code: 'GAME_RULE', reason: expect.stringContaining('NO_ABSENCES') }]);
    expect(refused.notices).toEqual([]);
    expect(gameOf(judge).timing ?? '').not.toContain('NOT');
    await judge.send(MASTER, 'SIGNON Malpha masterpw\nSET ABSENCE 20 JAN');
    expect(gameOf(judge).timing).toBe('NOT 20260120');
    const asFrance = await judge.send(MASTER, 'SIGNON Falpha masterpw\nSET ABSENCE 22 JAN');
    expect(asFrance.refused).toEqual([]);
    expect(gameOf(judge).timing).toBe('NOT 20260120,20260122');
  });

  it('SILENT_ABSENCES: only the Master hears of an absence', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE SILENT_ABSENCES']);
    const france = players.get('FRANCE')!;
    const away = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE TO 8`);
    expect(gameOf(judge).timing).toBe('NOT -20260108');
    expect(away.notices.map((notice) => notice.to)).toEqual([[MASTER]]);
    expect(away.notices[0]!.text).toContain("An absence has been entered for game 'alpha' by France");
    expect(away.notices[0]!.text).toContain('The players are not told of it (SILENT_ABSENCES)');
    const master = await judge.send(MASTER, 'SIGNON Malpha masterpw\nSET ABSENCE 20 JAN');
    expect(master.notices).toEqual([]);
  });

  it('HIDE_ABSENTEES: the players are not told which power asked; the Master is', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE HIDE_ABSENTEES']);
    const france = players.get('FRANCE')!;
    const away = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE 20 JAN`);
    const toGermany = noticesTo(away.notices, players.get('GERMANY')!.address)[0]!;
    expect(toGermany.subject).toBe('alpha: an absence is entered');
    expect(toGermany.text).not.toContain('France');
    expect(noticesTo(away.notices, MASTER)[0]!.text).toContain('It was entered by France');
  });

  it('VOTE records a vote and ends the game when the survivors agree', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const entries = [...players.entries()];
    for (const [power, details] of entries.slice(0, -1)) {
      const outcome = await judge.send(details.address, `SIGNON ${power[0]}alpha ${details.password}\nVOTE 7WAY`);
      expect(outcome.refused).toEqual([]);
    }
    const [lastPower, last] = entries[entries.length - 1]!;
    expect(entries.slice(0, -1).map(([power]) => powerOf(judge, power).vote)).toEqual(entries.slice(0, -1).map(() => ({ drawSize: 7 })));
    const small = await judge.send(last.address, `SIGNON ${lastPower[0]}alpha ${last.password}\nVOTE 2WAY`);
    expect(small.refused).toEqual([{ line: 'VOTE 2WAY', code: 'GAME_RULE', reason: expect.stringContaining('all 7 survivors') }]);
    const drawn = await judge.send(last.address, `SIGNON ${lastPower[0]}alpha ${last.password}\nSET DRAW`);
    expect(drawn.reply.text).toContain("The votes agree: game 'alpha' is over, it is drawn between");
    expect(noticesTo(drawn.notices, entries[0]![1].address)[0]!.text).toContain("Game 'alpha' is over: it is drawn between");
    expect(judge.mainStatus()).toMatch(/^alpha standard completed$/m);
  });

  it('SET NODRAW withdraws a vote', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    await judge.send(france.address, `SIGNON Falpha ${france.password}\nVOTE SOLO`);
    expect(powerOf(judge, 'FRANCE').vote).toBe('SOLO');
    const withdrawn = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET NODRAW`);
    expect(withdrawn.refused).toEqual([]);
    expect(powerOf(judge, 'FRANCE').vote).toBeNull();
  });
});
