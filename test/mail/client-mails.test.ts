import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandText, withoutComments } from '../../src/mail/body.js';
import { parseMail } from '../../src/mail/parse.js';
import { limited } from '../../src/mail/raw-mail.js';

/** Mails in the shapes real mail programs send, each reduced to the commands its sender wrote. */

async function parseFixture(name: string) {
  const bytes = readFileSync(join(import.meta.dirname, 'fixtures', name));
  return parseMail(limited(bytes, bytes.length, 1_000_000));
}

describe('mails as real clients send them', () => {
  it.each([
    ['thunderbird-alternative.eml', 'SIGNON Fspring26 secret\nA PAR - BUR\nF BRE - MAO'],
    ['html-only.eml', 'SIGNON Gspring26 secret\nA MUN - RUH\nF KIE - HOL'],
    [
      'quoted-printable.eml',
      'SIGNON Fspring26 sésame\nA MAR - PIE\nF BRE S A PAR - GAS, which is long enough for a soft line break to fall into the middle of a word',
    ],
    ['base64.eml', 'SIGNON Espring26 geheim\nF LON - NTH\nA LVP - YOR'],
    ['latin1.eml', 'SIGNON Gspring26 geheimnis\nPRESS TO F\nGrüße aus München!\nENDPRESS\nA BER - KIE'],
    ['format-flowed.eml', 'SIGNON Ispring26 segreto\nSET ABSENCE 2026-12-24 TO 2026-12-27 because we are away for the holidays with the family\nA ROM - VEN'],
    ['gmail-top-posted-reply.eml', 'SIGNON Aspring26 passwort\nA VIE - GAL'],
    ['signature.eml', 'SIGNON Tspring26 sifre\nA CON - BUL\nF ANK - BLA'],
    ['outlook-reply.eml', 'SIGNON Rspring26 parol\nF SEV - BLA'],
  ])('%s yields its command text', async (fixture, expected) => {
    const { mail } = await parseFixture(fixture);
    expect(mail.commandText).toBe(expected);
  });

  it('decodes encoded headers and keeps the whole text for press', async () => {
    const { mail } = await parseFixture('latin1.eml');
    expect(mail.from).toEqual({ name: 'Jörg Müller', address: 'joerg@player.test' });
    expect(mail.subject).toBe('Züge');
    expect(mail.messageId).toBe('<latin1-8bit@player.test>');
    expect(mail.references).toEqual(['<latin1-8bit@player.test>']);

    const reply = await parseFixture('gmail-top-posted-reply.eml');
    expect(reply.mail.text).toContain('> Austria: A VIE - GAL.');
    expect(reply.mail.references).toEqual(['<results-s1901m@dip.test>', '<CAF=gmail-top-posted@mail.player.test>']);
  });

  it('drops // comment lines everywhere, press included', async () => {
    const { mail } = await parseFixture('quoted-printable.eml');
    expect(mail.text).toContain('// a comment that is long enough that the mail program had to break it with a soft line break');
    expect(withoutComments(mail.text)).not.toContain('a comment');
    expect(withoutComments('PRESS TO F\n  // not for France\nHello\nENDPRESS')).toBe('PRESS TO F\nHello\nENDPRESS');
  });
});

describe('command text', () => {
  it('drops quotes and their attribution line, and stops at a signature separator', () => {
    const text = 'SIGNON Fx pw\r\nA PAR H\r\n\r\nOn Monday, the judge wrote:\r\n> F BRE - MAO\r\n--\r\nF BRE - ENG';
    expect(commandText(text)).toBe('SIGNON Fx pw\nA PAR H');
  });

  it('keeps a line ending in a colon that no quote follows', () => {
    expect(commandText('PRESS TO F\nDear France:\nlet us talk\nENDPRESS')).toBe('PRESS TO F\nDear France:\nlet us talk\nENDPRESS');
  });

  it('turns no-break spaces into spaces', () => {
    expect(commandText('A\u00a0PAR\u00a0-\u00a0BUR')).toBe('A PAR - BUR');
  });
});
