import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { mailSettings } from '../../src/mail/settings.js';
import { temporaryFolder } from './support/judge-setup.js';

function settingsOf(mail: unknown) {
  const folder = temporaryFolder('judge-settings-');
  const file = join(folder, 'judge.config.json');
  writeFileSync(file, JSON.stringify({ mail }));
  return { folder, settings: () => mailSettings(loadConfig(file)) };
}

describe('the mail settings of judge.config.json', () => {
  it('default to a Maildir and an .eml outbox under var/, with the journal beside them', () => {
    const { folder, settings } = settingsOf({});
    expect(settings()).toMatchObject({
      databaseFile: join(folder, 'var', 'judge.db'),
      maildir: join(folder, 'var', 'maildir'),
      outbox: join(folder, 'var', 'outbox'),
      mail: { imap: { host: '' }, smtp: { host: '' } },
    });
  });

  it.each([
    [{ imap: { hots: 'mail.test' } }, /unknown setting 'mail\.imap\.hots'/],
    [{ smtp: { port: '25' } }, /'mail\.smtp\.port' must be a number/],
    [{ imap: { host: 'imap.test' } }, /'mail\.imap\.user' must be set when mail\.imap\.host is/],
    [{ imap: { port: 0 } }, /'mail\.imap\.port' must be a port number \(1-65535\), got 0/],
    [{ throttle: { mails: 0 } }, /'mail\.throttle\.mails' must be a whole number of at least 1/],
    [{ failedFolder: 'processed' }, /'mail\.failedFolder' must be other than mail\.processedFolder/],
    [{ processedFolder: '../elsewhere' }, /'mail\.processedFolder' must be a folder name/],
    [{ backoff: { firstSeconds: 10, maxSeconds: 1 } }, /'mail\.backoff\.maxSeconds' must be at least mail\.backoff\.firstSeconds/],
  ])('refuse %j with a clear error', (mail, message) => {
    const { settings } = settingsOf(mail);
    expect(settings).toThrow(ConfigError);
    expect(settings).toThrow(message);
  });
});
