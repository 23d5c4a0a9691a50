import { describe, expect, it } from 'vitest';
import { RULES, type RuleName } from '../../../src/rules/catalog.js';
import { MASTER, mailJudge, startedGame } from './support.js';

/** The catalogue's one-line summary of a rule, which HELP gives. */
function summaryOf(rule: RuleName): string {
  return RULES.find((entry) => entry.name === rule)!.summary;
}

describe('LIST, SUMMARY, HISTORY, MAP and HELP', () => {
  it('a bare LIST names the public games forming or needing a player, not full, private, unlisted, prepared or finished ones', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const replaced = await startedGame(judge, 'orphan');
    await judge.send(MASTER, 'CREATE forming masterpw\nFORM');
    await judge.send(MASTER, 'CREATE invited masterpw\nPRIVATE word\nFORM');
    await judge.send(MASTER, 'CREATE hidden masterpw\nSET UNLISTED\nFORM');
    await judge.send(MASTER, 'CREATE prepared masterpw');
    await judge.send(MASTER, 'CREATE ended masterpw\nFORM\nSIGNOFF\nSIGNON Mended masterpw\nTERMINATE');
    await judge.send('outsider@example.org', 'JOIN forming pw');
    const france = replaced.get('FRANCE')!;
    await judge.send(france.address, `RESIGN Forphan ${france.password}`);
    const list = await judge.send('anyone@example.org', 'LIST');
    expect(list.reply.text).toContain('Games on this judge (LIST game for more about one):');
    expect(list.reply.text).toMatch(/forming\s+forming, standard, 6 of 7 places open/);
    expect(list.reply.text).toMatch(/orphan\s+active, standard, needs players for FRANCE/);
    for (const unlisted of ['alpha', 'invited', 'hidden', 'prepared', 'ended']) expect(list.reply.text).not.toContain(unlisted);
  });

  it('LIST game describes one game without addresses or orders; signed on, only that game', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['DESC Friendly game.', 'RULE NO_PRESS']);
    const france = players.get('FRANCE')!;
    await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - BUR`);
    const list = await judge.send('anyone@example.org', 'LIST alpha');
    expect(list.reply.text).toContain('Game alpha (map standard): Spring 1901 Movement');
    expect(list.reply.text).toContain('Friendly game.');
    expect(list.reply.text).toContain('Rules: NO_PRESS');
    expect(list.reply.text).not.toContain('@example.org');
    expect(list.reply.text).not.toContain('PAR - BUR');
    await judge.send(MASTER, 'CREATE beta masterpw\nFORM');
    const other = await judge.send(france.address, `SIGNON Falpha ${france.password}\nLIST beta`);
    expect(other.refused).toEqual([{ line: 'LIST beta', code: 'GAME_RULE', reason: expect.stringContaining('you may ask LIST about that game only') }]);
  });

  it('LIST game names who waits and who has not ordered only under LIST_WAITERS and LIST_UNORDERED', async () => {
    for (const [rules, waiter, unordered] of [
      [[], 'One or more players have asked that the phase wait for its deadline.', 'One or more powers have not yet submitted orders.'],
      [
        ['RULE LIST_WAITERS LIST_UNORDERED'],
        'Waiting for the deadline at their request: France.',
        'Orders not yet submitted by: Austria, England, Germany, Italy, Russia, Turkey.',
      ],
    ] as const) {
      const judge = mailJudge();
      const players = await startedGame(judge, 'alpha', rules);
      const france = players.get('FRANCE')!;
      await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR H\nA MAR H\nF BRE H\nSET WAIT`);
      const list = await judge.send('anyone@example.org', 'LIST alpha');
      expect(list.reply.text).toContain(waiter);
      expect(list.reply.text).toContain(unordered);
    }
  });

  it('SUMMARY gives the centers per year and who played, names only once the game is over', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS!\nPROCESS!');
    const running = await judge.send('anyone@example.org', 'SUMMARY alpha');
    expect(running.reply.text).toContain("Summary of game 'alpha' (map standard).");
    expect(running.reply.text).toMatch(/\s+1901\s+1902\n/);
    expect(running.reply.text).toMatch(/Russia\s+4\s+4/);
    expect(running.reply.text).toContain('Players (who they are is told when the game is over):');
    expect(running.reply.text).not.toContain('@example.org');
    await judge.send(MASTER, 'SIGNON Malpha masterpw\nTERMINATE');
    const over = await judge.send('anyone@example.org', 'SUMMARY alpha');
    expect(over.reply.text).toContain(`France: ${players.get('FRANCE')!.address}`);
  });

  it('HISTORY gives every processed phase, or the phases asked for', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const none = await judge.send('anyone@example.org', 'HISTORY alpha');
    expect(none.reply.text).toContain("No phase of game 'alpha' has been processed yet.");
    await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS!\nPROCESS!');
    const all = await judge.send('anyone@example.org', 'HISTORY alpha');
    expect(all.reply.text).toContain('=== S1901M ===\nSpring 1901 Movement results');
    expect(all.reply.text).toContain('=== F1901M ===');
    const one = await judge.send('anyone@example.org', 'HISTORY alpha F1901M');
    expect(one.reply.text).not.toContain('=== S1901M ===');
    expect(one.reply.text).toContain('=== F1901M ===');
  });

  it('MAP lists the places, their neighbours and the home centers', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    const map = await judge.send('anyone@example.org', 'MAP alpha');
    expect(map.reply.text).toContain('Map standard: ');
    expect(map.reply.text).toMatch(/^PAR\s+Paris \(land, supply center\): .*BUR/m);
    expect(map.reply.text).toMatch(/^France\s+BRE MAR PAR$/m);
    const gif = await judge.send('anyone@example.org', 'MAP alpha gif');
    expect(gif.refused).toEqual([]);
    expect(gif.reply.text).toContain('(this judge draws SVG or PNG, not GIF)');
    expect(gif.reply.attachments!.map((file) => file.filename)).toEqual(['alpha.svg']);
  });

  it('HELP explains the commands, a rule when asked, and the rules of the signed-on game', async () => {
    const judge = mailJudge();
    const plain = await judge.send('anyone@example.org', 'HELP');
    expect(plain.reply.text).toContain('HOW TO USE THE JUDGE TEST');
    expect(plain.reply.text).toContain('SIGNON Xgame password');
    const rule = await judge.send('anyone@example.org', 'HELP grey_press');
    expect(rule.reply.text).toContain(`GREY_PRESS: ${summaryOf('GREY_PRESS')}`);
    const players = await startedGame(judge, 'alpha', ['RULE NO_PRESS']);
    const france = players.get('FRANCE')!;
    const game = await judge.send(france.address, `SIGNON Falpha ${france.password}\nHELP`);
    expect(game.reply.text).toContain(`The rules of game 'alpha':\n  NO_PRESS: ${summaryOf('NO_PRESS')}`);
  });

  it('answers a mail without commands, and lines before a SIGNON, with what to do', async () => {
    const judge = mailJudge();
    const empty = await judge.send('anyone@example.org', '\n\n');
    // The reply template's words for an empty mail, and for a line before any SIGNON, are kept here.
    expect(empty.reply.text).toContain('Your mail held no commands. Send HELP for a list of them.');
    const stray = await judge.send('anyone@example.org', 'A PAR - BUR');
    expect(stray.refused).toEqual([{ line: 'A PAR - BUR', code: 'NOT_UNDERSTOOD', reason: 'not a command; orders and press need a SIGNON first' }]);
    expect(stray.reply.text).toContain('Lines not accepted (1):\n  "A PAR - BUR": not a command; orders and press need a SIGNON first\n');
  });
});
