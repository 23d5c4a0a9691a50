import { describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { simpleParser, type ParsedMail } from 'mailparser';
import { toNodemailer } from '../../src/mail/compose.js';
import { plainMessage } from '../../src/mail/plain-message.js';
import type { OutboxEntry } from '../../src/store/journal.js';
import type { OutgoingMail } from '../../src/store/outgoing-mail.js';

const JUDGE = { name: 'USIN', address: 'judge@dip.test', keeper: 'keeper@dip.test' };

function entry(mail: OutgoingMail): OutboxEntry {
  return { id: 1, messageId: '<reply-1@dip.test>', createdAt: Date.UTC(2026, 10, 7, 9, 5, 3), mail, attempts: 0 };
}

/** The message nodemailer puts on the wire for the outbox entry, as the .eml transport writes it. */
async function sent(options: ReturnType<typeof toNodemailer>): Promise<ParsedMail> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const { message } = await composer.sendMail(options);
  return simpleParser(message as Buffer);
}

/** What a reader of the mail sees of it. */
function seen(mail: ParsedMail) {
  const header = (name: string) => mail.headers.get(name);
  return {
    from: mail.from?.text,
    to: Array.isArray(mail.to) ? mail.to.map((to) => to.text) : mail.to?.text,
    subject: mail.subject,
    messageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    date: mail.date?.toISOString(),
    text: mail.text,
    autoSubmitted: header('auto-submitted'),
    suppress: header('x-auto-response-suppress'),
    contentType: mail.headers.get('content-type'),
  };
}

const REPLY: OutgoingMail = {
  to: ['player1@player.test'],
  subject: 'Re: orders 1',
  text: '> HELP\nMail your commands to judge@dip.test, one per line, in a plain-text mail; lines may be long like this one.\n.\nend = done\n',
  answers: { inReplyTo: '<orders-1@player.test>', references: ['<first@player.test>', '<orders-1@player.test>'] },
};

describe('a mail that needs no encoding, written out whole', () => {
  it('reads as the mail nodemailer builds from its parts', async () => {
    const plain = toNodemailer(entry(REPLY), JUDGE);
    expect(plain.raw).toBeDefined();
    // One letter outside ASCII in the subject, and nodemailer builds the same mail from its parts.
    const built = toNodemailer(entry({ ...REPLY, subject: 'Re: orders 1 é' }), JUDGE);
    expect(built.raw).toBeUndefined();
    const expected = { ...seen(await sent(built)), subject: 'Re: orders 1' };
    expect(seen(await sent(plain))).toEqual(expected);
    expect(expected).toMatchObject({
      from: '"USIN" <judge@dip.test>',
      to: 'player1@player.test',
      messageId: '<reply-1@dip.test>',
      inReplyTo: '<orders-1@player.test>',
      references: ['<first@player.test>', '<orders-1@player.test>'],
      date: '2026-11-07T09:05:03.000Z',
      text: REPLY.text,
      autoSubmitted: 'auto-replied',
      suppress: 'All',
    });
  });

  it('keeps a long thread within the line limit, and marks a mail of its own auto-generated', async () => {
    const references = Array.from({ length: 12 }, (_, index) => `<message-${index}@player.test>`);
    const mail: OutgoingMail = {
      to: ['a@player.test', 'b@player.test'],
      subject: 'Diplomacy results',
      text: 'Spring 1901\n',
      answers: { inReplyTo: null, references },
    };
    const raw = plainMessage(mail, { from: JUDGE, messageId: '<r@dip.test>', date: new Date(0), extra: { 'Auto-Submitted': 'auto-generated' } })!;
    expect(raw.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    const parsed = await simpleParser(raw);
    expect(parsed.references).toEqual(references);
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    const { answers: _answers, ...ownMail } = mail;
    expect((await sent(toNodemailer(entry(ownMail), JUDGE))).headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('leaves to nodemailer a mail with letters outside ASCII, an attachment, a line too long or a name to quote', () => {
    const headers = { from: JUDGE, messageId: '<r@dip.test>', date: new Date(0), extra: {} };
    expect(plainMessage({ ...REPLY, subject: 'Re: ordres été' }, headers)).toBeNull();
    expect(plainMessage({ ...REPLY, text: 'Café\n' }, headers)).toBeNull();
    expect(plainMessage({ ...REPLY, text: `${'x'.repeat(999)}\n` }, headers)).toBeNull();
    expect(plainMessage({ ...REPLY, attachments: [{ filename: 'map.svg', contentType: 'image/svg+xml', contentBase64: 'PHN2Zy8+' }] }, headers)).toBeNull();
    expect(plainMessage(REPLY, { ...headers, from: { name: 'J. Keeper', address: 'judge@dip.test' } })).toBeNull();
    expect(plainMessage({ ...REPLY, to: ['joueur@exemple.fr', 'élève@exemple.fr'] }, headers)).toBeNull();
    expect(toNodemailer(entry({ ...REPLY, subject: 'Re: ordres été' }), JUDGE).raw).toBeUndefined();
  });
});
