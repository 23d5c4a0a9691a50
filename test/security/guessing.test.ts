import { beforeAll, describe, expect } from 'vitest';
import { attack, JudgeUnderAttack, MASTER, recipients, type Outgoing } from './support.js';

/**
 * Guessing by mail (issue 31): limits that hold when the guesses come at once, that no stranger can
 * turn against a place's own player, and that cover every secret a mail can give.
 */

const judge = new JudgeUnderAttack();
let players = new Map<string, { address: string; password: string }>();
const player = (power: string) => players.get(power)!;

/** Replies that show a password was checked and found wrong (a blocked one is answered "too many"). */
function checkedAndWrong(mails: readonly Outgoing[], to: string): Outgoing[] {
  return mails.filter((mail) => mail.to.includes(to) && /has that name and password/.test(mail.text));
}

beforeAll(async () => {
  players = await judge.startedGame('alpha');
  // A game for each secret, so that one test's guesses do not close another's game.
  await judge.mail({ from: MASTER, body: 'CREATE watched masterpw\nFORM\nSIGNOFF' });
  await judge.mail({ from: 'kibitzer@elsewhere.test', body: 'OBSERVE kibitz@watched kibitzpw' });
  await judge.mail({ from: MASTER, body: 'CREATE secret masterpw\nPRIVATE sesame\nFORM\nSIGNOFF' });
  await judge.mail({ from: MASTER, body: 'CREATE mastered masterpw\nFORM\nSIGNOFF' });
}, 60_000);

describe('guesses that arrive at once', () => {
  attack('19 wrong SIGNONs mailed at once, each to a judge mail of its own: no more checked than the limit of 5', async () => {
    const guesser = 'racer@attacker.test';
    const guesses = Array.from({ length: 19 }, (_, n) => ({ from: guesser, body: `SIGNON Falpha guess${n}\nA PAR - BUR` }));
    const sent = await judge.mailAtOnce(guesses);
    expect(checkedAndWrong(sent, guesser).length).toBeLessThanOrEqual(5);
    // The right one now is refused unchecked, as is every one after the limit.
    const right = await judge.mail({ from: guesser, body: `SIGNON Falpha ${player('FRANCE').password}\nA PAR - BUR` });
    expect(right.find((mail) => mail.to.includes(guesser))!.text).toMatch(/too many wrong passwords/);
    expect(judge.statusText('alpha')).not.toMatch(/PAR - BUR|PAR -> BUR/);
  });

  attack('40 HELP mails at once from one address: no more answered than the throttle of 20, and one notice', async () => {
    const flooder = 'flood-at-once@attacker.test';
    const sent = await judge.mailAtOnce(Array.from({ length: 40 }, () => ({ from: flooder, body: 'HELP' })));
    const toFlooder = sent.filter((mail) => mail.to.includes(flooder));
    const notices = toFlooder.filter((mail) => /at most 20 mails/i.test(mail.text));
    expect(notices).toHaveLength(1);
    expect(toFlooder.length).toBe(21);
  });
});

describe('nobody but the owner locks the owner out', () => {
  attack('5 mails forging the victim’s From guess other powers: the victim’s own password from that address still works', async () => {
    const victim = player('ENGLAND');
    for (const [n, power] of ['F', 'G', 'I', 'R', 'T', 'A'].entries()) {
      await judge.mail({ from: victim.address, body: `SIGNON ${power}alpha forged${n}` });
    }
    const sent = await judge.mail({ from: victim.address, body: `SIGNON Ealpha ${victim.password}\nF LON H` });
    const reply = sent.find((mail) => mail.to.includes(victim.address))!;
    expect(reply.text).not.toMatch(/too many/);
    expect(reply.text).toMatch(/Signed on as England/);
  });

  attack('wrong passwords for a power from strangers and forged owners: the owner’s right password from its address is taken, the owner told', async () => {
    const italy = player('ITALY');
    const sent: Outgoing[] = [];
    for (let n = 0; n < 6; n++) sent.push(...(await judge.mail({ from: `stranger${n}@attacker.test`, body: `SIGNON Ialpha wrong${n}` })));
    for (let n = 0; n < 6; n++) sent.push(...(await judge.mail({ from: italy.address, body: `SIGNON Ialpha forged-owner${n}` })));
    expect(sent.some((mail) => mail.to.includes(italy.address) && /wrong passwords for your power/.test(mail.subject))).toBe(true);
    const right = await judge.mail({ from: italy.address, body: `SIGNON Ialpha ${italy.password}\nA ROM H` });
    expect(right.find((mail) => mail.to.includes(italy.address))!.text).toMatch(/Signed on as Italy/);
    // A stranger's right password stays refused: the place is closed to strangers for the window.
    const stranger = await judge.mail({ from: 'lucky@attacker.test', body: `SIGNON Ialpha ${italy.password}` });
    expect(stranger[0]!.text).toMatch(/too many wrong passwords/);
  });
});

describe('every secret behind the limits', () => {
  attack('an observer’s password guessed through OBSERVE by name: throttled, and the observer told', async () => {
    const guesser = 'observer-guesser@attacker.test';
    const sent: Outgoing[] = [];
    for (let n = 0; n < 8; n++) sent.push(...(await judge.mail({ from: guesser, body: `OBSERVE kibitz@watched try${n}` })));
    const checked = sent.filter((mail) => mail.to.includes(guesser) && /name kibitz is taken|name KIBITZ is taken/i.test(mail.text));
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(recipients(sent)).toContain('kibitzer@elsewhere.test');
    // The right password after the limit: refused, the guesser not signed on.
    const right = await judge.mail({ from: guesser, body: 'OBSERVE kibitz@watched kibitzpw' });
    expect(right[0]!.text).toMatch(/too many wrong passwords/);
    expect(right[0]!.text).not.toMatch(/takes part|Signed on/);
  });

  attack('a private game’s privacy word guessed through JOIN: throttled, the Master told', async () => {
    const sent: Outgoing[] = [];
    for (let n = 0; n < 14; n++) sent.push(...(await judge.mail({ from: `joiner${n % 2}@attacker.test`, body: `JOIN secret pw PRIVACY${n}` })));
    const checked = sent.filter((mail) => /needs its privacy word/.test(mail.text));
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(recipients(sent)).toContain(MASTER);
    const right = await judge.mail({ from: 'joiner0@attacker.test', body: 'JOIN secret pw sesame' });
    expect(right[0]!.text).toMatch(/too many wrong passwords/);
  });

  attack('the Master’s password guessed through PURGE and TAKEOVER M: throttled like a SIGNON', async () => {
    const guesser = 'master-guesser@attacker.test';
    const sent: Outgoing[] = [];
    for (let n = 0; n < 4; n++) sent.push(...(await judge.mail({ from: guesser, body: `PURGE mastered try${n}` })));
    for (let n = 0; n < 4; n++) sent.push(...(await judge.mail({ from: guesser, body: `TAKEOVER Mmastered try${n}` })));
    expect(checkedAndWrong(sent, guesser).length).toBeLessThanOrEqual(5);
    const right = await judge.mail({ from: guesser, body: 'TAKEOVER Mmastered masterpw' });
    expect(right[0]!.text).toMatch(/too many wrong passwords/);
    expect(judge.statusText('mastered')).toMatch(new RegExp(`MASTER[^\\n]*${MASTER.replace('.', '\\.')}`));
  });
});
