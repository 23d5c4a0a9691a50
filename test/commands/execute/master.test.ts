import { describe, expect, it } from 'vitest';
import { address, gameOf, MASTER, mailJudge, noticesTo, powerOf, startedGame, type MailJudge } from './support.js';

/** How many times `command` wrote the game's status file: each is one audit intent record. */
function statusWrites(judge: MailJudge, command: string): number {
  return judge.db.prepare<[string], { writes: number }>("SELECT count(*) AS writes FROM audit WHERE file LIKE '%alpha/status' AND command = ?").get(command)!
    .writes;
}

const master = (body: string) => `SIGNON Malpha masterpw\n${body}`;

describe("the Master's commands", () => {
  it('refuses every Master command to a player', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const before = judge.statusText('alpha');
    const commands = [
      'PROCESS',
      'PREVIEW',
      'ROLLBACK',
      'TERMINATE',
      'WAIT',
      'ACTIVATE',
      'FORM',
      'REVEAL',
      'DUMMY GERMANY',
      'REVIVE GERMANY',
      'RESIGN GERMANY',
      'SET UNLISTED',
      'OFFICIAL x',
    ];
    const outcome = await judge.send(france.address, `SIGNON Falpha ${france.password}\n${commands.join('\n')}`);
    expect(outcome.reply.text.match(/Not done: .* is a Master's command; you are signed on as FRANCE, not as the Master/g)).toHaveLength(commands.length);
    expect(outcome.notices).toEqual([]);
    expect(judge.statusText('alpha')).toBe(before);
  });

  it('PROCESS waits for every order unless PROCESS!, checks the phase given, and mails the results', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const early = await judge.send(MASTER, master('PROCESS'));
    expect(early.refused).toEqual([
      {
        line: 'PROCESS',
        code: 'GAME_RULE',
        reason: expect.stringContaining('missing or incomplete from Austria, England, France, Germany, Italy, Russia, Turkey'),
      },
    ]);
    const wrongPhase = await judge.send(MASTER, master('PROCESS! F1901M'));
    expect(wrongPhase.refused).toEqual([{ line: 'PROCESS! F1901M', code: 'GAME_RULE', reason: expect.stringContaining('not F1901M') }]);
    expect(gameOf(judge).phase?.phase).toEqual({ season: 'SPRING', year: 1901, type: 'MOVEMENT' });
    const forced = await judge.send(MASTER, master('PROCESS! S1901M'));
    expect(forced.reply.text).toContain("Spring 1901 Movement of game 'alpha' is processed");
    expect(forced.notices).toHaveLength(8);
    expect(judge.statusText('alpha')).toMatch(/^PHASE FALL 1901 MOVEMENT$/m);
  });

  it('PREVIEW mails the results to the Master only and changes nothing', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const before = judge.statusText('alpha');
    const outcome = await judge.send(MASTER, master('PREVIEW'));
    expect(outcome.refused).toEqual([]);
    expect(outcome.reply.text).toContain('is mailed to you; the game is unchanged');
    expect(outcome.notices.map((notice) => notice.to)).toEqual([[MASTER]]);
    expect(outcome.notices[0]!.subject).toContain('PREVIEW');
    expect(judge.statusText('alpha')).toBe(before);
  });

  it('ROLLBACK and ROLLFORWARD move the game between processed phases and tell the players', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - BUR`);
    await judge.send(MASTER, master('PROCESS!'));
    const back = await judge.send(MASTER, master('ROLLBACK'));
    expect(back.reply.text).toContain("Game 'alpha' is rolled back.");
    expect(judge.statusText('alpha')).toMatch(/^PHASE SPRING 1901 MOVEMENT$/m);
    expect(judge.statusText('alpha')).not.toContain('A PAR - BUR');
    expect(noticesTo(back.notices, france.address)[0]!.text).toContain("The Master has rolled game 'alpha' back.");
    const forward = await judge.send(MASTER, master('ROLLFORWARD'));
    expect(forward.reply.text).toContain("Game 'alpha' is rolled forward.");
    expect(judge.statusText('alpha')).toMatch(/^PHASE FALL 1901 MOVEMENT$/m);
    await judge.send(MASTER, master('ROLLBACK S1901M RESTORE'));
    expect(judge.statusText('alpha')).toContain('A PAR - BUR');
    // Each roll, its settings kept and its orders cleared or restored, is one write of the status file.
    expect([statusWrites(judge, 'ROLLBACK'), statusWrites(judge, 'ROLLFORWARD')]).toEqual([2, 1]);
  });

  it('plays a SOLITAIRE game by the Master alone: FORM gives it a privacy password and starts it with every power a dummy', async () => {
    const judge = mailJudge();
    const formed = await judge.send(MASTER, 'CREATE alpha masterpw\nRULE SOLITAIRE\nFORM\nSIGNOFF');
    expect(formed.refused).toEqual([]);
    expect(formed.reply.text).toContain('every power is a dummy of yours');
    const privacy = /Its privacy password is (\w+)\./.exec(formed.reply.text)?.[1];
    expect(privacy).toBeDefined();
    const game = gameOf(judge);
    expect(game.privacy).toBe(privacy);
    expect(game.phase?.phase).toEqual({ season: 'SPRING', year: 1901, type: 'MOVEMENT' });
    expect(game.powers.filter((power) => power.role === 'POWER').every((power) => power.player?.current === 'DUMMY')).toBe(true);
    expect(game.deadline).toBeNull();
    expect((await judge.send('stranger@example.org', 'LIST')).reply.text).not.toContain('alpha');
    expect((await judge.send('stranger@example.org', 'OBSERVE eye@alpha pw')).refused).toEqual([
      { line: 'OBSERVE eye@alpha ********', code: 'LOGIN_REFUSED', reason: 'the game alpha is private: OBSERVER needs its privacy word' },
    ]);
    expect((await judge.send('stranger@example.org', `OBSERVE eye@alpha pw ${privacy}`)).refused).toEqual([]);
    expect(powerOf(judge, 'EYE')).toMatchObject({ role: 'OBSERVER', addresses: ['stranger@example.org'] });
    const ordered = await judge.send(MASTER, master('SIGNON Falpha masterpw\nA PAR - BUR'));
    expect(ordered.reply.text).toContain('A PAR - BUR');
    await judge.send(MASTER, master('PROCESS'));
    expect(judge.statusText('alpha')).toMatch(/^PHASE FALL 1901 MOVEMENT$/m);
    expect(judge.statusText('alpha')).toMatch(/^A BUR$/m);
  });

  it('WAIT holds the game, ACTIVATE lets it go again, TERMINATE ends it', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const wait = await judge.send(MASTER, master('WAIT'));
    expect(wait.reply.text).toContain("Game 'alpha' waits");
    expect(judge.statusText('alpha')).toMatch(/^WAIT SPRING 1901 MOVEMENT$/m);
    expect(judge.mainStatus()).toMatch(/^alpha standard waiting$/m);
    const active = await judge.send(MASTER, master('ACTIVATE'));
    expect(active.reply.text).toContain("Game 'alpha' is active again.");
    expect(judge.statusText('alpha')).toMatch(/^PHASE SPRING 1901 MOVEMENT$/m);
    expect(judge.mainStatus()).toMatch(/^alpha standard active$/m);
    expect([statusWrites(judge, 'WAIT'), statusWrites(judge, 'ACTIVATE')]).toEqual([1, 1]);
    const again = await judge.send(MASTER, master('ACTIVATE'));
    expect(again.reply.text).toContain("game 'alpha' is active already");
    const form = await judge.send(MASTER, master('FORM'));
    expect(form.reply.text).toContain("game 'alpha' has started already");
    const ended = await judge.send(MASTER, master('TERMINATE'));
    expect(ended.reply.text).toContain("Game 'alpha' is terminated.");
    expect(noticesTo(ended.notices, players.get('FRANCE')!.address)[0]!.text).toContain("Game 'alpha' is over: the Master has terminated it.");
    expect(judge.mainStatus()).toMatch(/^alpha standard terminated$/m);
  });

  it('ACTIVATE starts a START_MASTER game once it is full; FORM says it is forming', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE alpha masterpw\nRULE START_MASTER');
    const form = await judge.send(MASTER, master('FORM'));
    expect(form.reply.text).toContain("Game 'alpha' is forming: players may JOIN it.");
    for (let n = 1; n <= 7; n++) await judge.send(address(n), `JOIN alpha pw${n}`);
    expect(judge.statusText('alpha')).toMatch(/^PHASE FORMING$/m);
    const started = await judge.send(MASTER, master('ACTIVATE'));
    expect(started.reply.text).toContain("Game 'alpha' has started.");
    expect(started.notices.filter((notice) => notice.text.includes('You play'))).toHaveLength(7);
  });

  it('DUMMY takes a power from its player, REVIVE gives it back with a new password, RESIGN power resigns a player', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const dummied = await judge.send(MASTER, master('DUMMY FRANCE'));
    expect(dummied.reply.text).toContain('France is a dummy now');
    expect(noticesTo(dummied.notices, france.address)[0]!.text).toContain('has made France a dummy');
    expect(judge.statusText('alpha')).toMatch(/^PLAYER DUMMY /m);
    const revived = await judge.send(MASTER, master('REVIVE FRANCE comeback'));
    expect(revived.reply.text).toContain('France is played again by its earlier player');
    expect(revived.reply.text).not.toContain('comeback');
    expect(noticesTo(revived.notices, france.address)[0]!.text).toContain('Your new password is comeback.');
    const signon = await judge.send(france.address, 'SIGNON Falpha comeback');
    expect(signon.reply.text).toContain('Signed on as France');
    const germany = players.get('GERMANY')!;
    const resigned = await judge.send(MASTER, master('RESIGN GERMANY'));
    expect(resigned.reply.text).toContain('Germany has been resigned.');
    expect(noticesTo(resigned.notices, germany.address)[0]!.text).toContain("The Master of game 'alpha' has resigned you");
    expect(judge.statusText('alpha')).toMatch(/^NEED GERMANY-\(3\/3\)$/m);
  });

  it('SET DEADLINE sets a deadline the TIMING allows and tells the players', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const moved = await judge.send(MASTER, master('SET DEADLINE MON 12 JAN 2026 18:00'));
    // The wording of SET DEADLINE's answer is kept here.
    expect(moved.reply.text).toContain("The deadline of game 'alpha' for Spring 1901 Movement is now Mon 12 Jan 2026 18:00 GMT.");
    expect(gameOf(judge).deadline).toBe('202601121800');
    expect(noticesTo(moved.notices, players.get('FRANCE')!.address)[0]!.text).toContain('It was set by the Master.');
    const weekend = await judge.send(MASTER, master('SET DEADLINE SAT 10 JAN 2026 12:00'));
    const refusal = (outcome: { refused: readonly { code: string; reason: string }[] }) => outcome.refused.map(({ code, reason }) => ({ code, reason }));
    expect(refusal(weekend)).toEqual([{ code: 'GAME_RULE', reason: expect.stringContaining('Saturday takes no deadlines (DAYS -MTWTF-)') }]);
    const wrongDay = await judge.send(MASTER, master('SET DEADLINE FRI 12 JAN 2026'));
    expect(refusal(wrongDay)).toEqual([{ code: 'GAME_RULE', reason: expect.stringContaining('12 Jan 2026 is a Monday, not a Friday') }]);
    const france = players.get('FRANCE')!;
    const player = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET DEADLINE 13 JAN 2026 12:00`);
    expect(refusal(player)).toEqual([{ code: 'GAME_RULE', reason: expect.stringContaining('PLAYER_DEADLINES') }]);
    expect(gameOf(judge).deadline).toBe('202601121800');
  });

  it('SET UNLISTED hides the game from LIST, SET LISTED shows it again', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE alpha masterpw\nFORM');
    await judge.send(MASTER, master('SET UNLISTED'));
    expect(judge.mainStatus()).toMatch(/^alpha standard forming unlisted$/m);
    expect((await judge.send('x@example.org', 'LIST')).reply.text).not.toContain('alpha');
    await judge.send(MASTER, master('SET LISTED'));
    expect(judge.mainStatus()).toMatch(/^alpha standard forming$/m);
    expect((await judge.send('x@example.org', 'LIST')).reply.text).toContain('alpha');
  });

  it('PURGE removes a game nobody joined, and refuses one with players or a wrong password', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE empty masterpw');
    const wrong = await judge.send(MASTER, 'PURGE empty guess');
    expect(wrong.refused).toEqual([{ line: 'PURGE empty ********', code: 'LOGIN_REFUSED', reason: "that is not the Master's password of game 'empty'" }]);
    const purged = await judge.send(MASTER, 'PURGE empty masterpw');
    expect(purged.reply.text).toContain("Game 'empty' is purged.");
    expect(judge.mainStatus()).not.toContain('empty');
    expect((await judge.send('x@example.org', 'LIST empty')).refused).toEqual([
      { line: 'LIST empty', code: 'GAME_RULE', reason: expect.stringContaining("there is no game 'empty'") },
    ]);
    await startedGame(judge);
    const busy = await judge.send(MASTER, 'PURGE alpha masterpw');
    expect(busy.reply.text).toContain("game 'alpha' has players");
  });

  it('RENAME gives the game a new name and tells the players', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const renamed = await judge.send(MASTER, 'RENAME alpha omega masterpw');
    expect(renamed.reply.text).toContain("Game 'alpha' is now called 'omega'.");
    expect(judge.statusText('omega')).toMatch(/^GAME omega$/m);
    expect(judge.mainStatus()).toMatch(/^omega standard active$/m);
    expect(noticesTo(renamed.notices, players.get('FRANCE')!.address)[0]!.text).toContain("it is now called 'omega'");
    const taken = await judge.send(MASTER, 'CREATE other masterpw');
    expect(taken.reply.text).toContain('created');
    const clash = await judge.send(MASTER, 'RENAME other omega masterpw');
    expect(clash.reply.text).toContain('there is a game omega already');
  });

  it('REVEAL publishes the players of a finished NO_REVEAL game', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE NO_REVEAL']);
    const early = await judge.send(MASTER, master('REVEAL'));
    expect(early.reply.text).toContain("game 'alpha' is not over");
    await judge.send(MASTER, master('TERMINATE'));
    expect((await judge.send('x@example.org', 'SUMMARY alpha')).reply.text).not.toContain(players.get('FRANCE')!.address);
    const revealed = await judge.send(MASTER, master('REVEAL'));
    expect(revealed.reply.text).toContain("The players of game 'alpha' are revealed");
    expect((await judge.send('x@example.org', 'SUMMARY alpha')).reply.text).toContain(players.get('FRANCE')!.address);
  });
});

describe("a Master's status-file lines", () => {
  it('writes game lines among the game lines and power lines into the named power block', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const outcome = await judge.send(MASTER, master('RULE NO_PRESS\nFRANCE\nOMNISCIENT\nTIMING MOVE 2D'));
    expect(outcome.reply.text).toContain('> RULE NO_PRESS\nWritten into the status file.');
    expect(outcome.reply.text).toContain('> FRANCE\nThe lines after this go into the block of FRANCE.');
    const status = judge.statusText('alpha');
    expect(status).toMatch(/^RULE NO_PRESS\nTIMING MOVE 2D\n/m);
    expect(status).toMatch(/^FRANCE\n(?:.*\n)*?OMNISCIENT\n/m);
    const replaced = await judge.send(MASTER, master('TIMING MOVE 4D'));
    expect(replaced.reply.text).toContain('Written in place of the earlier TIMING line.');
    expect(judge.statusText('alpha').match(/^TIMING/gm)).toHaveLength(1);
  });

  it('refuses a line that would make the file wrong, and the GAME line, leaving the file as it was', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const before = judge.statusText('alpha');
    const outcome = await judge.send(MASTER, master('GAME other\nFRANCE\nOWNS XYZ\nDELAY many'));
    expect(outcome.reply.text).toContain('use RENAME to change it');
    expect(outcome.reply.text).toMatch(/> OWNS XYZ\nNot done: not written, it would make the status file wrong: .*XYZ/);
    expect(outcome.reply.text).toMatch(/> DELAY many\nNot done: not written, it would make the status file wrong: /);
    expect(judge.statusText('alpha')).toBe(before);
    const created = await judge.send(MASTER, 'CREATE beta masterpw\nMAP nowhere\nPHASE SPRING 1901 MOVEMENT');
    expect(created.reply.text).toContain("there is no map 'nowhere' on this judge");
    expect(created.reply.text).toContain('Ignored: CREATE writes the PHASE line itself.');
    expect(judge.statusText('beta')).toMatch(/^PHASE FORMING$/m);
  });

  it('adds the stanza of a description as one change, and hides passwords in the echo', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const outcome = await judge.send(MASTER, master('DESC\nA game for friends.\nProcess when ready.\nEND DESC\nPASSWORD newmasterpw'));
    // The reply echoes the stanza as one command, answered once: its layout is kept here.
    expect(outcome.reply.text).toContain('> DESC\n> A game for friends.\n> Process when ready.\n> END DESC\nWritten into the status file.');
    expect(outcome.reply.text).toContain('> PASSWORD (hidden)');
    expect(outcome.reply.text).not.toContain('newmasterpw');
    expect((await judge.send(MASTER, 'SIGNON Malpha newmasterpw')).reply.text).toContain('Signed on as the Master');
  });
});
