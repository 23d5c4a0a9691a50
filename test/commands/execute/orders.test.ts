import { describe, expect, it } from 'vitest';
import { ordersListed, refusedLines } from './reply-parts.js';
import { address, HOLDS, MASTER, mailJudge, noticesTo, ordersOf, startedGame } from './support.js';
import { editGame } from '../../support/edit-game.js';

describe('orders, CLEAR and STATUS', () => {
  it('replaces the orders on file with the SIGNON block, in canonical form, quoting refused lines with the reason', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const signon = `SIGNON Falpha ${france.password}`;
    await judge.send(france.address, `${signon}\nA MAR - SPA`);
    const outcome = await judge.send(france.address, `${signon}\na par-bur\nA PAR - MUN\nPRESS TO E\nhello\nENDPRESS\nfleet brest - mid-atlantic ocean`);
    // The wording of the orders on file, and of a refused line, in the reply is kept here.
    expect(outcome.reply.text).toContain('Orders on file for France for Spring 1901 Movement:\n  A PAR - BUR\n  F BRE - MAO\n');
    expect(outcome.reply.text).toMatch(/"A PAR - MUN": .*Munich/);
    expect(outcome.refused).toEqual([{ line: 'A PAR - MUN', code: 'ORDER_REFUSED', reason: expect.stringContaining('Munich') }]);
    expect(refusedLines(outcome.reply.text)).toEqual(outcome.refused.map(({ line, reason }) => ({ line, reason })));
    expect(outcome.reply.text).not.toContain('A MAR - SPA');
    const status = judge.statusText('alpha');
    expect(status).toMatch(/^ORDERS\nA PAR - BUR\nF BRE - MAO$/m);
  });

  it("takes a reply to the judge's mail, its mail program's attribution and quote below the orders, as the orders alone", async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const reply = await judge.send(
      france.address,
      `SIGNON Falpha ${france.password}
${HOLDS.FRANCE}

On Tue, 24 Nov 2026 at 10:00, Judge TESTJUDGE <judge@dip.test>
wrote:

> Game 'alpha' has started.`,
    );
    expect(reply.reply.text).toContain('Orders on file for France for Spring 1901 Movement:');
    expect(reply.reply.text).not.toContain('wrote:');
    expect(reply.reply.text).not.toMatch(/refused|not understood/i);
  });

  it('keeps one order per unit: a later line for the same unit replaces the earlier, and the reply says so', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const twice = await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - BUR\nA PAR - PIC`);
    expect(ordersListed(twice.reply.text)).toEqual({ France: ['A PAR - PIC'] });
    expect(twice.refused).toEqual([{ line: 'A PAR - BUR', code: 'ORDER_REFUSED', reason: 'replaced by the later order for the same unit, "A PAR - PIC"' }]);
    expect(ordersOf(judge, 'FRANCE')).toEqual(['A PAR - PIC']);
  });

  it('names the units a partly refused set of orders leaves without one, and says the power counts as late', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const signon = `SIGNON Falpha ${france.password}`;
    const partly = await judge.send(
      france.address,
      `${signon}
A PAR - BUR
A MAR - SPA
F BRE - MUN`,
    );
    expect(ordersListed(partly.reply.text)).toEqual({ France: ['A PAR - BUR', 'A MAR - SPA'] });
    expect(partly.refused.map(({ line, code }) => ({ line, code }))).toEqual([{ line: 'F BRE - MUN', code: 'ORDER_REFUSED' }]);
    expect(partly.reply.text).toContain('Still without an order: F BRE. France counts as late');
    const refused = await judge.send(france.address, `${signon}\nF BRE - MUN`);
    expect(ordersListed(refused.reply.text)).toEqual({ France: [] });
    expect(refused.reply.text).toContain('counts as late');
    const complete = await judge.send(france.address, `${signon}\n${HOLDS.FRANCE}`);
    expect(complete.reply.text).not.toContain('counts as late');
  });

  it('says so when the last orders are in, and CLEAR takes the readiness back', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const powers = Object.keys(HOLDS);
    for (const power of powers.slice(0, -1)) {
      const outcome = await judge.send(players.get(power)!.address, `SIGNON ${power[0]}alpha ${players.get(power)!.password}\n${HOLDS[power]}`);
      expect(outcome.reply.text).not.toContain('Every power that owes orders');
    }
    const turkey = players.get('TURKEY')!;
    const partial = await judge.send(turkey.address, `SIGNON Talpha ${turkey.password}\nA CON H`);
    // Without DEFAULT_UNORDERED every unit needs an order before the power counts as done.
    expect(partial.reply.text).not.toContain('Every power that owes orders');
    const last = await judge.send(turkey.address, `SIGNON Talpha ${turkey.password}\n${HOLDS.TURKEY}`);
    expect(last.reply.text).toContain(
      'Every power that owes orders has them on file now: the phase is processed at the second deadline check from now (the first leaves a last moment to change orders).',
    );
    expect(judge.statusText('alpha')).toMatch(/^DELAY 1$/m);
    const cleared = await judge.send(turkey.address, `SIGNON Talpha ${turkey.password}\nCLEAR`);
    expect(cleared.reply.text).toContain('Orders cleared.');
    expect(ordersListed(cleared.reply.text)).toEqual({ Turkey: [] });
    expect(judge.statusText('alpha')).not.toMatch(/^DELAY/m);
  });

  it("shows a player only their own orders, and the Master everyone's", async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const germany = players.get('GERMANY')!;
    await judge.send(germany.address, `SIGNON Galpha ${germany.password}\nA MUN - BUR`);
    const status = await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - BUR\nSTATUS`);
    expect(status.reply.text).toContain('Orders on file for France');
    expect(status.reply.text).not.toContain('MUN - BUR');
    expect(status.reply.text).not.toContain('Germany');
    const master = await judge.send(MASTER, 'SIGNON Malpha masterpw\nSTATUS');
    expect(ordersListed(master.reply.text)).toMatchObject({ Germany: ['A MUN - BUR'], France: ['A PAR - BUR'] });
    // France and Germany ordered one unit each: without DEFAULT_UNORDERED their orders are not complete.
    expect(master.reply.text).toContain(
      'Orders missing or incomplete from: Austria, England, France incomplete (F BRE, A MAR), Germany incomplete (F KIE, A BER), Italy, Russia, Turkey.',
    );
  });

  it('lets the Master order for a power with the Master password, with a copy to the power', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const outcome = await judge.send(MASTER, 'SIGNON Falpha masterpw\nA PAR - PIC');
    expect(outcome.reply.to).toEqual([MASTER, players.get('FRANCE')!.address]);
    expect(outcome.reply.text).toContain('  A PAR - PIC');
    expect(outcome.reply.text).not.toContain('masterpw');
    expect(judge.statusText('alpha')).toMatch(/^A PAR - PIC$/m);
  });

  it('copies the reply to the power when the orders come from an address it does not have', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    const outcome = await judge.send('holiday@example.net', `SIGNON Falpha ${france.password}\nA PAR - PIC`);
    expect(outcome.reply.to).toEqual(['holiday@example.net', france.address]);
  });

  it('NO_LATE_CHANGES: after the deadline orders on file are final, but a power without orders may still send them', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE NO_LATE_CHANGES']);
    const france = players.get('FRANCE')!;
    const germany = players.get('GERMANY')!;
    await judge.send(france.address, `SIGNON Falpha ${france.password}\n${HOLDS.FRANCE}`);
    const early = await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - BUR`);
    expect(early.reply.text).toContain('  A PAR - BUR');
    judge.clock.now = judge.clock.now.plus({ days: 5 });
    const reason = 'the game has NO_LATE_CHANGES: the deadline has passed, so the orders on file for France may no longer be changed';
    const changed = await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - PIC`);
    expect(changed.reply.text).toContain(reason);
    const cleared = await judge.send(france.address, `SIGNON Falpha ${france.password}\nCLEAR`);
    expect(cleared.reply.text).toContain(reason);
    expect(judge.statusText('alpha')).toMatch(/^A PAR - BUR$/m);
    const late = await judge.send(germany.address, `SIGNON Galpha ${germany.password}\n${HOLDS.GERMANY}`);
    expect(ordersListed(late.reply.text).Germany).toContain('A MUN H');
    const again = await judge.send(germany.address, `SIGNON Galpha ${germany.password}\nA MUN - RUH`);
    expect(again.reply.text).toContain('the orders on file for Germany may no longer be changed');
    const master = await judge.send(MASTER, 'SIGNON Falpha masterpw\nA PAR - PIC');
    expect(master.reply.text).toContain('  A PAR - PIC');
  });

  it('CIVIL_DISORDER bars late changes unless the game has LATE_CHANGES, which is the default otherwise', async () => {
    const lateChange = async (rules: readonly string[]) => {
      const judge = mailJudge();
      const france = (await startedGame(judge, 'alpha', rules)).get('FRANCE')!;
      await judge.send(france.address, `SIGNON Falpha ${france.password}\n${HOLDS.FRANCE}`);
      judge.clock.now = judge.clock.now.plus({ days: 5 });
      const changed = await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - PIC`);
      return { refused: changed.refused, onFile: ordersOf(judge, 'FRANCE') };
    };
    expect(await lateChange(['RULE CIVIL_DISORDER'])).toEqual({
      refused: [{ line: 'A PAR - PIC', code: 'GAME_RULE', reason: expect.stringContaining('CIVIL_DISORDER (and not LATE_CHANGES)') }],
      onFile: HOLDS.FRANCE.split('\n'),
    });
    expect(await lateChange(['RULE CIVIL_DISORDER', 'RULE LATE_CHANGES'])).toEqual({ refused: [], onFile: ['A PAR - PIC'] });
    expect(await lateChange([])).toEqual({ refused: [], onFile: ['A PAR - PIC'] });
  });

  it('takes no orders before the start, nor from observers', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, 'CREATE beta masterpw\nFORM');
    await judge.send(address(1), 'JOIN beta pw1');
    const early = await judge.send(address(1), 'SIGNON 1beta pw1\nA PAR - BUR');
    expect(early.refused).toEqual([{ line: 'A PAR - BUR', code: 'GAME_RULE', reason: expect.stringContaining("game 'beta' has not started yet") }]);
    await startedGame(judge);
    await judge.send('watcher@example.org', 'OBSERVE eye@alpha peek');
    const observer = await judge.send('watcher@example.org', 'SIGNON eye@alpha peek\nA PAR - BUR');
    expect(observer.reply.text).toContain('EYE is not a power on the map and gives no orders');
    expect(noticesTo(observer.notices, MASTER)).toEqual([]);
  });

  it('copies every change of orders to the Master under ALWAYS_CONFIRM, and to everyone under BROADCAST_ORDERS', async () => {
    for (const [rule, readers] of [
      ['ALWAYS_CONFIRM', 1],
      ['BROADCAST_ORDERS', 7],
    ] as const) {
      const judge = mailJudge();
      const players = await startedGame(judge, 'alpha', [`RULE ${rule}`]);
      const france = players.get('FRANCE')!;
      const entered = await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - BUR\nA MAR H\nF BRE H`);
      expect(entered.notices).toHaveLength(readers);
      expect(noticesTo(entered.notices, MASTER)[0]!.text).toContain('A PAR - BUR');
      expect(entered.notices.some((notice) => notice.to.includes(france.address))).toBe(false);
      const cleared = await judge.send(france.address, `SIGNON Falpha ${france.password}\nCLEAR`);
      expect(noticesTo(cleared.notices, MASTER)[0]!.text).toContain('(none)');
    }
    const plain = mailJudge();
    const players = await startedGame(plain);
    const france = players.get('FRANCE')!;
    expect((await plain.send(france.address, `SIGNON Falpha ${france.password}\nA PAR H`)).notices).toEqual([]);
  });

  it('keeps a hidden build hidden from the others under BROADCAST_ORDERS', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE BROADCAST_ORDERS HIDE_BUILDS']);
    await editGame(judge.store, 'alpha', (game) => ({
      ...game,
      phase: { mode: 'PHASE', phase: { season: 'WINTER', year: 1901, type: 'ADJUSTMENTS' } },
      powers: game.powers.map((power) =>
        power.name === 'FRANCE' ? { ...power, owns: [...power.owns, 'SPA'], units: power.units.filter((unit) => unit.location !== 'MAR') } : power,
      ),
    }));
    const france = players.get('FRANCE')!;
    const built = await judge.send(france.address, `SIGNON Falpha ${france.password}\nBUILD A MAR`);
    expect(built.reply.text).toContain('BUILD A MAR');
    const german = noticesTo(built.notices, players.get('GERMANY')!.address)[0]!;
    expect(german.text).toContain('BUILD HIDDEN');
    expect(german.text).not.toContain('MAR');
    expect(noticesTo(built.notices, MASTER)[0]!.text).toContain('BUILD A MAR');
  });
});
