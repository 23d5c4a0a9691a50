import { describe, expect, it } from 'vitest';
import { address, MASTER, mailJudge, noticesTo, playersOf, powerOf, startedGame } from './support.js';

describe('JOIN', () => {
  it('gives a POWER#n, tells the Master, and refuses a second JOIN from the same address', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE beta masterpw\nFORM');
    const joined = await judge.send(address(1), 'JOIN beta pw1');
    // The wording of JOIN's answer is kept here.
    expect(joined.reply.text).toContain("You have joined game 'beta' as POWER#1; sign on with SIGNON 1beta and your password.");
    expect(joined.reply.text).toContain('You will be told which power you play when the game starts.');
    expect(joined.notices).toEqual([
      expect.objectContaining({
        to: [MASTER],
        subject: 'beta: a player joined',
        text: expect.stringContaining(`${address(1)} has joined game 'beta' as POWER#1.`),
      }),
    ]);
    expect(powerOf(judge, 'POWER#1', 'beta').addresses).toEqual([address(1)]);
    const again = await judge.send(address(1), 'JOIN beta other');
    expect(again.refused).toEqual([{ line: 'JOIN beta ********', code: 'GAME_RULE', reason: expect.stringContaining(`${address(1)} has already joined`) }]);
    const gone = await judge.send(address(2), 'JOIN nosuch pw');
    expect(gone.refused).toEqual([{ line: 'JOIN nosuch ********', code: 'GAME_RULE', reason: expect.stringContaining("there is no game 'nosuch'") }]);
  });

  it('needs the privacy word of a private game, and never echoes it', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE secret masterpw\nPRIVATE sesame\nFORM');
    const without = await judge.send(address(1), 'JOIN secret pw1');
    expect(without.refused).toEqual([
      { line: 'JOIN secret ********', code: 'LOGIN_REFUSED', reason: 'the game secret is private: JOIN needs its privacy word' },
    ]);
    const withWord = await judge.send(address(1), 'JOIN secret pw1 sesame');
    expect(withWord.refused).toEqual([]);
    expect(powerOf(judge, 'POWER#1', 'secret').addresses).toEqual([address(1)]);
    expect(withWord.reply.text).toContain('> JOIN secret ******** ********');
    expect(withWord.reply.text).not.toContain('sesame');
  });

  it('lets a player choose a power under POWER_CHOICE, and only then', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE choice masterpw\nRULE POWER_CHOICE\nFORM');
    const chosen = await judge.send(address(1), 'JOIN france@choice pw1');
    expect(chosen.refused).toEqual([]);
    expect(powerOf(judge, 'FRANCE', 'choice').addresses).toEqual([address(1)]);
    expect(chosen.reply.text).toContain('sign on with SIGNON france@choice');
    expect(chosen.reply.text).not.toContain('You will be told which power you play');
    const taken = await judge.send(address(2), 'JOIN france@choice pw2');
    expect(taken.refused).toEqual([{ line: 'JOIN france@choice ********', code: 'GAME_RULE', reason: expect.stringContaining('France is taken') }]);
    expect(powerOf(judge, 'FRANCE', 'choice').addresses).toEqual([address(1)]);
    await judge.send(MASTER, 'CREATE plain masterpw\nFORM');
    const refused = await judge.send(address(1), 'JOIN france@plain pw1');
    expect(refused.refused).toEqual([{ line: 'JOIN france@plain ********', code: 'GAME_RULE', reason: expect.stringContaining('no POWER_CHOICE') }]);
  });

  it('starts the game with the last JOIN and tells everyone which power they play', async () => {
    const judge = mailJudge();
    await startedGame(judge, 'alpha', [], 6);
    const last = await judge.send(address(7), 'JOIN alpha pw7');
    const players = playersOf(judge, 'alpha');
    expect(players.size).toBe(7);
    const [toMaster] = noticesTo(last.notices, MASTER);
    expect(toMaster!.text.match(/The powers and their players:/g)).toHaveLength(1);
    for (const [power, player] of players) {
      const name = `${power[0]}${power.slice(1).toLowerCase()}`;
      expect(toMaster!.text).toContain(`${name}: ${player.address}\n`);
    }
    const [toPlayer] = noticesTo(last.notices, address(1));
    expect(toPlayer!.text).not.toContain('The powers and their players:');
    const late = await judge.send(address(8), 'JOIN alpha pw8');
    expect(late.refused).toEqual([{ line: 'JOIN alpha ********', code: 'GAME_RULE', reason: expect.stringContaining('TAKEOVER a vacant power instead') }]);
  });
});

describe('OBSERVE, MONITOR and ALLOWed types', () => {
  it('adds an observer block, and refuses names that pass for powers or are taken', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const observed = await judge.send('watcher@example.org', 'OBSERVE loudMouth@alpha peek');
    expect(observed.reply.text).toContain("You have joined game 'alpha' as the OBSERVER LOUDMOUTH");
    expect(powerOf(judge, 'LOUDMOUTH')).toMatchObject({ role: 'OBSERVER', addresses: ['watcher@example.org'] });
    const refusal = async (line: string) => (await judge.send('other@example.org', line)).refused.map(({ code, reason }) => ({ code, reason }));
    expect(await refusal('OBS france@alpha peek')).toEqual([{ code: 'LOGIN_REFUSED', reason: "the name FRANCE is taken in game 'alpha'" }]);
    expect(await refusal('OBS m@alpha peek')).toEqual([{ code: 'GAME_RULE', reason: expect.stringContaining("M cannot be a player's name") }]);
    expect(await refusal('OBSERVER loudmouth@alpha other')).toEqual([
      { code: 'LOGIN_REFUSED', reason: expect.stringContaining('the name LOUDMOUTH is taken') },
    ]);
    expect(powerOf(judge, 'LOUDMOUTH').addresses).toEqual(['watcher@example.org']);
    await judge.send('site@example.org', 'MONITOR tracker@alpha peek');
    expect(powerOf(judge, 'TRACKER').role).toBe('MONITOR');
    expect(await refusal('SPY bond@alpha peek')).toEqual([{ code: 'GAME_RULE', reason: expect.stringContaining("game 'alpha' takes no SPY") }]);
  });

  it('takes a type the game ALLOWs, and lets an observer change type with its password', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE gamma masterpw\nALLOW SPY\nFORM');
    const spy = await judge.send('spy@example.org', 'SPY bond@gamma shaken');
    expect(spy.reply.text).toContain('as the SPY BOND');
    const changed = await judge.send('spy@example.org', 'OBSERVE bond@gamma shaken');
    expect(changed.reply.text).toContain("BOND takes part in game 'gamma' as OBSERVER now");
    expect(judge.statusText('gamma')).toMatch(/^OBSERVER BOND$/m);
    const stranger = await judge.send('else@example.org', 'OBSERVE bond@gamma stirred');
    expect(stranger.reply.text).toContain('the name BOND is taken');
  });
});

describe('RESIGN and TAKEOVER', () => {
  it('resigns in place of a SIGNON, sends the parting press, and tells the others the power is vacant', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const outcome = await judge.send(france.address, `RESIGN france@alpha ${france.password}\nPRESS TO MASTER\nSorry, I must go.\nENDPRESS`);
    expect(outcome.refused).toEqual([]);
    expect(powerOf(judge, 'FRANCE').addresses).toEqual([]);
    expect(
      noticesTo(outcome.notices, MASTER)
        .map((notice) => notice.text)
        .join('\n'),
    ).toContain('Sorry, I must go.');
    const vacancy = noticesTo(outcome.notices, players.get('GERMANY')!.address)[0]!;
    expect(vacancy.text).toContain("France in game 'alpha' has lost its player");
    expect(vacancy.text).toContain('TAKEOVER france@alpha password');
    expect(vacancy.text).not.toContain(france.address);
    expect(noticesTo(outcome.notices, MASTER).some((notice) => notice.text.includes(france.address))).toBe(true);
    expect(judge.statusText('alpha')).toMatch(/^NEED FRANCE-\(3\/3\)$/m);

    const taken = await judge.send(address(9), 'TAKEOVER Falpha newpw');
    expect(taken.reply.text).toContain("You have taken over France in game 'alpha'.");
    expect(noticesTo(taken.notices, players.get('GERMANY')!.address)[0]!.text).toContain("France in game 'alpha' has a new player.");
    expect(noticesTo(taken.notices, players.get('GERMANY')!.address)[0]!.text).not.toContain(address(9));
    expect(judge.statusText('alpha')).not.toMatch(/^NEED/m);
    const signedOn = await judge.send(address(9), 'SIGNON Falpha newpw');
    expect(signedOn.reply.text).toContain('Signed on as France');
  });

  it("takes an observer who takes over a vacant power out of the observer's place", async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    await judge.send(france.address, `RESIGN france@alpha ${france.password}`);
    await judge.send(address(9), 'OBSERVE watcher@alpha peek');
    expect(judge.statusText('alpha')).toMatch(/^OBSERVER WATCHER$/m);
    const taken = await judge.send(address(9), 'TAKEOVER Falpha newpw');
    expect(taken.reply.text).toContain("You have taken over France in game 'alpha'.");
    expect(judge.statusText('alpha')).not.toMatch(/^OBSERVER WATCHER$/m);
  });

  it('does not resign from a mail with mistakes in it', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const outcome = await judge.send(france.address, `RESIGN Falpha ${france.password}\nPRES TO MASTER\nbye`);
    expect(outcome.refused[0]).toEqual({
      line: 'RESIGN Falpha ********',
      code: 'GAME_RULE',
      reason: expect.stringContaining('only from a mail without mistakes'),
    });
    expect(judge.service.load('alpha').game.powers.find((power) => power.name === 'FRANCE')!.addresses).toEqual([france.address]);
  });

  it('refuses to take over a power that has a player', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const outcome = await judge.send(address(9), 'TAKEOVER Falpha newpw');
    expect(outcome.refused).toEqual([{ line: 'TAKEOVER Falpha ********', code: 'GAME_RULE', reason: expect.stringContaining('FRANCE is not vacant') }]);
  });

  it('hands the game to a new Master who knows the password, and tells the old one', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const outcome = await judge.send('newmaster@example.org', 'TAKEOVER Malpha masterpw');
    expect(outcome.reply.text).toContain("You are now the Master of game 'alpha'.");
    expect(noticesTo(outcome.notices, MASTER)[0]!.text).toContain('newmaster@example.org has taken over as the Master');
    expect(judge.statusText('alpha')).toMatch(/^MASTER NO-ID\|newmaster@example.org\|$/m);
  });
});
