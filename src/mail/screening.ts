import type { ParsedMail } from './parse.js';

/**
 * Mail the judge must never answer, so that two robots cannot mail each other without end: mail that
 * says it was sent by a program (RFC 3834's Auto-Submitted, the older Precedence and mailing-list
 * headers), bounces (null or MAILER-DAEMON return path, delivery reports), and mail from the judge's
 * own address. Returns why the mail is not to be answered, or null when it may be.
 */
export function reasonNotToAnswer(parsed: ParsedMail, judgeAddress: string): string | null {
  const autoSubmitted = parsed.header('auto-submitted');
  if (autoSubmitted !== undefined && autoSubmitted.split(';')[0]!.trim().toLowerCase() !== 'no') {
    return `auto-submitted (${autoSubmitted})`;
  }
  const precedence = parsed.header('precedence')?.toLowerCase();
  if (precedence === 'bulk' || precedence === 'junk' || precedence === 'list') return `precedence ${precedence}`;
  if (parsed.header('list-id') !== undefined) return 'mailing-list mail';
  if (parsed.returnPath === '') return 'bounce (null return path)';
  if (isMailerDaemon(parsed.returnPath) || isMailerDaemon(parsed.mail.from.address)) return 'bounce (MAILER-DAEMON)';
  if (/^multipart\/report\b/i.test(parsed.header('content-type') ?? '')) return 'delivery report';
  const own = judgeAddress.toLowerCase();
  if (parsed.mail.from.address.toLowerCase() === own) return "from the judge's own address";
  if (parsed.mail.replyTo.some(({ address }) => address.toLowerCase() === own)) return "reply-to is the judge's own address";
  if (parsed.mail.from.address === '') return 'no sender address';
  return null;
}

function isMailerDaemon(address: string | null): boolean {
  return address !== null && /^mailer-daemon(@|$)/i.test(address);
}
