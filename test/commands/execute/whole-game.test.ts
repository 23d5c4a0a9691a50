import { describe, expect, it } from 'vitest';
import { address, allText, MASTER, mailJudge, noticesTo, ordersOf, playersOf } from './support.js';

/** A whole game played by mail bodies alone: CREATE, seven JOINs, orders and press, a retreat and an adjustment phase. */

const SPRING: Record<string, string[]> = {
  FRANCE: ['A PAR - BUR', 'F BRE - MAO', 'A MAR H'],
  GERMANY: ['A MUN - RUH', 'A BER - MUN', 'F KIE - DEN'],
  ENGLAND: ['F LON H', 'F EDI H', 'A LVP H'],
  ITALY: ['F NAP H', 'A ROM H', 'A VEN H'],
  AUSTRIA: ['A VIE H', 'A BUD H', 'F TRI H'],
  RUSSIA: ['F STP/SC H', 'A MOS H', 'A WAR H', 'F SEV H'],
  TURKEY: ['F ANK H', 'A CON H', 'A SMY H'],
};

const FALL: Record<string, string[]> = {
  FRANCE: ['A BUR H', 'F MAO - POR', 'A MAR - SPA'],
  GERMANY: ['A RUH - BUR', 'A MUN S A RUH - BUR', 'F DEN H'],
  ENGLAND: ['F LON H', 'F EDI H', 'A LVP H'],
  ITALY: ['F NAP H', 'A ROM H', 'A VEN H'],
  AUSTRIA: ['A VIE H', 'A BUD H', 'F TRI H'],
  RUSSIA: ['F STP/SC H', 'A MOS H', 'A WAR H', 'F SEV H'],
  TURKEY: ['F ANK H', 'A CON H', 'A SMY H'],
};

describe('a game played entirely by mail', () => {
  it('goes from CREATE through JOINs, orders, press and processing to a retreat and an adjustment phase', async () => {
    const judge = mailJudge({ seed: 3 });
    const created = await judge.send(MASTER, 'CREATE alpha masterpw\nDESC A test game played by mail.\nRULE WHITE_GREY\nTIMING MOVE 3D\nFORM\nSIGNOFF');
    expect(created.reply.to).toEqual([MASTER]);
    expect(created.reply.text).toContain("Game 'alpha' is created");
    expect(created.reply.text).toContain('> RULE WHITE_GREY\nWritten into the status file.');
    expect(judge.statusText('alpha')).toMatch(/^RULE WHITE_GREY$/m);
    expect(judge.statusText('alpha')).toMatch(/^TIMING MOVE 3D$/m);
    expect(judge.statusText('alpha')).toContain('DESC A test game played by mail.');
    expect(judge.mainStatus()).toMatch(/^alpha standard forming$/m);

    const observed = await judge.send('kibitzer@example.org', 'OBSERVE kibitz@alpha watchpw');
    expect(observed.reply.text).toContain('as the OBSERVER KIBITZ');
    expect(noticesTo(observed.notices, MASTER)[0]!.text).toContain('kibitzer@example.org has joined');

    for (let n = 1; n <= 7; n++) {
      const joined = await judge.send(address(n), `JOIN alpha pw${n}`);
      if (n < 7) {
        expect(joined.reply.text).toContain(`as POWER#${n}`);
        // The join is broadcast to the Master, the observer and the players who joined before.
        expect(joined.notices.flatMap((notice) => notice.to).sort()).toEqual(
          [MASTER, 'kibitzer@example.org', ...Array.from({ length: n - 1 }, (_, i) => address(i + 1))].sort(),
        );
        for (const notice of joined.notices) expect(notice.text).toContain(`${n} of 7 players have joined`);
      } else {
        expect(joined.reply.text).toContain('The game has started: you play');
        const others = [1, 2, 3, 4, 5, 6].map(address);
        for (const other of others)
          expect(noticesTo(joined.notices, other)[0]!.text).toMatch(/You play (Austria|England|France|Germany|Italy|Russia|Turkey)\./);
        expect(noticesTo(joined.notices, MASTER)[0]!.text).toContain('The powers and their players:');
        expect(noticesTo(joined.notices, 'kibitzer@example.org')[0]!.text).not.toContain('You play');
        for (const notice of joined.notices.filter((entry) => !entry.to.includes(MASTER))) expect(notice.text).not.toContain('@example.org');
      }
    }
    expect(judge.statusText('alpha')).toMatch(/^PHASE SPRING 1901 MOVEMENT$/m);
    expect(judge.mainStatus()).toMatch(/^alpha standard active$/m);
    const players = playersOf(judge, 'alpha');
    const signon = (power: string) => `SIGNON ${power.charAt(0)}alpha ${players.get(power)!.password}`;
    const from = (power: string) => players.get(power)!.address;

    // Press: private, broadcast, grey (WHITE_GREY allows it), and fake (refused: no FAKE_PRESS).
    const french = await judge.send(
      from('FRANCE'),
      `${signon('FRANCE')}\n${SPRING.FRANCE!.join('\n')}\nPRESS TO ENGLAND\nShall we share the Channel?\nENDPRESS`,
    );
    expect(french.refused).toEqual([]);
    expect(ordersOf(judge, 'FRANCE')).toEqual(['A PAR - BUR', 'F BRE - MAO', 'A MAR H']);
    expect(french.reply.text).toContain('Press sent to England');
    const privatePress = french.notices.filter((notice) => notice.text.includes('Shall we share the Channel?'));
    expect(privatePress.map((notice) => notice.to)).toEqual([[from('ENGLAND')], [from('FRANCE')]]);
    expect(privatePress[0]!.text).toContain('Message from France to England');

    const german = await judge.send(from('GERMANY'), `${signon('GERMANY')}\n${SPRING.GERMANY!.join('\n')}\nBROADCAST\nPeace in our time.\nENDBROADCAST`);
    const broadcast = german.notices.filter((notice) => notice.text.includes('Peace in our time.') && notice.subject.startsWith('Diplomacy press'));
    const reached = broadcast.flatMap((notice) => notice.to).sort();
    expect(reached).toEqual(
      [...[...players.values()].map((player) => player.address).filter((mail) => mail !== from('GERMANY')), MASTER, 'kibitzer@example.org'].sort(),
    );
    expect(broadcast[0]!.text).toContain('Broadcast message from Germany');

    const italian = await judge.send(from('ITALY'), `${signon('ITALY')}\n${SPRING.ITALY!.join('\n')}\nPRESS GREY TO AUSTRIA\nWatch your back.\nENDPRESS`);
    const grey = noticesTo(italian.notices, from('AUSTRIA'));
    expect(grey).toHaveLength(1);
    expect(grey[0]!.text).toContain('Message from an anonymous sender to Austria');
    expect(grey[0]!.text).not.toContain('Italy');

    const russian = await judge.send(from('RUSSIA'), `${signon('RUSSIA')}\n${SPRING.RUSSIA!.join('\n')}\nPRESS TO TURKEY FROM AUSTRIA\nA trap.\nENDPRESS`);
    expect(russian.reply.text).toContain('Press not sent: the game has no FAKE_PRESS');
    expect(russian.reply.text).toContain('  A trap.');
    expect(allText(russian)).not.toContain(from('TURKEY'));
    expect(russian.notices).toEqual([]);

    for (const power of ['ENGLAND', 'AUSTRIA']) await judge.send(from(power), `${signon(power)}\n${SPRING[power]!.join('\n')}`);
    expect(judge.statusText('alpha')).not.toMatch(/^DELAY/m);
    const last = await judge.send(from('TURKEY'), `${signon('TURKEY')}\n${SPRING.TURKEY!.join('\n')}`);
    expect(last.reply.text).toContain('Every power that owes orders has them on file now');
    expect(judge.statusText('alpha')).toMatch(/^DELAY 1$/m);

    const spring = await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS');
    expect(spring.reply.text).toContain("Spring 1901 Movement of game 'alpha' is processed");
    expect(spring.notices.flatMap((notice) => notice.to).sort()).toEqual(
      [...[...players.values()].map((player) => player.address), MASTER, 'kibitzer@example.org'].sort(),
    );
    for (const notice of spring.notices) {
      expect(notice.subject).toBe('alpha S1901M results (Spring 1901 Movement)');
      expect(notice.text).toContain('A PAR - BUR.');
      expect(notice.text).toContain('F KIE - DEN.');
    }
    expect(judge.statusText('alpha')).toMatch(/^PHASE FALL 1901 MOVEMENT$/m);

    for (const power of Object.keys(FALL)) await judge.send(from(power), `${signon(power)}\n${FALL[power]!.join('\n')}`);
    const fall = await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS F1901M');
    expect(fall.notices[0]!.text).toContain('The following units were dislodged:');
    expect(fall.notices[0]!.text).toMatch(/France: A BUR may retreat to .*PAR/);
    expect(judge.statusText('alpha')).toMatch(/^PHASE FALL 1901 RETREATS$/m);

    const notOwed = await judge.send(from('ENGLAND'), `${signon('ENGLAND')}\nF LON - NTH`);
    expect(notOwed.reply.text).toContain('Lines not accepted (1):');
    const retreat = await judge.send(from('FRANCE'), `${signon('FRANCE')}\nA BUR R PAR`);
    expect(retreat.refused).toEqual([]);
    expect(ordersOf(judge, 'FRANCE')).toEqual(['A BUR - PAR']);
    expect(retreat.reply.text).toContain('Every power that owes orders has them on file now');
    const retreats = await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS');
    expect(retreats.notices[0]!.text).toContain('A BUR - PAR.');
    expect(judge.statusText('alpha')).toMatch(/^PHASE WINTER 1901 ADJUSTMENTS$/m);

    const frenchBuilds = await judge.send(from('FRANCE'), `${signon('FRANCE')}\nBUILD F BRE\nBUILD A MAR`);
    expect(frenchBuilds.refused).toEqual([]);
    expect(ordersOf(judge, 'FRANCE')).toEqual(['BUILD F BRE', 'BUILD A MAR']);
    const germanBuild = await judge.send(from('GERMANY'), `${signon('GERMANY')}\nBUILD A BER`);
    expect(germanBuild.reply.text).toContain('Every power that owes orders has them on file now');
    const winter = await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS');
    expect(winter.reply.text).toContain("Winter 1901 Adjustments of game 'alpha' is processed");
    expect(judge.statusText('alpha')).toMatch(/^PHASE SPRING 1902 MOVEMENT$/m);
    expect(judge.statusText('alpha')).toMatch(/^F BRE$/m);
    expect(judge.statusText('alpha')).toMatch(/^A BER$/m);

    const history = await judge.send('someone@example.org', 'HISTORY alpha');
    expect(history.reply.text).toContain('=== S1901M ===');
    expect(history.reply.text).toContain('=== W1901A ===');
    const summary = await judge.send('someone@example.org', 'SUMMARY alpha');
    expect(summary.reply.text).toMatch(/France\s+3\s+5/);
    expect(summary.reply.text).not.toContain('@example.org');
  }, 120_000);
});
