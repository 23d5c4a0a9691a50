import { describe, expect, it } from 'vitest';
import { orderChoices } from '../../../src/game/order-choices.js';
import { OperationRules } from '../../../src/game/rules.js';
import type { MailAttachment } from '../../../src/store/outgoing-mail.js';
import { HOLDS, MASTER, address, mailJudge, noticesTo, playersOf, startedGame, unitsIn } from './support.js';

/** A BLIND game played by mail: each power reads only what its units and home centres see (Rules.txt 1.6). */

const OBSERVER = 'kibitzer@example.org';

/** The units a picture draws (`A BUR (France)`), without the order marks. */
function drawnUnits(file: MailAttachment | undefined): string[] {
  return unitsIn(file).filter((title) => title.endsWith(')'));
}

/** Spring 1901: France and Germany meet in Burgundy's neighbourhood (Holland stays out of France's sight), England and Italy come up to France's borders. */
const SPRING: Readonly<Record<string, string>> = {
  ...HOLDS,
  FRANCE: 'A PAR - BUR\nA MAR H\nF BRE - MAO',
  GERMANY: 'A MUN - RUH\nA BER H\nF KIE - HOL',
  ENGLAND: 'F LON - ENG\nF EDI H\nA LVP H',
  ITALY: 'A VEN - PIE\nA ROM H\nF NAP H',
};

async function blindSpring() {
  const judge = mailJudge();
  await startedGame(judge, 'blinded', ['RULE BLIND'], 6);
  const last = await judge.send(address(7), 'JOIN blinded pw7');
  const players = playersOf(judge, 'blinded');
  const started = (to: string) => noticesTo(last.notices, to).find((notice) => notice.subject.endsWith('the game has started'))!;
  // The opening board, as each sees it: France none of Germany's units, the Master all of them.
  expect(started(players.get('FRANCE')!.address).text).toContain('A PAR');
  expect(started(players.get('FRANCE')!.address).text).not.toContain('A MUN');
  expect(started(MASTER).text).toContain('A MUN');
  const observed = await judge.send(OBSERVER, 'OBSERVE kibitz@blinded watchpw');
  expect(observed.reply.text).toContain("You have joined game 'blinded'");
  const omniscient = await judge.send(MASTER, 'SIGNON Mblinded masterpw\nITALY\nOMNISCIENT');
  expect(omniscient.reply.text).toContain('The lines after this go into the block of ITALY.');
  for (const [power, orders] of Object.entries(SPRING)) {
    const player = players.get(power)!;
    await judge.send(player.address, `SIGNON ${power.charAt(0)}blinded ${player.password}\n${orders}`);
  }
  const spring = await judge.send(MASTER, 'SIGNON Mblinded masterpw\nPROCESS');
  expect(spring.reply.text).toContain("Spring 1901 Movement of game 'blinded' is processed");
  return { judge, players, spring };
}

describe('a BLIND game by mail', () => {
  it('sends each power its own results, the Master and OMNISCIENT players all of them, observers only that the game moved on', async () => {
    const { players, spring } = await blindSpring();
    const resultsOf = (address: string) => {
      const [mail, ...more] = noticesTo(spring.notices, address).filter((notice) => notice.subject.startsWith('blinded S1901M results'));
      expect(more).toEqual([]);
      return mail!;
    };

    const france = resultsOf(players.get('FRANCE')!.address);
    expect(france.text).toContain('A PAR - BUR.');
    expect(france.text).toContain('A MUN - RUH.'); // seen from Burgundy before and after
    expect(france.text).toContain('F ENG ARRIVES.'); // London is out of sight, the Channel in it
    expect(france.text).toContain('A PIE ARRIVES.');
    expect(france.text).not.toContain('A BER');
    expect(france.text).not.toContain('HOL');
    expect(france.text).not.toContain('A VEN');
    expect(france.text).not.toContain('Russia');
    expect(drawnUnits(france.attachments?.[0])).toEqual(expect.arrayContaining(['A BUR (France)', 'A RUH (Germany)', 'F ENG (England)', 'A PIE (Italy)']));
    expect(drawnUnits(france.attachments?.[0])).toHaveLength(6);

    const germany = resultsOf(players.get('GERMANY')!.address);
    expect(germany.text).toContain('A MUN - RUH.');
    expect(germany.text).toContain('A BER H.');
    expect(germany.text).toContain('A BUR ARRIVES.'); // Paris is out of Germany's sight
    expect(germany.text).not.toContain('A PAR');
    expect(germany.text).not.toContain('MAO');
    expect(germany.text).not.toContain('ENG');
    expect(drawnUnits(germany.attachments?.[0])).toHaveLength(4);

    const master = resultsOf(MASTER);
    for (const order of ['A PAR - BUR.', 'F BRE - MAO.', 'A MUN - RUH.', 'A BER H.', 'F KIE - HOL.', 'F LON - ENG.', 'A VEN - PIE.', 'F SEV H.'])
      expect(master.text).toContain(order);
    expect(master.text).not.toContain('ARRIVES');
    expect(drawnUnits(master.attachments?.[0])).toHaveLength(22);

    const italy = resultsOf(players.get('ITALY')!.address);
    expect(italy.text).toContain('A BER H.'); // OMNISCIENT: the Master's view
    expect(italy.text).toContain('A PAR - BUR.');

    const observer = resultsOf(OBSERVER);
    expect(observer.text).toContain("The next phase of 'blinded' is Fall 1901 Movement.");
    expect(observer.text).not.toMatch(/\b[AF] [A-Z]{3}\b/);
    expect(observer.attachments).toBeUndefined();
  });

  it('lists, summarises, tells the history of and draws for a power only what is in its sight; an OMNISCIENT power sees all', async () => {
    const { judge, players } = await blindSpring();
    const france = players.get('FRANCE')!;
    const listed = await judge.send(france.address, `SIGNON Fblinded ${france.password}\nLIST`);
    expect(listed.reply.text).toContain('A RUH');
    expect(listed.reply.text).toContain('F ENG');
    expect(listed.reply.text).not.toContain('A BER');
    expect(listed.reply.text).toMatch(/^Germany: 1 centers, 1 units in sight$/m);
    const drawn = await judge.send(france.address, `SIGNON Fblinded ${france.password}\nMAP`);
    expect(drawnUnits(drawn.reply.attachments?.[0])).toHaveLength(6);

    // The web page's order choices offer no support to a unit France cannot see (F HOL could move to Belgium).
    const game = judge.service.load('blinded').game;
    const maps = judge.service.maps(game);
    const choices = orderChoices(game, maps, 'FRANCE', new OperationRules().inPlay(game, maps))!.units.flatMap((unit) => unit.choices);
    expect(choices).toContain('A BUR S A RUH');
    expect(choices.filter((choice) => choice.includes('HOL'))).toEqual([]);

    const italy = players.get('ITALY')!;
    expect((await judge.send(italy.address, `SIGNON Iblinded ${italy.password}\nLIST`)).reply.text).toContain('A BER');

    const summary = await judge.send(france.address, `SIGNON Fblinded ${france.password}\nSUMMARY`);
    expect(summary.reply.text).toContain("Summary of game 'blinded'");
    expect(summary.reply.text).not.toContain('Supply centers at the start of each year');
    expect((await judge.send(MASTER, 'SIGNON Mblinded masterpw\nSUMMARY')).reply.text).toContain('Supply centers at the start of each year');

    const history = await judge.send(france.address, `SIGNON Fblinded ${france.password}\nHISTORY`);
    expect(history.refused).toEqual([{ line: 'HISTORY', code: 'GAME_RULE', reason: expect.stringContaining("game 'blinded' is BLIND") }]);
    expect(history.reply.text).not.toContain('A MUN - RUH');
    expect((await judge.send(MASTER, 'SIGNON Mblinded masterpw\nHISTORY')).reply.text).toContain('A BER H.');

    const watched = await judge.send(OBSERVER, 'LIST blinded');
    expect(watched.reply.text).not.toMatch(/\b[AF] [A-Z]{3}\b/);
    const masterList = await judge.send(MASTER, 'SIGNON Mblinded masterpw\nLIST');
    expect(masterList.reply.text).toContain('A BER');
    expect(masterList.reply.text).not.toContain('in sight');
  });
});
