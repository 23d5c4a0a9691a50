import { describe, expect, it } from 'vitest';
import { parseMail } from '../../src/mail/parse.js';
import { fromPipe } from '../../src/mail/raw-mail.js';
import { reasonNotToAnswer } from '../../src/mail/screening.js';

const JUDGE = 'judge@example.org';

async function screened(headers: readonly string[], from = 'Pat Player <pat@example.org>'): Promise<string | null> {
  const text = [`From: ${from}`, 'To: judge@example.org', 'Subject: Re: orders', 'Message-ID: <m@example.org>', ...headers, '', 'LIST', ''].join('\r\n');
  return reasonNotToAnswer(await parseMail(fromPipe(Buffer.from(text), 1_000_000)), JUDGE);
}

describe('mail the judge never answers, so that no two programs mail each other for ever', () => {
  it.each([
    ['X-Autoreply: yes'],
    ['X-Autorespond: vacation'],
    ['Precedence: auto_reply'],
    ['X-Autoreply-From: pat@example.org'],
    ['X-Mail-Autoreply: on'],
    ['Auto-Submitted: auto-replied'],
    ['Precedence: bulk'],
    ['List-Id: <players.example.org>'],
    [`X-Loop: ${JUDGE}`],
    ['Sender: Mail Delivery System <MAILER-DAEMON@mx.example.org>'],
  ])('stays silent on a person\u2019s From with %s', async (header) => {
    expect(await screened([header])).not.toBeNull();
  });

  it('answers a person\u2019s mail, Auto-Submitted: no and an X-Loop for another robot included', async () => {
    expect(await screened([])).toBeNull();
    expect(await screened(['Auto-Submitted: no', 'X-Loop: list@elsewhere.example.org'])).toBeNull();
  });
});
