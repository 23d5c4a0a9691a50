import { join, resolve } from 'node:path';
import { ConfigError, folder, type LoadedConfig, type MailConfig } from '../config/config.js';

/** The mail settings checked beyond their types, with their folders resolved. */
export interface MailSettings {
  readonly mail: MailConfig;
  readonly databaseFile: string;
  readonly varFolder: string;
  /** The local Maildir read when no IMAP host is set. */
  readonly maildir: string;
  /** The folder .eml files are written to when no SMTP host is set. */
  readonly outbox: string;
}

function check(loaded: LoadedConfig, ok: boolean, setting: string, expected: string, value: unknown): void {
  if (!ok) throw new ConfigError(`${loaded.file ?? 'embedded defaults'}: 'mail.${setting}' must be ${expected}, got ${JSON.stringify(value)}`);
}

const isPort = (value: number) => Number.isInteger(value) && value >= 1 && value <= 65535;
const isPositive = (value: number) => Number.isFinite(value) && value > 0;
const isFolderName = (value: string) => /^[^/\\.][^/\\]*$/.test(value);

export function mailSettings(loaded: LoadedConfig): MailSettings {
  const { mail } = loaded.config;
  const { imap, smtp, throttle, backoff } = mail;
  check(loaded, isPort(imap.port), 'imap.port', 'a port number (1-65535)', imap.port);
  check(loaded, isPort(smtp.port), 'smtp.port', 'a port number (1-65535)', smtp.port);
  check(loaded, imap.host === '' || imap.user !== '', 'imap.user', 'set when mail.imap.host is', imap.user);
  check(loaded, imap.mailbox !== '', 'imap.mailbox', 'a mailbox name', imap.mailbox);
  check(loaded, isPositive(imap.pollSeconds), 'imap.pollSeconds', 'a positive number', imap.pollSeconds);
  check(loaded, Number.isInteger(smtp.connections) && smtp.connections >= 1, 'smtp.connections', 'a whole number of at least 1', smtp.connections);
  check(loaded, isFolderName(mail.processedFolder), 'processedFolder', 'a folder name', mail.processedFolder);
  check(loaded, isFolderName(mail.failedFolder), 'failedFolder', 'a folder name', mail.failedFolder);
  check(loaded, mail.processedFolder !== mail.failedFolder, 'failedFolder', 'other than mail.processedFolder', mail.failedFolder);
  check(
    loaded,
    Number.isInteger(mail.maxMessageBytes) && mail.maxMessageBytes >= 1024,
    'maxMessageBytes',
    'a whole number of at least 1024',
    mail.maxMessageBytes,
  );
  check(loaded, isPositive(mail.handoffAnswerSeconds), 'handoffAnswerSeconds', 'a positive number', mail.handoffAnswerSeconds);
  check(loaded, Number.isInteger(throttle.mails) && throttle.mails >= 1, 'throttle.mails', 'a whole number of at least 1', throttle.mails);
  check(loaded, isPositive(throttle.minutes), 'throttle.minutes', 'a positive number', throttle.minutes);
  check(loaded, isPositive(backoff.firstSeconds), 'backoff.firstSeconds', 'a positive number', backoff.firstSeconds);
  check(loaded, backoff.maxSeconds >= backoff.firstSeconds, 'backoff.maxSeconds', 'at least mail.backoff.firstSeconds', backoff.maxSeconds);
  const varFolder = folder(loaded, 'var');
  return {
    mail,
    databaseFile: join(varFolder, 'judge.db'),
    varFolder,
    maildir: resolve(varFolder, mail.maildir),
    outbox: resolve(varFolder, mail.outbox),
  };
}
