import { describe, expect, it } from 'vitest';
import { MailEffects } from '../../../src/commands/run/effects.js';
import { address, MASTER, mailJudge, ordersOf, startedGame } from './support.js';

describe('a mail executed again after a crash', () => {
  it('changes nothing twice and gives the same reply and the same mails', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const mail = `SIGNON Falpha ${france.password}\nA PAR - BUR\nPRESS TO GERMANY\nhello\nENDPRESS`;
    const first = await judge.send(france.address, mail, '<same@example.org> h1');
    const afterFirst = judge.statusText('alpha');
    const again = await judge.send(france.address, mail, '<same@example.org> h1');
    expect(again).toEqual(first);
    expect(judge.statusText('alpha')).toBe(afterFirst);
  });

  it('does not process a phase twice, nor join twice', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const first = await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS!', '<process@example.org> h2');
    const again = await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS!', '<process@example.org> h2');
    expect(again.reply.text).toBe(first.reply.text);
    expect(first.notices.filter((notice) => notice.subject.includes('S1901M results'))).toHaveLength(8);
    expect(again.notices).toEqual([]);
    expect(judge.statusText('alpha')).toMatch(/^PHASE FALL 1901 MOVEMENT$/m);
    await judge.send(MASTER, 'CREATE beta masterpw\nFORM');
    const join = await judge.send(address(1), 'JOIN beta pw1', '<join@example.org> h3');
    const rejoin = await judge.send(address(1), 'JOIN beta pw1', '<join@example.org> h3');
    expect(rejoin.reply.text).toBe(join.reply.text);
    expect(judge.statusText('beta').match(/^POWER#/gm)).toHaveLength(1);
  });

  it('skips a command that was written but not recorded, and still signs on for the lines after it', async () => {
    const judge = mailJudge();
    const effects = new MailEffects(judge.db);
    // The crash came after CREATE wrote the game but before its outcome was recorded.
    effects.started('<crash@example.org> h4', 0, 'gamma');
    const cause = '<crash@example.org> h4#0';
    await judge.service.lifecycle.create(
      { name: 'gamma', master: { id: null, email: MASTER, name: '' }, masterPassword: 'masterpw', map: null },
      { who: MASTER, command: 'CREATE', cause },
    );
    const outcome = await judge.send(MASTER, 'CREATE gamma masterpw\nRULE NO_PRESS', '<crash@example.org> h4');
    expect(outcome.reply.text).toContain('Done. The judge was interrupted just after doing this');
    expect(outcome.reply.text).toContain('> RULE NO_PRESS\nWritten into the status file.');
    expect(judge.statusText('gamma')).toMatch(/^RULE NO_PRESS$/m);
  });

  it('does a command whose write never happened, even after other mails changed the game', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const effects = new MailEffects(judge.db);
    effects.started('<early@example.org> h5', 1, 'alpha');
    const germany = players.get('GERMANY')!;
    await judge.send(germany.address, `SIGNON Galpha ${germany.password}\nA MUN - RUH`);
    const outcome = await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - BUR`, '<early@example.org> h5');
    expect(outcome.reply.text).toContain('  A PAR - BUR');
    expect(judge.statusText('alpha')).toMatch(/^A PAR - BUR$/m);
  });

  it('keeps the session of a SIGNON for the lines after it, though the password changed before the mail came again', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const key = '<signon@example.org> h6';
    await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - BUR`, key);
    // The crash came after the orders were written, before their outcome was recorded.
    judge.db.prepare(`UPDATE mail_effects SET state = 'pending', effect = NULL WHERE mail_key = ? AND command_index = 1`).run(key);
    await judge.send(france.address, `SIGNON Falpha ${france.password}\nSET PASSWORD fresh`);
    const again = await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - BUR`, key);
    expect(again.reply.text).toContain('Signed on as France');
    expect(again.reply.text).toContain('Done. The judge was interrupted just after doing this');
  });

  it('answers a command recorded by a judge from before the refusal codes as it was answered then', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const key = '<upgrade@example.org> h9';
    // The orders' outcome as an earlier judge wrote it: `failed`, and the refused line already quoted.
    const earlier = { lines: ['1 order line was not accepted (see below).'], refused: ['"A PAR - MUN": Paris is not adjacent to Munich'], failed: true };
    judge.db
      .prepare(`INSERT INTO mail_effects (mail_key, command_index, game, state, before, effect) VALUES (?, 1, 'alpha', 'done', '', ?)`)
      .run(key, JSON.stringify(earlier));
    const again = await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - MUN`, key);
    expect(again.refused).toEqual([{ line: null, reason: '"A PAR - MUN": Paris is not adjacent to Munich', code: 'REFUSED_EARLIER' }]);
    expect(again.reply.text).toContain('Lines not accepted (1):\n  "A PAR - MUN": Paris is not adjacent to Munich\n');
    expect(ordersOf(judge, 'FRANCE')).toEqual([]);
  });

  it('records nothing of a mail whose commands change no game, but a wrong password at once', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const rows = judge.db.prepare<[string], { command_index: number; state: string }>('SELECT command_index, state FROM mail_effects WHERE mail_key = ?');
    await judge.send(france.address, `SIGNON Falpha ${france.password}\nLIST alpha\nHELP`, '<reading@example.org> h7');
    expect(rows.all('<reading@example.org> h7')).toEqual([]);
    await judge.send(france.address, 'SIGNON Falpha wrong\nHELP', '<wrong@example.org> h8');
    expect(rows.all('<wrong@example.org> h8')).toEqual([{ command_index: 0, state: 'done' }]);
  });
});
