import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { address, HOLDS, MASTER, mailJudge, noticesTo, startedGame } from './support.js';

/** The claims issue 20 found untrue, each tried with the mails quoted there, against DPjudge's documented behaviour. */

describe('a private game', () => {
  it('lets in an OBSERVE or a MONITOR only with the privacy word', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE c3 m3pw\nprivate secretword\nform');
    const peek = await judge.send('peek@example.org', 'OBSERVE peek@c3 xpw');
    expect(peek.reply.text).toContain('the game c3 is private: OBSERVER needs its privacy word');
    const monitor = await judge.send('mon@example.org', 'MONITOR mon@c3 monpw');
    expect(monitor.reply.text).toContain('the game c3 is private: MONITOR needs its privacy word');
    expect(judge.service.load('c3').game.powers).toEqual([]);
    const invited = await judge.send('peek@example.org', 'OBSERVE peek@c3 xpw secretword');
    expect(invited.reply.text).toContain("You have joined game 'c3' as the OBSERVER PEEK.");
    expect(invited.reply.text).not.toContain('secretword');
  });
});

describe('EAVESDROP', () => {
  it('is kept out of LIST unless the Master writes EAVESDROP!', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE peav pw\nRULE EAVESDROP NO_DIAS\nFORM');
    const secret = await judge.send('x@example.org', 'LIST peav');
    expect(secret.reply.text).toContain('Rules: NO_DIAS');
    expect(secret.reply.text).not.toContain('EAVESDROP');
    await judge.send(MASTER, 'CREATE open pw\nRULE EAVESDROP!\nFORM');
    expect((await judge.send('x@example.org', 'LIST open')).reply.text).toContain('EAVESDROP');
  });
});

describe('preparation mode', () => {
  it('keeps a game created without FORM hidden and closed until the Master says FORM', async () => {
    const judge = mailJudge();
    const created = await judge.send(MASTER, 'CREATE g1 masterpw');
    // The wording of CREATE's answer is kept here.
    expect(created.reply.text).toContain(
      "Game 'g1' is created, with you as its Master. Until FORM (later in this mail or in another) it is in preparation, hidden from everyone else; FORM lets players JOIN it.",
    );
    expect(judge.mainStatus()).toMatch(/^g1 standard preparation$/m);
    const inPreparation = { code: 'GAME_RULE', reason: expect.stringContaining("game 'g1' is in preparation") };
    expect((await judge.send(address(1), 'JOIN g1 pw1')).refused).toEqual([{ line: 'JOIN g1 ********', ...inPreparation }]);
    expect((await judge.send('eye@example.org', 'OBSERVE eye@g1 pw')).refused).toEqual([{ line: 'OBSERVE eye@g1 ********', ...inPreparation }]);
    expect((await judge.send('x@example.org', 'LIST')).reply.text).not.toContain('g1');
    const formed = await judge.send(MASTER, 'SIGNON Mg1 masterpw\nFORM');
    expect(formed.reply.text).toContain("Game 'g1' is forming: players may JOIN it.");
    expect(judge.mainStatus()).toMatch(/^g1 standard forming$/m);
    expect((await judge.send(address(1), 'JOIN g1 pw1')).reply.text).toContain("You have joined game 'g1'");
    expect((await judge.send(MASTER, 'SIGNON Mg1 masterpw\nFORM')).reply.text).toContain("game 'g1' is forming already");
  });

  it('ROLLBACK FORMING takes a started game back to forming; ACTIVATE starts it with the same players on the same powers', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'g1');
    const france = players.get('FRANCE')!;
    await judge.send(MASTER, 'SIGNON Mg1 masterpw\nPROCESS!');
    expect(judge.statusText('g1')).toMatch(/^PHASE FALL 1901 MOVEMENT$/m);
    const rolled = await judge.send(MASTER, 'SIGNON Mg1 masterpw\nROLLBACK FORMING');
    expect(rolled.reply.text).toContain("Game 'g1' is rolled back.");
    expect(judge.statusText('g1')).toMatch(/^PHASE FORMING$/m);
    expect(judge.statusText('g1')).not.toMatch(/^A PAR$/m);
    expect(judge.mainStatus()).toMatch(/^g1 standard forming$/m);
    await judge.send(MASTER, 'SIGNON Mg1 masterpw\nRULE NO_PRESS');
    const started = await judge.send(MASTER, 'SIGNON Mg1 masterpw\nACTIVATE');
    expect(started.reply.text).toContain("Game 'g1' has started.");
    expect(judge.statusText('g1')).toMatch(/^PHASE SPRING 1901 MOVEMENT$/m);
    expect(new Map([...players].map(([power, details]) => [power, details.address]))).toEqual(
      new Map([...players.keys()].map((power) => [power, judge.service.load('g1').game.powers.find((entry) => entry.name === power)!.addresses[0]])),
    );
    const signon = await judge.send(france.address, `SIGNON Fg1 ${france.password}\nA PAR - BUR`);
    expect(signon.reply.text).toContain('A PAR - BUR');
  });
});

describe('rule variants', () => {
  it('creates a Payola and a Crystal Ball game, and refuses a variant DPjudge does not know, creating nothing', async () => {
    const judge = mailJudge();
    expect((await judge.send(MASTER, 'CREATE c6 pw standard')).reply.text).toContain("Game 'c6' is created");
    const payola = await judge.send(MASTER, 'CREATE c4 pw payola');
    expect(payola.reply.text).toContain("Game 'c4' is created to play payola");
    expect(judge.mainStatus()).toMatch(/^c4 payola preparation$/m);
    const crystal = await judge.send(MASTER, 'CREATE c5 pw xtalball');
    expect(crystal.reply.text).toContain("Game 'c5' is created to play xtalball");
    expect(judge.mainStatus()).toMatch(/^c5 xtalball preparation$/m);
    const unknown = await judge.send(MASTER, 'CREATE c7 pw exchange');
    expect(unknown.refused).toEqual([
      { line: 'CREATE c7 ******** exchange', code: 'GAME_RULE', reason: expect.stringContaining("there is no rule variant 'exchange'") },
    ]);
    expect(judge.mainStatus()).not.toMatch(/^c7 /m);
  });
});

describe('FAKE press', () => {
  it('sends the two forms Email.txt documents: PRESS TO AUSTRIA FAKE BROADCAST and BROADCAST FAKE TO AIRE', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'g1', ['RULE FAKE_PRESS']);
    const france = players.get('FRANCE')!;
    const austria = players.get('AUSTRIA')!;
    const turkey = players.get('TURKEY')!;
    const outcome = await judge.send(
      france.address,
      `SIGNON Fg1 ${france.password}\nPRESS TO AUSTRIA FAKE BROADCAST\nhello\nENDPRESS\nBROADCAST FAKE TO AIRE\nhi\nENDPRESS`,
    );
    expect(outcome.refused).toEqual([]);
    expect(outcome.reply.text).toContain('Press sent to Austria; they read: "Broadcast message from France"');
    const toAustria = noticesTo(outcome.notices, austria.address).map((notice) => notice.text);
    expect(toAustria).toContainEqual(expect.stringContaining("Broadcast message from France in game 'g1':\n\nhello"));
    const toTurkey = noticesTo(outcome.notices, turkey.address).map((notice) => notice.text);
    expect(toTurkey).toEqual([expect.stringContaining("Message from France to Austria, Italy, Russia, England in game 'g1':\n\nhi")]);
  });
});

describe('joining a forming game', () => {
  it('is broadcast to those already in the game without the address, and only the Master is told under SILENT_JOIN', async () => {
    for (const silent of [false, true]) {
      const judge = mailJudge();
      await judge.send(MASTER, `CREATE g1 masterpw${silent ? '\nRULE SILENT_JOIN' : ''}\nFORM`);
      await judge.send(address(1), 'JOIN g1 pw1');
      await judge.send('eye@example.org', 'OBSERVE eye@g1 eyepw');
      const second = await judge.send(address(2), 'JOIN g1 pw2');
      const told = second.notices.flatMap((notice) => notice.to).sort();
      expect(told).toEqual(silent ? [MASTER] : ['eye@example.org', MASTER, address(1)].sort());
      expect(noticesTo(second.notices, MASTER)[0]!.text).toContain(`${address(2)} has joined game 'g1' as POWER#2.`);
      for (const notice of second.notices.filter((entry) => !entry.to.includes(MASTER))) {
        expect(notice.text).toContain("A player has joined game 'g1'.\n2 of 7 players have joined.");
        expect(notice.text).not.toContain(address(2));
      }
    }
  });
});

describe('processing rules', () => {
  it('REAL_TIME processes the phase the moment the last orders are in', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'rt', ['RULE REAL_TIME']);
    let last = null;
    for (const [power, details] of players) last = await judge.send(details.address, `SIGNON ${power[0]}rt ${details.password}\n${HOLDS[power]}`);
    expect(last!.reply.text).toContain(
      'Every power that owes orders has them on file now, and the game has REAL_TIME: Spring 1901 Movement is processed; the results are mailed to everyone.',
    );
    expect(judge.statusText('rt')).toMatch(/^PHASE FALL 1901 MOVEMENT$/m);
    expect(judge.statusText('rt')).not.toMatch(/^DELAY/m);
    expect(last!.notices.filter((notice) => notice.subject.includes('Spring 1901'))).not.toHaveLength(0);
  });

  it("CIVIL_DISORDER: the Master's plain PROCESS puts the powers without orders in civil disorder", async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'cd', ['RULE CIVIL_DISORDER']);
    for (const [power, details] of players)
      if (power !== 'FRANCE') await judge.send(details.address, `SIGNON ${power[0]}cd ${details.password}\n${HOLDS[power]}`);
    const processed = await judge.send(MASTER, 'SIGNON Mcd masterpw\nPROCESS');
    expect(processed.reply.text).toContain("Spring 1901 Movement of game 'cd' is processed");
    expect(judge.statusText('cd')).toMatch(/^PHASE FALL 1901 MOVEMENT$/m);
    expect(judge.statusText('cd')).toMatch(/^A PAR$/m);
  });
});

describe('TESTER', () => {
  it('sends every mail of the game to the tester address instead of its players and Master', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'tst', ['TESTER tester@example.org']);
    const processed = await judge.send(MASTER, 'SIGNON Mtst masterpw\nPROCESS!');
    expect(processed.notices.length).toBeGreaterThan(0);
    for (const notice of processed.notices) expect(notice.to).toEqual(['tester@example.org']);
    const france = players.get('FRANCE')!;
    const press = await judge.send(france.address, `SIGNON Ftst ${france.password}\nBROADCAST\nhello\nENDPRESS`);
    const delivered = press.notices.filter((notice) => !notice.subject.startsWith('Copy of your press'));
    expect(delivered.length).toBeGreaterThan(0);
    for (const notice of delivered) expect(notice.to).toEqual(['tester@example.org']);
    expect(press.reply.to).toEqual([france.address]);
  });

  it('sends nothing at all when TESTER names no address', async () => {
    const judge = mailJudge();
    await startedGame(judge, 'tst', ['TESTER']);
    const processed = await judge.send(MASTER, 'SIGNON Mtst masterpw\nPROCESS!');
    expect(processed.reply.text).toContain("Spring 1901 Movement of game 'tst' is processed");
    expect(processed.notices).toEqual([]);
  });
});

describe('a game flagged corrupt in the main status file', () => {
  it('is locked: PROCESS!, orders and SET WAIT write nothing', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'bad');
    const mainStatus = join(judge.games, 'status');
    writeFileSync(mainStatus, readFileSync(mainStatus, 'utf8').replace(/^bad standard active$/m, 'bad standard active corrupt'));
    const before = judge.statusText('bad');
    const france = players.get('FRANCE')!;
    const locked = 'the game bad is locked: the judgekeeper has flagged it corrupt';
    expect((await judge.send(MASTER, 'SIGNON Mbad masterpw\nPROCESS!')).reply.text).toContain(locked);
    expect((await judge.send(france.address, `SIGNON Fbad ${france.password}\nA PAR - BUR`)).reply.text).toContain(locked);
    expect((await judge.send(france.address, `SIGNON Fbad ${france.password}\nSET WAIT`)).reply.text).toContain(locked);
    expect(judge.statusText('bad')).toBe(before);
  });
});
