import { describe, expect, it } from 'vitest';
import { HOLDS, MASTER, mailJudge, noticesTo, startedGame } from './support.js';

describe('the SET commands and VOTE', () => {
  it('SET ADDRESS moves the power to new addresses, or to the sender', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const signon = `SIGNON Falpha ${france.password}`;
    const moved = await judge.send(france.address, `${signon}\nSET ADDRESS home@example.net,work@example.net`);
    expect(moved.reply.text).toContain("Your address in game 'alpha' is now home@example.net, work@example.net.");
    expect(judge.statusText('alpha')).toMatch(/^ADDRESS home@example.net,work@example.net$/m);
    const back = await judge.send('laptop@example.com', `${signon}\nSET ADDRESS`);
    expect(back.reply.to).toEqual(['laptop@example.com', 'home@example.net', 'work@example.net']);
    expect(judge.statusText('alpha')).toMatch(/^ADDRESS laptop@example.com$/m);
    const bad = await judge.send(france.address, `${signon}\nSET ADDRESS not-an-address`);
    expect(bad.reply.text).toContain('"not-an-address" is not an e-mail address');
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
    expect(waiting.reply.text).toContain('You are waiting: the phase is not processed before its deadline.');
    expect(judge.statusText('alpha')).toMatch(/^FRANCE\n(?:.*\n)*?WAIT\n/m);
    for (const [power, details] of players) await judge.send(details.address, `SIGNON ${power[0]}alpha ${details.password}\n${HOLDS[power]}`);
    expect(judge.statusText('alpha')).not.toMatch(/^DELAY/m);
    const go = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET NOWAIT`);
    expect(go.reply.text).toContain('You are no longer waiting.\nEvery power that owes orders has them on file now');
    expect(judge.statusText('alpha')).toMatch(/^DELAY 1$/m);
  });

  it('SET WAIT is refused under NO_WAIT and REAL_TIME; SET NOWAIT is not', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE NO_WAIT']);
    const france = players.get('FRANCE')!;
    const refused = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET WAIT`);
    expect(refused.reply.text).toContain('the game has NO_WAIT: nobody may hold the phase back');
    expect(judge.statusText('alpha')).not.toMatch(/^WAIT$/m);
    const nowait = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET NOWAIT`);
    expect(nowait.reply.text).toContain('You are no longer waiting.');
    const realTime = mailJudge();
    const racers = await startedGame(realTime, 'alpha', ['RULE REAL_TIME']);
    const racer = racers.get('FRANCE')!;
    const hurried = await realTime.send(racer.address, `SIGNON Falpha ${racer.password}\nSET WAIT`);
    expect(hurried.reply.text).toContain('the game has REAL_TIME: it is processed as soon as the last orders are in, and nobody may hold it back');
  });

  it('HIDE_EXTENDERS: a player who extends the deadline is named to the Master only', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE PLAYER_DEADLINES', 'RULE HIDE_EXTENDERS']);
    const france = players.get('FRANCE')!;
    const extended = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET DEADLINE TUE 20 JAN 2026 12:00`);
    expect(extended.reply.text).toContain("The deadline of game 'alpha' for Spring 1901 Movement is now Tue 20 Jan 2026 12:00 GMT.");
    const toGermany = noticesTo(extended.notices, players.get('GERMANY')!.address);
    expect(toGermany[0]!.text).toContain('is now Tue 20 Jan 2026 12:00 GMT');
    expect(toGermany[0]!.text).not.toContain('France');
    expect(toGermany[0]!.text).not.toContain('set by');
    expect(noticesTo(extended.notices, MASTER)[0]!.text).toContain('It was set by France (the players are not told who, HIDE_EXTENDERS).');
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
    expect(judge.statusText('alpha')).toMatch(/^TIMING NOT 20260120-20260125$/m);
    const toGermany = noticesTo(away.notices, players.get('GERMANY')!.address)[0]!;
    expect(toGermany.subject).toBe('alpha: an absence is entered');
    expect(toGermany.text).toContain(
      "An absence has been entered for game 'alpha' by France:\nno deadline of the game will fall from Tue 20 Jan 2026 to Sun 25 Jan 2026.",
    );
    expect(noticesTo(away.notices, MASTER)[0]!.text).toContain('by France');
    expect(noticesTo(away.notices, france.address)).toEqual([]);
    const long = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE 1 FEB TO 1 MAR`);
    expect(long.reply.text).toContain('only the Master may set an absence longer than 14 days');
    const master = await judge.send(MASTER, 'SIGNON Malpha masterpw\nSET ABSENCE 1 FEB TO 1 MAR');
    expect(master.reply.text).toContain('(TIMING NOT 20260201-20260301)');
    expect(judge.statusText('alpha')).toMatch(/^TIMING NOT 20260120-20260125,20260201-20260301$/m);
    const day = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE TO 8`);
    expect(day.reply.text).toContain('(TIMING NOT -20260108)');
  });

  it('NO_ABSENCES: only the Master may SET ABSENCE', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE NO_ABSENCES']);
    const france = players.get('FRANCE')!;
    const refused = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE 20 JAN`);
    expect(refused.reply.text).toContain('the game has NO_ABSENCES: only the Master may SET ABSENCE');
    expect(refused.notices).toEqual([]);
    expect(judge.statusText('alpha')).not.toMatch(/^TIMING NOT/m);
    const master = await judge.send(MASTER, 'SIGNON Malpha masterpw\nSET ABSENCE 20 JAN');
    expect(master.reply.text).toContain('will fall on Tue 20 Jan 2026 (TIMING NOT 20260120)');
    const asFrance = await judge.send(MASTER, 'SIGNON Falpha masterpw\nSET ABSENCE 22 JAN');
    expect(asFrance.reply.text).toContain('(TIMING NOT 20260122)');
    expect(judge.statusText('alpha')).toMatch(/^TIMING NOT 20260120,20260122$/m);
  });

  it('SILENT_ABSENCES: only the Master hears of an absence', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE SILENT_ABSENCES']);
    const france = players.get('FRANCE')!;
    const away = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET ABSENCE TO 8`);
    expect(away.reply.text).toContain("No deadline of game 'alpha' will fall until Thu 8 Jan 2026 (TIMING NOT -20260108).");
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
    expect(toGermany.text).toContain("An absence has been entered for game 'alpha':\nno deadline of the game will fall on Tue 20 Jan 2026.");
    expect(toGermany.text).not.toContain('France');
    expect(noticesTo(away.notices, MASTER)[0]!.text).toContain('It was entered by France (the players are not told who, HIDE_ABSENTEES).');
  });

  it('VOTE records a vote and ends the game when the survivors agree', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const entries = [...players.entries()];
    for (const [power, details] of entries.slice(0, -1)) {
      const outcome = await judge.send(details.address, `SIGNON ${power[0]}alpha ${details.password}\nVOTE 7WAY`);
      expect(outcome.reply.text).toContain('Your vote is recorded: 7WAY.');
    }
    const [lastPower, last] = entries[entries.length - 1]!;
    const small = await judge.send(last.address, `SIGNON ${lastPower[0]}alpha ${last.password}\nVOTE 2WAY`);
    expect(small.reply.text).toContain('a draw includes all 7 survivors here');
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
    expect(judge.statusText('alpha')).toMatch(/^VOTE SOLO$/m);
    const withdrawn = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET NODRAW`);
    expect(withdrawn.reply.text).toContain('Your vote is withdrawn.');
    expect(judge.statusText('alpha')).not.toMatch(/^VOTE/m);
  });
});
