import type { OutgoingMail } from '../store/outgoing-mail.js';
import { answer, type IncomingMail } from './responder.js';

/** The short mails the mail layer sends on its own, when a mail never reaches the responder. */

export function oversizedRefusal(mail: IncomingMail, size: number, maxBytes: number): OutgoingMail {
  return answer(
    mail,
    `Your mail of ${size} bytes is larger than the ${maxBytes} bytes this judge reads, so it was not read.\n` +
      'Please send your commands again as plain text, without attachments.\n',
  );
}

export function throttleNotice(mail: IncomingMail, mails: number, minutes: number): OutgoingMail {
  return answer(
    mail,
    `This judge reads at most ${mails} mails from one address in ${minutes} minutes. ` +
      'This mail and any more you send in that time are not read.\n' +
      'Please wait, then send your commands again in a single mail.\n',
  );
}

/** To the sender of a mail that failed: why, when the responder could say (`cause`), else an internal error. */
export function failureNotice(mail: IncomingMail, cause?: string): OutgoingMail {
  return answer(
    mail,
    cause
      ? `The judge could not process your mail: ${cause}. None of its commands took effect.\n` +
          'The judgekeeper has been told, and will have your mail processed again once that is done; you need not send it again.\n'
      : 'The judge could not process your mail because of an internal error. None of its commands took effect.\n' +
          'The judgekeeper has been told and will look into it.\n',
  );
}

export interface FailedMail {
  readonly sender: string;
  readonly subject: string;
  readonly messageId: string | null;
  readonly error: string;
}

export function keeperFailureNotice(keeper: string, failed: FailedMail, failedFolder: string): OutgoingMail {
  return {
    to: [keeper],
    subject: `Judge: a mail could not be processed (${failed.sender || 'unknown sender'})`,
    text:
      `A mail could not be processed and was moved to the '${failedFolder}' folder.\n\n` +
      `From:       ${failed.sender || '(unknown)'}\n` +
      `Subject:    ${failed.subject}\n` +
      `Message-ID: ${failed.messageId ?? '(none)'}\n` +
      `Error:      ${failed.error}\n\n` +
      'Once its cause is mended, process the mail again: judge mail --retry < <the mail as a file>\n' +
      `(the local Maildir keeps it in its .${failedFolder}/cur/ folder).\n`,
  };
}

/**
 * The judge cannot write its files (a full disk, a read-only file system): every mail waits, none
 * is lost, and the judgekeeper is told, once an hour at most however many mails wait.
 */
export function keeperStorageNotice(keeper: string, failed: FailedMail): OutgoingMail {
  return {
    to: [keeper],
    subject: 'Judge: cannot write its files; mail is waiting',
    text:
      'The judge could not write a file while handling a mail, so the mail was not handled. ' +
      'It stays where it is (or with the delivery agent, in pipe mode) and is tried again until the writes succeed; ' +
      'no game was changed by it.\n\n' +
      `From:       ${failed.sender || '(unknown)'}\n` +
      `Subject:    ${failed.subject}\n` +
      `Message-ID: ${failed.messageId ?? '(none)'}\n` +
      `Error:      ${failed.error}\n\n` +
      'Free some disk space, or make the folder writable again. You are told again after an hour if it still fails.\n',
  };
}
