import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { openChecker } from '../../src/checker/open.js';
import { OutboxNoticeSink } from '../../src/mail/notice-sink.js';
import { openDatabase } from '../../src/store/database.js';
import { useMailServers } from './support/mail-servers.js';
import { judgeFolder, plainMail, until } from './support/judge-setup.js';

/**
 * A game played entirely by mail through the real servers: mails go into Dovecot, the judge reads
 * them over IMAP, and every answer, press message and result is caught by the SMTP server.
 */

const servers = useMailServers();
const MASTER = 'master@player.test';
const player = (n: number) => `p${n}@player.test`;
let serial = 0;

describe('a whole game by mail through Dovecot and smtp-server', () => {
  it('goes from CREATE through JOINs, orders, press, a late reminder and processing to a retreat and an adjustment phase', async () => {
    const folder = judgeFolder(servers.settings());
    await servers.startJudge(folder);
    const statusFile = join(folder.folder, 'games', 'mailgame', 'status');
    const status = () => readFileSync(statusFile, 'utf8');
    const mailsTo = (address: string) => servers.sink.captured.filter((mail) => mail.envelopeTo.includes(address));
    const send = async (from: string, body: string, subject = 'judge') => {
      const before = servers.sink.captured.length;
      await servers.mailbox.append([plainMail({ from, subject, body, messageId: `<game-${++serial}@player.test>` })]);
      await servers.sink.waitFor(before + 1);
      await until(() => servers.logs.some((line) => line.includes(`"${subject}"`)), 10_000, `the judge to handle "${subject}"`);
    };
    const phaseIs = (phase: string) => until(() => status().includes(`PHASE ${phase}\n`), 20_000, `PHASE ${phase}`);

    await send(MASTER, 'CREATE mailgame masterpw\nFORM\nSIGNOFF\n', 'create');
    expect(mailsTo(MASTER).at(-1)!.parsed.text).toContain("Game 'mailgame' is created");
    for (let n = 1; n <= 7; n++) await send(player(n), `JOIN mailgame pw${n}\n`, `join ${n}`);
    await phaseIs('SPRING 1901 MOVEMENT');
    const powers = new Map<string, number>();
    for (const match of status().matchAll(/^(\w+)\nADDRESS p(\d)@player\.test$/gm)) powers.set(match[1]!, Number(match[2]));
    expect(powers.size).toBe(7);
    const from = (power: string) => player(powers.get(power)!);
    const signon = (power: string) => `SIGNON ${power[0]}mailgame pw${powers.get(power)}`;

    const spring: Record<string, string> = {
      AUSTRIA: 'A BUD - SER\nA VIE H\nF TRI H',
      GERMANY: 'A MUN - BUR\nA BER H\nF KIE H',
      FRANCE: 'A PAR H\nA MAR H\nF BRE H\nPRESS TO ENGLAND\nShall we share the Channel?\nENDPRESS',
      ENGLAND: 'F LON H\nF EDI H\nA LVP H\nBROADCAST\nGood luck, everyone.\nENDBROADCAST',
      ITALY: 'A VEN H\nA ROM H\nF NAP H\nPRESS GREY TO AUSTRIA\nWatch your back.\nENDPRESS',
      RUSSIA: 'A WAR H\nA MOS H\nF SEV H\nF STP/SC H',
    };
    for (const [power, orders] of Object.entries(spring)) await send(from(power), `${signon(power)}\n${orders}\n`, `spring ${power}`);
    const english = mailsTo(from('ENGLAND'));
    expect(english.some((mail) => mail.parsed.text!.includes('Shall we share the Channel?'))).toBe(true);
    expect(mailsTo(from('GERMANY')).some((mail) => mail.parsed.text!.includes('Shall we share the Channel?'))).toBe(false);
    expect(mailsTo(from('TURKEY')).some((mail) => mail.parsed.text!.includes('Good luck, everyone.'))).toBe(true);
    const replyTo = (power: string) => mailsTo(from(power)).find((mail) => mail.parsed.subject === `Re: spring ${power}`)!.parsed.text!;
    const italianReply = replyTo('ITALY');
    expect(italianReply).toMatch(/GREY_PRESS|grey/i);
    expect(mailsTo(from('AUSTRIA')).some((mail) => mail.parsed.text!.includes('Watch your back.'))).toBe(false);
    expect(replyTo('FRANCE')).toContain('A PAR H');
    expect(mailsTo(from('FRANCE')).some((mail) => mail.parsed.text!.includes('A MUN - BUR'))).toBe(false);

    // Turkey is late: a sweep after the deadline sends it the late notice.
    const deadline = /^DEADLINE (\d{12})$/m.exec(status())![1]!;
    const after = DateTime.fromFormat(deadline, 'yyyyMMddHHmm', { zone: 'utc' }).plus({ minutes: 20 });
    const db = openDatabase(join(folder.folder, 'var', 'judge.db'));
    const checker = openChecker(folder.loaded, db, new OutboxNoticeSink(db, folder.loaded.config.judge), { now: () => after });
    await checker.sweep(after);
    db.close();
    await until(() => mailsTo(from('TURKEY')).some((mail) => /late/i.test(mail.parsed.subject ?? '')), 20_000, 'the late notice to Turkey');
    await send(from('TURKEY'), `${signon('TURKEY')}\nA CON H\nA SMY H\nF ANK H\n`, 'spring TURKEY');

    const results = (phase: string) => servers.sink.captured.filter((mail) => mail.parsed.subject?.includes(`mailgame ${phase} results`));
    await send(MASTER, 'SIGNON Mmailgame masterpw\nPROCESS\n', 'process spring');
    await phaseIs('FALL 1901 MOVEMENT');
    await until(() => results('S1901M').length >= 8, 20_000, 'the spring results to everyone');
    expect(results('S1901M')[0]!.parsed.text).toContain('A MUN - BUR.');
    const picture = results('S1901M')[0]!.parsed.attachments[0]!;
    expect(picture).toMatchObject({ filename: 'mailgame.svg', contentType: 'image/svg+xml' });
    expect(picture.content.toString('utf8')).toContain('<title>A BUR (Germany)</title>');

    const fall: Record<string, string> = {
      FRANCE: 'A PAR - BUR\nA MAR S A PAR - BUR\nF BRE H',
      GERMANY: 'A BUR H\nA BER H\nF KIE H',
      AUSTRIA: 'A SER H\nA VIE H\nF TRI H',
      ENGLAND: 'F LON H\nF EDI H\nA LVP H',
      ITALY: 'A VEN H\nA ROM H\nF NAP H',
      RUSSIA: 'A WAR H\nA MOS H\nF SEV H\nF STP/SC H',
      TURKEY: 'A CON H\nA SMY H\nF ANK H',
    };
    for (const [power, orders] of Object.entries(fall)) await send(from(power), `${signon(power)}\n${orders}\n`, `fall ${power}`);
    await send(MASTER, 'SIGNON Mmailgame masterpw\nPROCESS\n', 'process fall');
    await phaseIs('FALL 1901 RETREATS');
    expect(status()).toMatch(/^A BUR --> .*MUN/m);

    await send(from('GERMANY'), `${signon('GERMANY')}\nA BUR R MUN\n`, 'retreat');
    await send(MASTER, 'SIGNON Mmailgame masterpw\nPROCESS\n', 'process retreat');
    await phaseIs('WINTER 1901 ADJUSTMENTS');
    await send(from('AUSTRIA'), `${signon('AUSTRIA')}\nBUILD A BUD\n`, 'build');
    await send(MASTER, 'SIGNON Mmailgame masterpw\nPROCESS\n', 'process winter');
    await phaseIs('SPRING 1902 MOVEMENT');
    expect(status()).toMatch(/^A BUD$/m);
    await until(() => results('W1901A').length >= 8, 20_000, 'the winter results to everyone');
    expect(results('W1901A')[0]!.parsed.text).toContain('BUILD A BUD.');
  }, 180_000);
});
