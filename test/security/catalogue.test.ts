import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect } from 'vitest';
import { attack, JUDGE, JudgeUnderAttack, KEEPER, MASTER, recipients, type Outgoing } from './support.js';

/**
 * The security catalogue: one test per attack on the judge by mail, each run on the path a real mail
 * takes and judged by what leaves the judge (the mails in its outbox) and what it keeps (the status
 * files). Each asserts the attack fails and leaks nothing. `npm run proof` counts them.
 */

const judge = new JudgeUnderAttack();
let players = new Map<string, { address: string; password: string }>();
const player = (power: string) => players.get(power)!;
const passwords = () => [...players.values()].map(({ password }) => password).concat('masterpw');

/** No password of anyone, and no player's address but its own recipients', in any of `mails` (the Master may know addresses). */
function expectNothingPrivate(mails: readonly Outgoing[]): void {
  for (const mail of mails) {
    if (mail.to.includes(MASTER)) {
      for (const secret of passwords()) expect(mail.raw, 'a mail to the Master').not.toMatch(new RegExp(`\\b${secret}\\b`));
      continue;
    }
    for (const secret of passwords()) expect(mail.raw, `a mail to ${mail.to.join(', ')}`).not.toMatch(new RegExp(`\\b${secret}\\b`));
    for (const { address } of players.values()) if (!mail.to.includes(address)) expect(mail.raw, `a mail to ${mail.to.join(', ')}`).not.toContain(address);
  }
}

function phaseOf(game: string): string {
  return /^PHASE (.*)$/m.exec(judge.statusText(game))?.[1] ?? '';
}

beforeAll(async () => {
  players = await judge.startedGame('alpha');
}, 60_000);

describe('forged identities and guessed passwords', () => {
  attack('SIGNON with a wrong password, from a forged From of the power’s own address', async () => {
    const france = player('FRANCE');
    const sent = await judge.mail({ from: france.address, body: 'SIGNON Falpha not-the-password\nA PAR - BUR' });
    expect(recipients(sent)).toEqual([france.address]);
    expect(sent[0]!.text).toMatch(/password/i);
    expect(judge.statusText('alpha')).not.toMatch(/A PAR - BUR|PAR -> BUR/);
  });

  attack('password guessing from forged addresses of every other player: throttled per power, and the owner told', async () => {
    const germany = player('GERMANY');
    const sent: Outgoing[] = [];
    for (let guess = 0; guess < 14; guess++) {
      const forger = [...players.values()][guess % 7]!.address;
      sent.push(...(await judge.mail({ from: forger, body: `SIGNON Galpha guess${guess}\nLIST` })));
    }
    // The real password, after the lock: refused without being checked, so a hit by chance teaches nothing.
    sent.push(...(await judge.mail({ from: 'stranger@attacker.test', body: `SIGNON Galpha ${germany.password}\nA MUN - RUH` })));
    expect(judge.statusText('alpha')).not.toContain('MUN - RUH');
    const toOwner = sent.filter((mail) => mail.to.includes(germany.address) && /guess|attempt|wrong password/i.test(mail.text));
    expect(toOwner.length).toBeGreaterThan(0);
    expectNothingPrivate(sent);
  });

  attack('the rightful owner is never locked out of a correct password from the registered address', async () => {
    const germany = player('GERMANY');
    const sent = await judge.mail({ from: germany.address, body: `SIGNON Galpha ${germany.password}\nA MUN H` });
    expect(recipients(sent)).toEqual([germany.address]);
    expect(sent[0]!.text).not.toMatch(/too many/i);
  });

  attack('300 SIGNONs in one mail: a bounded number of password checks', async () => {
    const started = performance.now();
    const body = Array.from({ length: 300 }, (_, n) => `SIGNON Ialpha try${n}`).join('\n');
    const sent = await judge.mail({ from: 'stranger@attacker.test', body });
    expect(performance.now() - started).toBeLessThan(5_000);
    // Besides the answer, only the power's owner and the Master are told of the guessing.
    expect(recipients(sent).filter((to) => to !== player('ITALY').address && to !== MASTER)).toEqual(['stranger@attacker.test']);
    expectNothingPrivate(sent);
    expect(sent.find((mail) => mail.to.includes('stranger@attacker.test'))!.text).toMatch(/password checks|too many/i);
  });
});

describe('commands beyond what the sender may do', () => {
  attack('a player issuing Master commands', async () => {
    const austria = player('AUSTRIA');
    const before = judge.statusText('alpha');
    const sent = await judge.mail({
      from: austria.address,
      body: `SIGNON Aalpha ${austria.password}\nPROCESS!\nSET DEADLINE 20301231 2359\nROLLBACK\nEJECT FRANCE\nSET RULE NO_PRESS\nBECOME FRANCE`,
    });
    expect(recipients(sent)).toEqual([austria.address]);
    expect(phaseOf('alpha')).toBe('SPRING 1901 MOVEMENT');
    expect(judge.statusText('alpha')).toBe(before);
  });

  attack('a stranger using the Master’s sign-on without the password', async () => {
    const before = judge.statusText('alpha');
    const sent = await judge.mail({ from: MASTER, body: 'SIGNON Malpha guessed\nPROCESS!' });
    expect(recipients(sent)).toEqual([MASTER]);
    expect(judge.statusText('alpha')).toBe(before);
  });
});

describe('reading what belongs to others', () => {
  attack('reading another power’s orders before the deadline', async () => {
    const france = player('FRANCE');
    const england = player('ENGLAND');
    await judge.mail({ from: france.address, body: `SIGNON Falpha ${france.password}\nA PAR - PIC\nF BRE - MAO\nA MAR - SPA` });
    const sent = await judge.mail({ from: england.address, body: `SIGNON Ealpha ${england.password}\nLIST\nLIST alpha\nSTATUS\nSUMMARY alpha\nHISTORY alpha` });
    for (const mail of sent) expect(mail.raw).not.toMatch(/PAR - PIC|BRE - MAO|MAR - SPA/);
    expectNothingPrivate(sent);
  });

  attack('reading private press meant for another power', async () => {
    const france = player('FRANCE');
    const germany = player('GERMANY');
    const sent = await judge.mail({ from: france.address, body: `SIGNON Falpha ${france.password}\nPRESS TO GERMANY\nThe Channel secret.\nENDPRESS` });
    const withSecret = sent.filter((mail) => mail.raw.includes('The Channel secret.'));
    expect(recipients(withSecret).filter((to) => to !== MASTER && to !== france.address)).toEqual([germany.address]);
  });

  attack('addresses and passwords from LIST, SUMMARY, HISTORY and replies, by a stranger', async () => {
    const sent = await judge.mail({ from: 'stranger@attacker.test', body: 'LIST\nLIST alpha\nSUMMARY alpha\nHISTORY alpha\nWHOGAME alpha' });
    expect(recipients(sent)).toEqual(['stranger@attacker.test']);
    expectNothingPrivate(sent);
    expect(sent[0]!.raw).not.toContain('scrypt$');
  });

  attack('a password set by a player is echoed to nobody, the player included', async () => {
    const turkey = player('TURKEY');
    const sent = await judge.mail({ from: turkey.address, body: `SIGNON Talpha ${turkey.password}\nSET PASSWORD Hidden-Word-9` });
    for (const mail of sent) expect(mail.raw).not.toContain('Hidden-Word-9');
    players.set('TURKEY', { ...turkey, password: 'Hidden-Word-9' });
  });
});

describe('escaping the games folder', () => {
  attack('path traversal in game names', async () => {
    const names = ['../escape', '..', '/etc', 'a/../../b', 'a\\b', '.hidden'];
    for (const name of names) {
      const sent = await judge.mail({ from: 'stranger@attacker.test', body: `CREATE ${name} pw\nLIST ${name}\nSIGNON F${name} pw` });
      expect(recipients(sent)).toEqual(['stranger@attacker.test']);
      expect(sent[0]!.raw).not.toMatch(/root:x:0/);
    }
    expect(readdirSync(judge.folder).sort()).toEqual(['games', 'judge.config.json', 'var']);
  });

  attack('reserved and dangerous game names at CREATE', async () => {
    for (const name of ['con', 'nul', '-rf', '--help', 'history', 'status']) {
      const sent = await judge.mail({ from: 'creator@attacker.test', body: `CREATE ${name} pw` });
      expect(sent[0]!.text).not.toMatch(/is created/);
      expect(existsSync(join(judge.folder, 'games', name, 'status'))).toBe(false);
    }
  });

  attack('a map name or USE line that points outside the maps folders (MORPH, CREATE with a map)', async () => {
    const sent = [
      ...(await judge.mail({ from: MASTER, body: 'CREATE beta masterpw\nMAP ../../../../etc/passwd' })),
      ...(await judge.mail({ from: MASTER, body: 'SIGNON Mbeta masterpw\nMORPH\nUSE /etc/passwd\nUSE /proc/self/environ\nUSE ../alpha/status\nEND' })),
      ...(await judge.mail({ from: MASTER, body: 'CREATE gamma masterpw /etc/passwd' })),
    ];
    for (const mail of sent) {
      expect(mail.raw).not.toMatch(/root:x:0|PATH=|scrypt\$/);
      expect(mail.text).not.toMatch(/internal error/i);
    }
  });
});

describe('injection', () => {
  attack('line injection into the status file through a player’s name in the From header', async () => {
    const sent = await judge.mail({ from: '"=?utf-8?Q?Eve=0AMASTER_NO-ID|eve@attacker.test|?=" <eve@attacker.test>', body: 'CREATE delta evepw' });
    expect(sent[0]!.text).toMatch(/is created/);
    const status = judge.statusText('delta');
    expect(status.split('\n').filter((line) => line.startsWith('MASTER'))).toHaveLength(1);
    const joined = await judge.mail({ from: '"Mallory =?utf-8?Q?=0D=0APASSWORD_x=0D=0ARULE_NO_PRESS?=" <mallory@attacker.test>', body: 'JOIN delta mpw' });
    expect(joined.length).toBeGreaterThan(0);
    expect(judge.statusText('delta')).not.toMatch(/^(PASSWORD x|RULE NO_PRESS)$/m);
  });

  attack('line injection through text fields: press, absences, player data, and the Master’s settings', async () => {
    const italy = player('ITALY');
    const body = [
      `SIGNON Ialpha ${italy.password}`,
      'SET ADDRESS evil@attacker.test\\nMASTER x',
      'SET ABSENCE 20301201 TO 20301202 reason\rRULE NO_PRESS',
      'PRESS TO FRANCE',
      'PHASE WINTER 1999 ADJUSTMENTS',
      'ENDPRESS',
    ].join('\n');
    await judge.mail({ from: italy.address, body });
    const status = judge.statusText('alpha');
    expect(status).not.toMatch(/^(MASTER x|RULE NO_PRESS|PHASE WINTER 1999.*)$/m);
    expect(phaseOf('alpha')).toBe('SPRING 1901 MOVEMENT');
  });

  attack('header injection into outgoing mail through the sender’s name and the subject', async () => {
    const sent = await judge.mail({
      from: '"=?utf-8?Q?Eve=0D=0ABcc:_victim@elsewhere.test?=" <eve2@attacker.test>',
      subject: '=?utf-8?Q?hi=0D=0ABcc:_victim2@elsewhere.test?=',
      body: 'HELP',
    });
    expect(recipients(sent)).toEqual(['eve2@attacker.test']);
    for (const mail of sent) {
      const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
      expect(head).not.toMatch(/^Bcc:/im);
      expect(mail.parsed.bcc).toBeUndefined();
    }
  });
});

describe('mail loops', () => {
  const automatic: Record<string, Record<string, string>> = {
    'Auto-Submitted: auto-replied': { 'Auto-Submitted': 'auto-replied' },
    'X-Autoreply: yes': { 'X-Autoreply': 'yes' },
    'X-Autorespond': { 'X-Autorespond': 'vacation' },
    'Precedence: auto_reply': { Precedence: 'auto_reply' },
    'Precedence: bulk': { Precedence: 'bulk' },
    'X-Loop naming the judge': { 'X-Loop': JUDGE },
    'Sender: MAILER-DAEMON under a person’s From': { Sender: 'Mail Delivery System <MAILER-DAEMON@mx.attacker.test>' },
    'a null return path': { 'Return-Path': '<>' },
    'a delivery report': { 'Content-Type': 'multipart/report; report-type=delivery-status; boundary="b"' },
    'a mailing list': { 'List-Id': '<dip.lists.attacker.test>' },
  };
  for (const [marker, headers] of Object.entries(automatic)) {
    attack(`automatic mail marked by ${marker} is never answered`, async () => {
      expect(await judge.mail({ from: 'robot@attacker.test', headers, body: 'HELP\nLIST' })).toEqual([]);
    });
  }

  attack('mail from MAILER-DAEMON, and from the judge’s own address, is never answered', async () => {
    expect(await judge.mail({ from: 'MAILER-DAEMON@mx.attacker.test', body: 'HELP' })).toEqual([]);
    expect(await judge.mail({ from: JUDGE, body: 'HELP' })).toEqual([]);
    expect(await judge.mail({ from: 'someone@attacker.test', headers: { 'Reply-To': JUDGE }, body: 'HELP' })).toEqual([]);
  });
});

describe('mail bombs', () => {
  attack('amplification: 20 × MAP PNG and 50 × HELP in one small mail get one answer each', async () => {
    const body = [...Array(20).fill('MAP alpha PNG'), ...Array(50).fill('HELP')].join('\n');
    const sent = await judge.mail({ from: 'forged-victim@elsewhere.test', body });
    const bytes = sent.reduce((total, mail) => total + mail.raw.length, 0);
    expect(recipients(sent)).toEqual(['forged-victim@elsewhere.test']);
    const pictures = sent.flatMap((mail) => mail.parsed.attachments).filter((part) => part.contentType === 'image/png');
    expect(pictures.length).toBeLessThanOrEqual(1);
    expect(bytes).toBeLessThan(600_000);
  });

  attack('20,000 order lines in one mail: a bounded number read, nothing of the rest written', async () => {
    const russia = player('RUSSIA');
    const linesBefore = judge.statusText('alpha').split('\n').length;
    const body = [`SIGNON Ralpha ${russia.password}`, ...Array.from({ length: 20_000 }, () => 'A MOS - UKR')].join('\n');
    const sent = await judge.mail({ from: russia.address, body });
    expect(judge.statusText('alpha').split('\n').length - linesBefore).toBeLessThanOrEqual(500);
    expect(sent[0]!.text).toMatch(/at most 500/);
    expect(sent.reduce((total, mail) => total + mail.raw.length, 0)).toBeLessThan(200_000);
  });

  attack('CREATE flooding: more than one CREATE in a mail, and more than five a day from one address', async () => {
    await judge.mail({ from: 'flood@attacker.test', body: 'CREATE f1 pw\nCREATE f2 pw\nCREATE f3 pw' });
    expect(judge.gameExists('f1')).toBe(true);
    expect(judge.gameExists('f2') || judge.gameExists('f3')).toBe(false);
    for (let n = 4; n <= 9; n++) await judge.mail({ from: 'flood@attacker.test', body: `CREATE f${n} pw` });
    const created = ['f1', ...Array.from({ length: 6 }, (_, index) => `f${index + 4}`)].filter((name) => judge.gameExists(name));
    expect(created.length).toBe(5);
  });

  attack('an oversized mail is refused without being read', async () => {
    const sent = await judge.mail({ from: 'big@attacker.test', body: `HELP\n${'x'.repeat(1_200_000)}` });
    expect(sent.length).toBeLessThanOrEqual(1);
    for (const mail of sent) expect(mail.raw.length).toBeLessThan(20_000);
    expect(judge.log.at(-1)).toMatch(/too large|size|bytes/i);
  });
});

describe('the keeper', () => {
  attack('nothing a stranger sends makes the judge mail the judgekeeper the game’s secrets', async () => {
    const sent = await judge.mail({ from: 'stranger@attacker.test', body: 'SIGNON Malpha x\nSET KEEPER evil@attacker.test\nPROCESS alpha' });
    expect(recipients(sent)).not.toContain(KEEPER);
    expectNothingPrivate(sent);
  });
});

describe('reply amplification', () => {
  attack('a 0.99 MB LIST line with a forged From: the reply quotes it once, cut, and is far smaller than the mail', async () => {
    const sent = await judge.mail({ from: 'amplified-victim@elsewhere.test', body: `LIST ${'x'.repeat(990_000)}` });
    const bytes = sent.reduce((total, mail) => total + mail.raw.length, 0);
    expect(recipients(sent)).toEqual(['amplified-victim@elsewhere.test']);
    expect(bytes).toBeLessThan(10_000);
  });

  attack('a mail of 400 long wrong lines: the reply is no larger than the mail', async () => {
    const body = Array.from({ length: 400 }, (_, n) => `SET ${n} ${'y'.repeat(2_000)}`).join('\n');
    const sent = await judge.mail({ from: 'amplified-victim2@elsewhere.test', body });
    const bytes = sent.reduce((total, mail) => total + mail.raw.length, 0);
    expect(bytes).toBeLessThan(body.length);
  });
});
