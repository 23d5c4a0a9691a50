import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExecutionOutcome } from '../../../src/commands/run/run.js';
import { address, MASTER, mailJudge, startedGame } from './support.js';

/** Every mail one outcome sends, as (recipient, text) pairs: the reply to each of its addresses, and each notice. */
function deliveries(outcome: ExecutionOutcome): { to: string; text: string }[] {
  return [
    ...outcome.reply.to.map((to) => ({ to, text: outcome.reply.text })),
    ...outcome.notices.flatMap((notice) => notice.to.map((to) => ({ to, text: `${notice.subject}\n${notice.text}` }))),
  ];
}

describe('privacy', () => {
  it("nobody but the Master reads another power's orders, private press, a password or another's address before the end", async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    await judge.send('watcher@example.org', 'OBSERVE eye@alpha peek');
    const france = players.get('FRANCE')!;
    const germany = players.get('GERMANY')!;
    const passwords = [...players.values()].map((player) => player.password).concat(['masterpw', 'peek', 'Hush-7']);
    const addresses = [...players.values()].map((player) => player.address).concat(['watcher@example.org', MASTER]);
    const outcomes: ExecutionOutcome[] = [];
    outcomes.push(
      await judge.send(
        france.address,
        `SIGNON Falpha ${france.password}\nA PAR - PIC\nSET PASSWORD Hush-7\nPRESS TO GERMANY\nThe secret of the Channel.\nENDPRESS\nBROADCAST\nHello all.\nENDBROADCAST\nSTATUS`,
      ),
    );
    for (const [power, details] of players) {
      if (power === 'FRANCE') continue;
      outcomes.push(
        await judge.send(
          details.address,
          `SIGNON ${power[0]}alpha ${details.password}\nSTATUS\nLIST\nSUMMARY alpha\nHISTORY alpha\nPRESS TO FRANCE\nhi\nENDPRESS`,
        ),
      );
    }
    outcomes.push(await judge.send('watcher@example.org', 'SIGNON eye@alpha peek\nLIST\nBROADCAST\nwatching\nENDBROADCAST'));
    outcomes.push(await judge.send('stranger@example.org', 'LIST\nLIST alpha\nSUMMARY alpha\nMAP alpha\nHISTORY alpha'));
    outcomes.push(await judge.send(france.address, `RESIGN Falpha Hush-7`));
    outcomes.push(await judge.send(address(9), 'TAKEOVER Falpha newpw'));
    expect(outcomes.flatMap(deliveries).length).toBeGreaterThan(40);
    for (const { to, text } of outcomes.flatMap(deliveries)) {
      if (to === MASTER) continue;
      for (const secret of passwords) expect(text, `a mail to ${to}`).not.toContain(secret);
      for (const other of addresses.filter((known) => known !== to && known !== MASTER)) expect(text, `a mail to ${to}`).not.toContain(other);
      if (to !== france.address) expect(text, `a mail to ${to}`).not.toContain('A PAR - PIC');
      if (to !== france.address && to !== germany.address) expect(text, `a mail to ${to}`).not.toContain('The secret of the Channel.');
    }
  });
});

describe('game names that try to leave the games folder', () => {
  it('refuses ../ and other characters outside the allowed set, end to end, touching no file', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const before = readdirSync(judge.root).sort();
    const gamesBefore = readdirSync(judge.games).sort();
    const lines = [
      'CREATE ../../escape masterpw',
      'JOIN ../alpha pw',
      'LIST ../alpha',
      'SUMMARY alpha/../alpha',
      'SIGNON F../alpha pw',
      'OBSERVE eye@../alpha pw',
      'TAKEOVER F..%2Falpha pw',
      'PURGE ../alpha masterpw',
      'RENAME alpha ../beta masterpw',
    ];
    for (const line of lines) {
      const outcome = await judge.send('attacker@example.org', line);
      expect(outcome.reply.text, line).toMatch(/is not a game name \(letters, digits, '_' and '-', at most 20 characters, /);
      expect(outcome.notices).toEqual([]);
    }
    expect(readdirSync(judge.root).sort()).toEqual(before);
    expect(readdirSync(judge.games).sort()).toEqual(gamesBefore);
    expect(existsSync(join(judge.root, 'escape'))).toBe(false);
  });
});

describe('lines that try to smuggle a line into a status file', () => {
  it('refuses an order, a press line, SET ADDRESS, a name and a status-file line with a line break or control character', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const before = judge.statusText('alpha');
    const attempts = [
      { mail: `SIGNON Falpha ${france.password}\nA PAR - BUR\rPASSWORD stolen`, reason: 'the line contains a control character (U+000D)' },
      { mail: `SIGNON Falpha ${france.password}\nA PAR - BUR\u2028GERMANY`, reason: 'the line contains a control character (U+2028)' },
      {
        mail: `SIGNON Falpha ${france.password}\nSET ADDRESS evil@example.org\u0085ADDRESS x@example.org`,
        reason: 'the line contains a control character (U+0085)',
      },
      {
        mail: `SIGNON Falpha ${france.password}\nPRESS TO GERMANY\nhello\u0000there\nENDPRESS`,
        reason: 'the press contains a control character (U+0000), so it is not sent',
      },
      { mail: 'OBSERVE eye\u000bPOWER@alpha pw', reason: 'the line contains a control character (U+000B)' },
      { mail: 'SIGNON Malpha masterpw\nDESC a\u001bb', reason: 'the line contains a control character (U+001B)' },
    ];
    for (const attempt of attempts) {
      const outcome = await judge.send(france.address, attempt.mail);
      expect(outcome.reply.text, attempt.mail).toContain(attempt.reason);
      expect(outcome.notices.filter((notice) => notice.subject.startsWith('Diplomacy press'))).toEqual([]);
      expect(judge.statusText('alpha')).toBe(before);
    }
  });
});

describe('Master commands from players', () => {
  it('are refused even with the power password of a power that exists', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const before = judge.statusText('alpha');
    const process = await judge.send(france.address, `SIGNON Falpha ${france.password}\nPROCESS!\nFRANCE`);
    expect(process.refused).toEqual([
      { line: 'PROCESS!', code: 'WRONG_SENDER', reason: "PROCESS! is a Master's command; you are signed on as FRANCE, not as the Master" },
      { line: 'FRANCE', code: 'ORDER_REFUSED', reason: expect.any(String) },
    ]);
    const master = await judge.send(france.address, `SIGNON Malpha ${france.password}\nPROCESS!`);
    expect(master.reply.text).toContain('SIGNON refused');
    const purge = await judge.send(france.address, `PURGE alpha ${france.password}`);
    expect(purge.reply.text).toContain('PURGE refused');
    expect(judge.statusText('alpha')).toBe(before);
  });
});

describe('games created in bulk', () => {
  it(`are refused past ${5} a day from one address, and taken again the next day`, async () => {
    const judge = mailJudge();
    for (let n = 1; n <= 5; n++) expect((await judge.send(MASTER, `CREATE flood${n} masterpw`)).reply.text).toContain(`Game 'flood${n}' is created`);
    const sixth = await judge.send(MASTER, 'CREATE flood6 masterpw');
    expect(sixth.reply.text).toContain('created 5 games in the last day');
    expect(existsSync(join(judge.games, 'flood6'))).toBe(false);
    expect((await judge.send('other@example.org', 'CREATE other1 pw')).reply.text).toContain("Game 'other1' is created");
    judge.clock.now = judge.clock.now.plus({ hours: 25 });
    expect((await judge.send(MASTER, 'CREATE flood6 masterpw')).reply.text).toContain("Game 'flood6' is created");
  });
});

describe('a map or MORPH that names a file outside the maps folders', () => {
  it('is refused with the line, and nothing of the file it names reaches any mail', async () => {
    const judge = mailJudge();
    const outcome = await judge.send(MASTER, 'CREATE morphy masterpw\nMORPH\nUSE /etc/passwd\nEND MORPH\nSIGNOFF');
    const mailed = [outcome.reply.text, ...outcome.notices.map((notice) => notice.text)].join('\n');
    expect(mailed).toContain('USE /etc/passwd: a map file is named without a folder');
    expect(mailed).not.toMatch(/root:|daemon:|\/bin\/(ba)?sh/);
    const escape = await judge.send(MASTER, 'SIGNON Mmorphy masterpw\nMORPH\nUSE ../../games/morphy/status\nEND MORPH');
    expect(escape.reply.text).toContain('a map file is named without a folder');
  });
});
