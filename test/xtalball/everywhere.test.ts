import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MASTER, noticesTo, svgOf } from '../commands/execute/support.js';
import { titles } from '../render/xml-check.js';
import { AuditLog } from '../../src/store/audit.js';
import { crystalBall, firstTurn, POWERS, section } from './support.js';

/** Crystal Ball where DPjudge's XtalballGame differs from the standard game: the lock, the lists' readers, late changes. */

describe('Crystal Ball, as XtalballGame runs it', () => {
  it('the lock sets the deadline afresh from the moment the last first-turn list is in, and tells it (XtalballGame.updateOrders: setDeadline)', async () => {
    const game = await crystalBall();
    // The first phase's deadline is twice the usual delay (two days for movement): four days from Monday's start.
    expect(game.judge.statusText('cb')).toMatch(/^DEADLINE 202601091200$/m);
    game.judge.clock.now = game.judge.clock.now.plus({ days: 1, hours: 3 });
    for (const power of POWERS.slice(0, -1)) await game.send(power, ['A MUN H']);
    expect(game.judge.statusText('cb')).toMatch(/^DEADLINE 202601091200$/m);
    const last = await game.send('TURKEY', ['A MUN H']);
    // Locked on Tuesday 6 January 15:00: the usual two days from then, not doubled, though earlier than the first.
    expect(game.judge.statusText('cb')).toMatch(/^DEADLINE 202601081500$/m);
    const told = noticesTo(last.notices, game.addressOf('GERMANY')).find((notice) => notice.text.includes('the lists are locked in'))!;
    expect(told.text).toContain('The deadline for orders is Thu 8 Jan 2026 15:00 GMT.');
  });

  it('PUBLIC_LISTS: the lists as played are mailed to everyone apart, before the results (XtalballGame.preMoveUpdate: "OFFICIAL Crystal Ball orders", BROADCAST)', async () => {
    const game = await crystalBall(['PUBLIC_LISTS']);
    const results = await firstTurn(game, ['A PAR - BUR', 'A PAR - PIC']);
    const lists = results.notices.filter((notice) => notice.subject === 'cb S1901M order lists (Spring 1901 Movement)');
    expect(lists.flatMap((notice) => notice.to).sort()).toEqual([MASTER, ...POWERS.map((power) => game.addressOf(power))].sort());
    expect(section(lists[0]!.text, 'Spring 1901 Movement order lists:').slice(0, 4)).toEqual([
      'Austria:  [noProxy] A MUN H',
      'Austria:  [default] A VIE H',
      'Austria:  [default] A BUD H',
      'Austria:  [default] F TRI H',
    ]);
    expect(lists[0]!.text).toContain('France:   [revoked] A PAR - BUR\nFrance:   [ordered] A PAR - PIC\n');
    expect(results.notices.findIndex((notice) => notice === lists[0])).toBeLessThan(results.notices.findIndex((notice) => / results /.test(notice.subject)));
  });

  it('without PUBLIC_LISTS nothing is mailed apart, and the Master reads every list under one heading', async () => {
    const game = await crystalBall();
    const results = await firstTurn(game, ['A PAR - PIC']);
    expect(results.notices.filter((notice) => notice.subject.includes('order lists'))).toEqual([]);
    const master = results(null);
    expect(master.split('\n').filter((line) => line === 'Spring 1901 Movement order lists:')).toHaveLength(1);
    for (const power of ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey']) expect(master).toContain(`${`${power}:`.padEnd(10)}[`);
    expect(master).toContain('France:   [ordered] A PAR - PIC\nFrance:   [default] F BRE H\nFrance:   [default] A MAR H\n\nGermany:  [ordered] A MUN H');
    expect(results('FRANCE')).not.toContain('Germany:  [');
  });

  it('NO_LATE_CHANGES: past the deadline the list being written may not be changed once given, as XtalballGame.updateOrders asks canChangeOrders; a power without one may still give it', async () => {
    const game = await crystalBall(['NO_LATE_CHANGES']);
    await game.send('FRANCE', ['A PAR - BUR']);
    game.judge.clock.now = game.judge.clock.now.plus({ days: 5 });
    const changed = await game.send('FRANCE', ['A PAR - PIC']);
    expect(changed.reply.text).toContain('the game has NO_LATE_CHANGES: the deadline has passed, so the orders on file for France may no longer be changed');
    const cleared = await game.send('FRANCE', ['CLEAR']);
    expect(cleared.reply.text).toContain('the game has NO_LATE_CHANGES: the deadline has passed');
    expect(game.judge.statusText('cb')).toMatch(/^SOONER\nA PAR - BUR$/m);
    const late = await game.send('GERMANY', ['A MUN - RUH']);
    expect(late.reply.text).toContain(
      'Orders on file for Germany for Spring 1901 Movement (SOONER, locked in once every power has sent its list):\n  A MUN - RUH',
    );
    // The locked-in list is not the one being written: once every first list is in, France writes its next one.
    for (const power of POWERS.filter((name) => name !== 'FRANCE' && name !== 'GERMANY')) await game.send(power, ['A MUN H']);
    const next = await game.send('FRANCE', ['A BUR - MUN']);
    expect(next.reply.text).toContain('Orders on file for France for the movement phase after it (LATER):\n  A BUR - MUN');
    // The lock gave a new deadline: until it has passed too, the list may be changed.
    expect((await game.send('FRANCE', ['A BUR - RUH'])).reply.text).not.toContain('NO_LATE_CHANGES');
    game.judge.clock.now = game.judge.clock.now.plus({ days: 5 });
    expect((await game.send('FRANCE', ['A BUR - MUN'])).reply.text).toContain('the game has NO_LATE_CHANGES');
  });

  it('a player writes the lists of the dummy it plays in the same mail, after a line naming it (XtalballGame.updateOrders), and reads them as played', async () => {
    const game = await crystalBall([], { statusLines: ['TEAMS FRANCE-ITALY'] });
    const both = await game.send('FRANCE', ['A PAR - BUR', 'ITALY', 'A ROM - APU', 'F NAP - ION']);
    expect(both.reply.text).toContain(
      'Orders on file for France for Spring 1901 Movement (SOONER, locked in once every power has sent its list):\n  A PAR - BUR\n',
    );
    expect(both.reply.text).toContain("Italy's list is now:\n  A ROM - APU\n  F NAP - ION\n");
    expect(game.judge.statusText('cb')).toMatch(/^ITALY\n(?:.+\n)*SOONER\nA ROM - APU\nF NAP - ION$/m);
    const foreign = await game.send('ENGLAND', ['F LON H', 'ITALY: A VEN H']);
    expect(foreign.reply.text).toContain('"ITALY": England does not play Italy, and may not write its list');
    for (const power of POWERS.filter((name) => !['FRANCE', 'ITALY', 'ENGLAND'].includes(name))) await game.send(power, ['A MUN H']);
    // Italy's first list is in: the last first list (Turkey's) locked them; France now writes both next lists.
    const next = await game.send('FRANCE', ['[ITALY]', 'A APU - TUN', 'FRANCE', 'A BUR - MUN']);
    expect(next.reply.text).toContain('Orders on file for France for the movement phase after it (LATER):\n  A BUR - MUN\n');
    expect(next.reply.text).toContain("Italy's list is now:\n  A APU - TUN\n");
    const results = await game.process();
    expect(section(results('FRANCE'), 'Spring 1901 Movement order lists:')).toEqual([
      'France:   [ordered] A PAR - BUR',
      'France:   [default] F BRE H',
      'France:   [default] A MAR H',
    ]);
    expect(results('FRANCE')).toContain('Italy:    [ordered] A ROM - APU\nItaly:    [ordered] F NAP - ION\nItaly:    [default] A VEN H');
    expect(results('ENGLAND')).not.toContain('Italy:    [');
    expect(game.judge.statusText('cb')).toMatch(/^ITALY\n(?:.+\n)*SOONER\nA APU - TUN$/m);
  });

  it('HISTORY: a power reads its own lists as played while the game goes on, the Master all, and everyone all once it is over (the guide: "kept secret until the end of the game")', async () => {
    const game = await crystalBall();
    await firstTurn(game, ['A PAR - PIC', 'A PAR - BUR']);
    const france = await game.send('FRANCE', ['HISTORY cb']);
    expect(section(france.reply.text, 'Spring 1901 Movement order lists:')).toEqual([
      'France:   [revoked] A PAR - PIC',
      'France:   [ordered] A PAR - BUR',
      'France:   [default] F BRE H',
      'France:   [default] A MAR H',
    ]);
    expect(france.reply.text).not.toContain('Germany:  [');
    const stranger = await game.judge.send('stranger@example.org', 'HISTORY cb');
    expect(stranger.reply.text).toContain('=== S1901M ===');
    expect(stranger.reply.text).not.toContain('order lists');
    const master = await game.master(['HISTORY']);
    expect(master.reply.text).toContain('France:   [ordered] A PAR - BUR');
    expect(master.reply.text).toContain('Germany:  [ordered] A MUN H');

    for (const power of POWERS) await game.send(power, ['SET DRAW']);
    expect(game.judge.mainStatus()).toMatch(/^cb xtalball completed$/m);
    const after = await game.judge.send('stranger@example.org', 'HISTORY cb');
    expect(after.reply.text).toContain('France:   [revoked] A PAR - PIC');
    expect(after.reply.text).toContain('Turkey:   [noProxy] A MUN H');
  });

  it('the results picture draws the orders played from the lists; the audit log has every list written; ROLLBACK RESTORE brings both lists back', async () => {
    const game = await crystalBall();
    await game.send('FRANCE', ['A PAR - PIC', 'F BRE - MAO']);
    for (const power of POWERS.filter((name) => name !== 'FRANCE')) await game.send(power, ['A MUN H']);
    await game.send('FRANCE', ['A PIC - BEL']);
    const results = await game.process();
    const picture = results.notices.find((notice) => notice.to.includes(game.addressOf('FRANCE')) && / results /.test(notice.subject))!.attachments?.[0];
    const drawn = titles(svgOf(picture));
    for (const order of ['A PAR - PIC', 'F BRE - MAO', 'A MAR H']) expect(drawn).toContain(order);
    expect(drawn).not.toContain('A PIC - BEL');

    const audited = new AuditLog(game.judge.db).history('cb/status');
    const added = audited.flatMap((entry) => entry.changes.flatMap((change) => change.after.map((line) => `${entry.command}: ${line}`)));
    expect(added).toEqual(expect.arrayContaining(['ORDERS: SOONER', 'ORDERS: A PAR - PIC', 'ORDERS: F BRE - MAO', 'ORDERS: LATER', 'ORDERS: A PIC - BEL']));

    await game.master(['ROLLBACK S1901M RESTORE']);
    const status = game.judge.statusText('cb');
    expect(status).toMatch(/^PHASE SPRING 1901 MOVEMENT$/m);
    expect(status).toMatch(/^FRANCE\n(?:.+\n)*SOONER\nA PAR - PIC\nF BRE - MAO\nLATER\nA PIC - BEL$/m);
  });

  it('a status file edited by hand (SOONER and LATER in any case and spacing, a locked list written in) keeps its lines byte for byte through the mail that follows, and is played as written', async () => {
    const game = await crystalBall();
    const file = join(game.judge.games, 'cb', 'status');
    const germany = ['sooner', 'a mun  -  ruh', '  F KIE - DEN', 'LATER', 'A RUH - BEL'].join('\n');
    const edited = readFileSync(file, 'utf8').replace(/^(GERMANY\n(?:.+\n)*)/m, `$1${germany}\n`);
    expect(edited).toContain(germany);
    writeFileSync(file, edited);
    for (const power of POWERS.filter((name) => name !== 'GERMANY')) await game.send(power, ['A MUN H']);
    const germanBlock = (text: string) => /^GERMANY\n(?:.+\n)*/m.exec(text)![0];
    expect(germanBlock(game.judge.statusText('cb'))).toBe(germanBlock(edited));
    const results = await game.process();
    expect(section(results('GERMANY'), 'Spring 1901 Movement order lists:')).toEqual([
      'Germany:  [ordered] A MUN - RUH',
      'Germany:  [ordered] F KIE - DEN',
      'Germany:  [default] A BER H',
    ]);
    // LATER moved up under the keyword as the hand edit wrote it.
    expect(game.judge.statusText('cb')).toMatch(/^GERMANY\n(?:.+\n)*sooner\nA RUH - BEL$/m);
  });
});
