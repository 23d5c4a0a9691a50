import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/store/audit.js';
import { MASTER, noticesTo } from '../commands/execute/support.js';
import { editGame } from '../support/edit-game.js';
import { payolaGame } from './support.js';

/** A power's block of a status file, from its name line to the blank line after it. */
function block(status: string, power: string): string {
  return status.split('\n\n').find((each) => each.startsWith(`${power}\n`))!;
}

describe('Payola beside the phases', () => {
  it('ROLLBACK gives back the treasuries, SENT lines, acceptance lists and, with RESTORE, the offer sheets as they were', async () => {
    const { send, judge, master } = await payolaGame('roll', ['RULE ONE_TRANSFER']);
    await send('FRANCE', 'ACCEPT FE');
    await send('FRANCE', 'TRANSFER 5 TO ENGLAND');
    await send('FRANCE', '4 : A PAR - BUR\n3 : A MAR - SPA');
    await send('ENGLAND', '2 : A PAR - PIC');
    const before = judge.statusText('roll');
    expect(block(before, 'FRANCE')).toMatch(/\nFUNDS \$43\n(.+\n)*SENT ENGLAND\nACCEPT FE\?\n4 : A PAR - BUR\n3 : A MAR - SPA$/);
    const first = (await master('PROCESS!')).notices;

    const played = block(judge.statusText('roll'), 'FRANCE');
    expect(played).toMatch(/^FUNDS \$36$/m);
    expect(played).not.toMatch(/^SENT|^4 : /m);
    expect(played).toMatch(/^ACCEPT FE\?$/m);

    expect((await master('ROLLBACK RESTORE')).reply.text).toContain("Game 'roll' is rolled back.");
    for (const power of ['FRANCE', 'ENGLAND']) expect(block(judge.statusText('roll'), power)).toBe(block(before, power));
    // Played again, the phase gives the same charges and statements: the acceptance lists' draw is seeded by the game and the phase.
    const again = (await master('PROCESS!')).notices;
    const statements = (notices: typeof first) => noticesTo(notices, MASTER).find((mail) => mail.subject.includes('results'))!.text;
    expect(statements(again)).toBe(statements(first));

    // Without RESTORE the sheets go with the orders; the money and the acceptance list stay as the phase had them.
    await master('ROLLBACK');
    const cleared = block(judge.statusText('roll'), 'FRANCE');
    expect(cleared).toMatch(/\nFUNDS \$43\n(.+\n)*SENT ENGLAND\nACCEPT FE\?$/);
    expect(block(judge.statusText('roll'), 'ENGLAND')).not.toContain('2 : A PAR - PIC');
  });

  it('leaves an audit entry for each offer sheet, transfer and acceptance list, as for orders', async () => {
    const { send, judge, players } = await payolaGame('audited');
    await send('FRANCE', '4 : A PAR - BUR');
    await send('FRANCE', 'TRANSFER 5 TO ENGLAND');
    await send('FRANCE', 'ACCEPT FE');
    const entries = new AuditLog(judge.db).history('audited/status').slice(-3);
    const player = players.get('FRANCE')!.address;
    expect(entries.map(({ actor, command, changes }) => ({ actor, command, after: changes.flatMap((change) => change.after) }))).toEqual([
      { actor: player, command: 'ORDERS', after: ['4 : A PAR - BUR'] },
      // France's treasury written down from its starting 48, England's from its 48.
      { actor: player, command: 'TRANSFER', after: ['FUNDS $43', 'FUNDS $53'] },
      { actor: player, command: 'ACCEPT', after: ['ACCEPT FE?'] },
    ]);
    expect(entries.every((entry) => entry.state === 'done' && entry.cause !== null)).toBe(true);
  });

  it('draws in the results picture the orders the units followed, whoever paid for them', async () => {
    const { send, judge } = await payolaGame('drawn');
    // Turkey buys Italy's A ROM a move to Tuscany; Germany's negative bribe leaves A MUN holding; France's own orders are bought by France.
    await send('TURKEY', '3 : A ROM - TUS\n4 @ F ANK - BLA');
    await send('GERMANY', '5 ! A MUN - BUR');
    await send('FRANCE', '4 : A PAR - BUR\n2 : F BRE - MAO');
    const processed = await judge.send(MASTER, 'SIGNON Mdrawn masterpw\nPROCESS!');
    const results = noticesTo(processed.notices, MASTER).find((mail) => mail.subject.includes('results'))!;
    const svg = Buffer.from(results.attachments![0]!.contentBase64, 'base64').toString('utf8');
    // Each order drawn is a group titled with it: a circle for a hold, a line for a move.
    const drawn = new Map(
      [...svg.slice(svg.indexOf('<g id="orders">')).matchAll(/<g><title>([^<]+)<\/title><(circle|polyline)/g)].map((match) => [match[1], match[2]]),
    );
    expect(drawn.get('A ROM - TUS')).toBe('polyline');
    expect(drawn.has('A ROM H')).toBe(false);
    expect(drawn.get('A MUN H')).toBe('circle');
    expect(drawn.has('A MUN - BUR')).toBe(false);
    for (const title of ['F ANK - BLA', 'A PAR - BUR', 'F BRE - MAO']) expect(drawn.get(title)).toBe('polyline');
  });

  it('charges the bribes of the phase that wins the game and tells everyone the final treasuries', async () => {
    const { send, process, judge, funds } = await payolaGame('won');
    await send('FRANCE', '2 : A PAR - PIC');
    await process();
    // A judgekeeper's edit: Austria and Italy are gone, France holds their centres and eight neutral ones, 17 in all.
    const french = ['BRE', 'MAR', 'PAR', 'VIE', 'BUD', 'TRI', 'ROM', 'VEN', 'NAP', 'SWE', 'NWY', 'DEN', 'HOL', 'SPA', 'POR', 'TUN', 'GRE'];
    await editGame(judge.store, 'won', (game) => ({
      ...game,
      powers: game.powers.map((power) =>
        power.name === 'FRANCE' ? { ...power, owns: french } : power.name === 'AUSTRIA' || power.name === 'ITALY' ? { ...power, owns: [], units: [] } : power,
      ),
    }));
    // Belgium makes 18: France wins in the Fall, paying 5 AgP for it; Germany's gift to its own army is paid too.
    await send('FRANCE', '5 : A PIC - BEL');
    await send('GERMANY', '3 & A MUN H');
    const fall = await process();
    expect(fall.master).toContain('The game is over: France has won.');
    expect(funds('FRANCE')).toEqual(['$41']);
    expect(funds('GERMANY')).toEqual(['$45']);
    const final = fall.of('ENGLAND');
    expect(final).toContain(['FINAL TREASURY BALANCES', '='.repeat(23), 'AUSTRIA                 48 AgP'].join('\n'));
    expect(final).toContain('FRANCE                  41 AgP');
    expect(final).toContain('GERMANY                 45 AgP');
  });
});
