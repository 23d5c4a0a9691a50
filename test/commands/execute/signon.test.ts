import { describe, expect, it } from 'vitest';
import { GUESSES_PER_ADDRESS, GUESSES_PER_GAME, GUESSES_PER_TARGET } from '../../../src/commands/context/guessing.js';
import { address, MASTER, mailJudge, noticesTo, ordersOf, startedGame } from './support.js';

describe('SIGNON and SIGNOFF', () => {
  it('signs on by initial, by name@game, by number before the start, and as the Master', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE beta masterpw\nFORM');
    await judge.send(address(1), 'JOIN beta pw1');
    const byNumber = await judge.send(address(1), 'SIGNON 1beta pw1');
    expect(byNumber.reply.text).toContain("Signed on as POWER#1 in game 'beta'.");
    expect(byNumber.reply.text).toContain("Game 'beta' is forming.");
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const byInitial = await judge.send(france.address, `SIGNON Falpha ${france.password}`);
    expect(byInitial.reply.text).toContain("Signed on as France in game 'alpha'.");
    const byName = await judge.send(france.address, `signon france@alpha ${france.password.toUpperCase()}`);
    expect(byName.reply.text).toContain("Signed on as France in game 'alpha'.");
    const master = await judge.send(MASTER, 'SIGNON Malpha masterpw');
    expect(master.reply.text).toContain("Signed on as the Master of game 'alpha'.");
  });

  it('never repeats the password in the reply', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const outcome = await judge.send(france.address, `SIGNON Falpha ${france.password}`);
    expect(outcome.reply.text).toContain('> SIGNON Falpha ********');
    expect(outcome.reply.text).not.toContain(france.password);
  });

  it('refuses a forged SIGNON the same way for a wrong password, no password and a power nobody plays', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const before = judge.statusText('alpha');
    const wrong = await judge.send('forger@example.org', 'SIGNON Falpha guess\nA PAR - BUR\nPRESS TO E\nfrom France, honest\nENDPRESS');
    const noSuchPlayer = "no player of game 'alpha' has that name and password";
    expect(wrong.refused).toEqual([
      { line: 'SIGNON Falpha ********', code: 'LOGIN_REFUSED', reason: noSuchPlayer },
      { line: 'A PAR - BUR', code: 'WRONG_SENDER', reason: 'Ignored: not signed on to a power (see above).' },
      { line: 'PRESS TO E', code: 'WRONG_SENDER', reason: 'press needs a SIGNON first' },
    ]);
    // The wording of a refused login, and of the lines it leaves to nobody, is kept here.
    expect(wrong.reply.text).toContain(`SIGNON refused: ${noSuchPlayer}.`);
    expect(wrong.reply.text).toContain('> A PAR - BUR\nIgnored: not signed on to a power (see above).');
    expect(wrong.reply.text).toContain('Not done: press needs a SIGNON first.');
    expect(wrong.reply.to).toEqual(['forger@example.org']);
    expect(wrong.notices).toEqual([]);
    const missing = await judge.send('forger@example.org', 'SIGNON Falpha');
    expect(missing.refused).toEqual([{ line: 'SIGNON Falpha', code: 'NOT_UNDERSTOOD', reason: expect.stringContaining('SIGNON needs a password') }]);
    const nobody = await judge.send('forger@example.org', 'SIGNON nobody@alpha guess');
    expect(nobody.refused).toEqual([{ line: 'SIGNON nobody@alpha ********', code: 'LOGIN_REFUSED', reason: noSuchPlayer }]);
    const masterGuess = await judge.send('forger@example.org', `SIGNON Malpha ${players.get('FRANCE')!.password}`);
    // The Master is always there: a wrong password for the Master is told as such.
    expect(masterGuess.refused).toEqual([
      { line: 'SIGNON Malpha ********', code: 'LOGIN_REFUSED', reason: "that is not the Master's password of game 'alpha'" },
    ]);
    expect(judge.statusText('alpha')).toBe(before);
  });

  it("refuses a SIGNON with another power's letter, naming to the sender's own address the power it plays", async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const wrongLetter = await judge.send(france.address, `SIGNON Ealpha ${france.password}`);
    expect(wrongLetter.refused).toEqual([
      {
        line: 'SIGNON Ealpha ********',
        code: 'LOGIN_REFUSED',
        reason: "no player of game 'alpha' has that name and password. Your address plays France in game 'alpha': sign on with SIGNON Falpha",
      },
    ]);
    expect(wrongLetter.reply.to).toEqual([france.address]);
    expect(wrongLetter.notices).toEqual([]);
    const ownLetter = await judge.send(france.address, 'SIGNON Falpha guess');
    expect(ownLetter.refused).toEqual([
      { line: 'SIGNON Falpha ********', code: 'LOGIN_REFUSED', reason: "no player of game 'alpha' has that name and password" },
    ]);
    const stranger = await judge.send('forger@example.org', `SIGNON Ealpha ${france.password}`);
    expect(stranger.reply.text).not.toContain('Your address plays');
  });

  it('takes no more passwords from an address after too many wrong ones, and tells the Master', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const told = [];
    for (let n = 1; n <= GUESSES_PER_ADDRESS; n++) {
      const outcome = await judge.send('guesser@example.org', `SIGNON Falpha guess${n}`);
      told.push(...noticesTo(outcome.notices, MASTER));
    }
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`guesser@example.org sent ${GUESSES_PER_ADDRESS} wrong passwords`);
    expect(told[0]!.text).not.toContain(france.password);
    const right = await judge.send('guesser@example.org', `SIGNON Falpha ${france.password}`);
    expect(right.reply.text).toContain('too many wrong passwords came from your address');
    expect(right.reply.text).not.toContain('Signed on');
    const owner = await judge.send(france.address, `SIGNON Falpha ${france.password}`);
    expect(owner.reply.text).toContain('Signed on as France');
    judge.clock.now = judge.clock.now.plus({ minutes: 61 });
    const later = await judge.send('guesser@example.org', `SIGNON Falpha ${france.password}`);
    expect(later.reply.text).toContain('Signed on as France');
  });

  it("closes a game to strangers' passwords after too many wrong ones from anywhere, but not to its players", async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const notices = [];
    for (let n = 1; n <= GUESSES_PER_GAME; n++) {
      // Spread over the powers, so that no one power's own limit is what closes the game.
      const outcome = await judge.send(`guesser${n}@example.org`, `SIGNON ${'FGEIART'[n % 7]}alpha guess${n}`);
      notices.push(...outcome.notices);
    }
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to).toEqual([MASTER]);
    expect(notices[0]!.text).toContain(`The game has had ${GUESSES_PER_GAME} wrong passwords`);
    const stranger = await judge.send('new@example.org', `SIGNON Falpha ${players.get('FRANCE')!.password}`);
    expect(stranger.reply.text).toContain("too many wrong passwords were sent for game 'alpha'");
    const germany = players.get('GERMANY')!;
    const player = await judge.send(germany.address, `SIGNON Galpha ${germany.password}`);
    expect(player.reply.text).toContain('Signed on as Germany');
  });

  it("stops guesses at one power sent under its fellow players' forged addresses, and tells its player how to get in", async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const forged = [...players.entries()].filter(([power]) => power !== 'FRANCE').map(([, player]) => player.address);
    const notices = [];
    for (let n = 1; n <= forged.length; n++) {
      const outcome = await judge.send(forged[n - 1]!, `SIGNON Falpha guess${n}`);
      notices.push(...outcome.notices);
    }
    const refused = await judge.send(forged[0]!, `SIGNON Falpha ${france.password}`);
    expect(refused.reply.text).toContain('too many wrong passwords were sent for this place');
    expect(refused.reply.text).not.toContain('Signed on');
    const toOwner = noticesTo(notices, france.address);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.text).toContain('the judge still takes it from your own registered address');
    expect(toOwner[0]!.text).not.toContain(france.password);
    expect(noticesTo(notices, MASTER).some((notice) => notice.text.includes(`FRANCE has had ${GUESSES_PER_TARGET} wrong passwords`))).toBe(true);
    const owner = await judge.send(france.address, `SIGNON Falpha ${france.password}`);
    expect(owner.reply.text).toContain('Signed on as France');
  });

  it('SIGNOFF ends the session: nothing after it acts for the power', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const outcome = await judge.send(france.address, `SIGNON Falpha ${france.password}\nSIGNOFF\nA PAR - BUR`);
    expect(outcome.reply.text).toContain('Signed off: the rest of the mail is not read.');
    expect(outcome.reply.text).not.toContain('A PAR - BUR');
    expect(judge.statusText('alpha')).not.toContain('A PAR - BUR');
  });

  it('switches power with each SIGNON in one mail, and copies each power only its own part', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const germany = players.get('GERMANY')!;
    const outcome = await judge.send(MASTER, `SIGNON Falpha masterpw\nA PAR - BUR\nSIGNON Galpha masterpw\nA MUN - RUH`);
    expect(outcome.reply.to).toEqual([MASTER]);
    expect(outcome.refused).toEqual([]);
    expect(outcome.reply.text).toContain("France in game 'alpha' with the Master's password");
    const toFrance = noticesTo(outcome.notices, france.address);
    const toGermany = noticesTo(outcome.notices, germany.address);
    expect(toFrance).toHaveLength(1);
    expect(toFrance[0]!.text).toContain('A PAR - BUR');
    expect(toFrance[0]!.text).not.toContain('A MUN - RUH');
    expect(toGermany[0]!.text).toContain('A MUN - RUH');
    expect(toGermany[0]!.text).not.toContain('A PAR - BUR');
    expect(toGermany[0]!.text).not.toContain('masterpw');
  });

  it('leaves nothing after a refused JOIN or CREATE to an earlier SIGNON', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const join = await judge.send(france.address, `SIGNON Falpha ${france.password}\nJOIN nosuch pw\nA PAR - BUR`);
    expect(join.refused.map(({ line, code }) => ({ line, code }))).toEqual([
      { line: 'JOIN nosuch ********', code: 'GAME_RULE' },
      { line: 'A PAR - BUR', code: 'WRONG_SENDER' },
    ]);
    expect(ordersOf(judge, 'FRANCE')).toEqual([]);
    const before = judge.statusText('alpha');
    const create = await judge.send(MASTER, 'SIGNON Malpha masterpw\nCREATE alpha otherpw\nRULE NO_PRESS');
    expect(create.refused).toEqual([
      { line: 'CREATE alpha ********', code: 'GAME_RULE', reason: expect.stringContaining("there is a game 'alpha' already") },
      { line: 'RULE NO_PRESS', code: 'WRONG_SENDER', reason: expect.any(String) },
    ]);
    expect(judge.statusText('alpha')).toBe(before);
  });
});
