import { describe, expect, it } from 'vitest';
import { CommandResponder } from '../../../src/daemon/command-responder.js';
import { attachmentBytes } from '../../../src/store/outgoing-mail.js';
import { titles } from '../../render/xml-check.js';
import { MASTER, mailJudge, noticesTo, startedGame, svgOf, unitsIn, type MailJudge } from './support.js';

/** The board's picture: attached to MAP's reply and to every results mail, never showing a hidden build. */

/** France takes Spain in 1901 and builds an army in Marseilles; everyone else holds. */
async function franceBuilds(judge: MailJudge, rules: readonly string[]) {
  const players = await startedGame(judge, 'alpha', rules);
  const france = players.get('FRANCE')!;
  const signon = `SIGNON Falpha ${france.password}`;
  const master = 'SIGNON Malpha masterpw\nPROCESS!';
  await judge.send(france.address, `${signon}\nA PAR - BUR\nA MAR - SPA`);
  await judge.send(MASTER, master);
  await judge.send(MASTER, master);
  await judge.send(france.address, `${signon}\nBUILD A MAR`);
  const winter = await judge.send(MASTER, master);
  return { players, france, signon, winter };
}

/** A game just started, and what MAP with `words` answers someone who plays no part in it. */
async function mapOfNewGame(words: string) {
  const judge = mailJudge();
  await startedGame(judge);
  return { judge, map: await judge.send('anyone@example.org', `MAP ${words}`) };
}

describe('the board picture by mail', () => {
  it('MAP attaches alpha.svg of the position as it stands', async () => {
    const { map } = await mapOfNewGame('alpha');
    expect(map.reply.text).toContain('The board as it stands is attached as alpha.svg.');
    expect(map.reply.text).toContain('Map standard: ');
    const [file] = map.reply.attachments!;
    expect(file).toMatchObject({ filename: 'alpha.svg', contentType: 'image/svg+xml' });
    expect(svgOf(file)).toContain('Game alpha: Spring 1901 Movement');
    expect(unitsIn(file)).toContain('F STP/SC (Russia)');
    expect(unitsIn(file)).toHaveLength(22);
  });

  it('MAP ... PNG attaches alpha.png, and the mail layer sends it as bytes', async () => {
    const { judge, map: png } = await mapOfNewGame('alpha png');
    expect(png.reply.attachments!.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: 'alpha.png', contentType: 'image/png' },
    ]);
    const responder = new CommandResponder(judge.executor);
    const from = { name: '', address: 'anyone@example.org' };
    const mail = {
      messageId: '<map-png@example.org>',
      from,
      replyTo: [],
      subject: 'map',
      date: null,
      text: 'MAP alpha PNG',
      commandText: 'MAP alpha PNG',
      references: [],
    };
    const outcome = await responder.process(mail, {
      db: judge.db,
      mailKey: '<map-png@example.org> hash',
      now: judge.clock.now.toJSDate(),
      judge: { name: 'TEST', address: 'judge@example.org', keeper: 'keeper@example.org' },
    });
    const [attachment] = outcome.mails[0]!.attachments!;
    expect(attachment!.filename).toBe('alpha.png');
    expect(attachmentBytes(attachment!).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('sends the board after the phase with every results mail, the orders drawn on it; MAP draws the plain position', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge);
    const france = players.get('FRANCE')!;
    await judge.send(france.address, `SIGNON Falpha ${france.password}\nA PAR - BUR`);
    const processed = await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS!');
    const results = processed.notices.filter((notice) => notice.subject.includes('S1901M results'));
    expect(results).toHaveLength(8);
    for (const notice of results) {
      expect(notice.attachments?.map((file) => file.filename)).toEqual(['alpha.svg']);
      expect(svgOf(notice.attachments![0])).toContain('Game alpha after Spring 1901 Movement');
      expect(unitsIn(notice.attachments![0])).toContain('A BUR (France)');
      expect(unitsIn(notice.attachments![0])).not.toContain('A PAR (France)');
      expect(titles(svgOf(notice.attachments![0]))).toContain('A PAR - BUR');
    }
    const map = await judge.send('anyone@example.org', 'MAP alpha');
    expect(titles(svgOf(map.reply.attachments![0]))).not.toContain('A PAR - BUR');
  });

  it('draws a build hidden by HIDE_BUILDS only for its power and the Master, in results and in MAP', async () => {
    const judge = mailJudge();
    const { players, france, signon, winter } = await franceBuilds(judge, ['RULE HIDE_BUILDS']);
    const results = winter.notices.filter((notice) => notice.subject.includes('W1901A results'));
    expect(results).toHaveLength(8);
    expect(unitsIn(noticesTo(results, france.address)[0]!.attachments![0])).toContain('A MAR (France)');
    expect(unitsIn(noticesTo(results, MASTER)[0]!.attachments![0])).toContain('A MAR (France)');
    const german = noticesTo(results, players.get('GERMANY')!.address)[0]!;
    expect(german.text).toContain('BUILD HIDDEN.');
    expect(unitsIn(german.attachments![0])).not.toContain('A MAR (France)');
    expect(titles(svgOf(noticesTo(results, france.address)[0]!.attachments![0]))).toContain('BUILD A MAR');
    expect(titles(svgOf(noticesTo(results, MASTER)[0]!.attachments![0]))).toContain('BUILD A MAR');
    expect(svgOf(german.attachments![0])).not.toContain('BUILD A MAR');
    expect(unitsIn(german.attachments![0])).toContain('A SPA (France)');

    const stranger = await judge.send('anyone@example.org', 'MAP alpha');
    expect(unitsIn(stranger.reply.attachments![0])).not.toContain('A MAR (France)');
    const listed = await judge.send('anyone@example.org', 'LIST alpha');
    expect(listed.reply.text).toContain('a unit built out of sight');
    expect(listed.reply.text).not.toContain('A MAR');
    expect((await judge.send(france.address, `${signon}\nLIST`)).reply.text).toContain('A MAR');
    const own = await judge.send(france.address, `${signon}\nMAP`);
    expect(unitsIn(own.reply.attachments![0])).toContain('A MAR (France)');
    const master = await judge.send(MASTER, 'SIGNON Malpha masterpw\nMAP');
    expect(unitsIn(master.reply.attachments![0])).toContain('A MAR (France)');

    // The spring results show the army's orders, and so does the picture from then on.
    const spring = await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS!');
    const springResults = spring.notices.filter((notice) => notice.subject.includes('S1902M results'));
    expect(springResults).toHaveLength(8);
    // Rules.txt: the movement results after hidden builds have a FOUND line for each, besides its order.
    for (const notice of springResults) expect(notice.text).toMatch(/France:\n {2}FOUND A MAR\.\n/);
    const later = await judge.send('anyone@example.org', 'MAP alpha');
    expect(unitsIn(later.reply.attachments![0])).toContain('A MAR (France)');
  });

  it('draws builds for everyone when nothing hides them', async () => {
    const judge = mailJudge();
    const { winter } = await franceBuilds(judge, []);
    const results = winter.notices.filter((notice) => notice.subject.includes('W1901A results'));
    for (const notice of results) {
      expect(unitsIn(notice.attachments![0])).toContain('A MAR (France)');
      expect(titles(svgOf(notice.attachments![0]))).toContain('BUILD A MAR');
    }
    const stranger = await judge.send('anyone@example.org', 'MAP alpha');
    expect(unitsIn(stranger.reply.attachments![0])).toContain('A MAR (France)');
  });
});
