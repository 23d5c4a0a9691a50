import { clip, QUOTED_LINE_CHARACTERS } from '../../common/clip.js';
import type { JudgeConfig } from '../../config/config.js';
import type { MailAttachment, OutgoingMail } from '../../store/outgoing-mail.js';
import type { Templates } from '../../templates/templates.js';
import { quoted, type Refused } from '../context/step.js';

/**
 * The one reply a mail gets: each command echoed with what became of it, then every refused line
 * quoted with its reason. It goes to the sender and, when the mail acted for a single power from
 * an address that power does not have, to that power's addresses too; when it acted for several
 * powers, each of them gets a copy of its own part only, so no power sees another's orders.
 */

export interface Entry {
  readonly echo: readonly string[];
  readonly lines: readonly string[];
  /** The power the command acted for (`game/POWER`), or null. */
  readonly owner: string | null;
  readonly refused: readonly Refused[];
  readonly attachments: readonly MailAttachment[];
}

export interface Owner {
  readonly key: string;
  readonly game: string;
  readonly power: string;
  /** The power's addresses when the mail signed on to it. */
  readonly addresses: readonly string[];
}

/** Output lines longer than this are cut too: a reason may carry the mail's words by other ways than `shown`. */
const ANSWER_LINE_CHARACTERS = 1_000;

function render(templates: Templates, entries: readonly Entry[], intro: string | null): string {
  const refused = entries.flatMap((entry) => entry.refused.map(quoted));
  const cut = entries.map((entry) => ({
    ...entry,
    echo: entry.echo.map((line) => clip(line, QUOTED_LINE_CHARACTERS)),
    lines: entry.lines.map((text) =>
      text
        .split('\n')
        .map((line) => clip(line, ANSWER_LINE_CHARACTERS))
        .join('\n'),
    ),
  }));
  return templates.render('reply', { intro, entries: cut, refused, refusedCount: refused.length, empty: entries.length === 0 });
}

/** The files the entries' commands attach; a mail without any has no `attachments` at all. */
function attachmentsOf(entries: readonly Entry[]): Pick<OutgoingMail, 'attachments'> {
  const files = entries.flatMap((entry) => entry.attachments);
  return files.length > 0 ? { attachments: files } : {};
}

function subjectOf(judge: JudgeConfig['judge'], games: readonly string[]): string {
  return `Judge ${judge.name}: reply${games.length > 0 ? ` (${games.join(', ')})` : ''}`;
}

export function buildReply(
  templates: Templates,
  judge: JudgeConfig['judge'],
  sender: string,
  entries: readonly Entry[],
  owners: readonly Owner[],
  games: readonly string[],
): { reply: OutgoingMail; copies: OutgoingMail[] } {
  const strangers = owners.filter((owner) => !owner.addresses.some((address) => address.toLowerCase() === sender));
  const acted = new Set(entries.map((entry) => entry.owner).filter((owner) => owner !== null));
  const reply = { to: [sender], subject: subjectOf(judge, games), text: render(templates, entries, null), ...attachmentsOf(entries) };
  if (strangers.length === 0) return { reply, copies: [] };
  const onlyOne = acted.size === 1 && owners.length === 1 && !entries.some((entry) => entry.owner === 'master');
  if (onlyOne) return { reply: { ...reply, to: [sender, ...strangers[0]!.addresses.filter((address) => address.toLowerCase() !== sender)] }, copies: [] };
  const copies = strangers.map((owner) => {
    const own = entries.filter((entry) => entry.owner === owner.key);
    const text = render(templates, own, `A mail from ${sender} signed on as ${owner.power} in game '${owner.game}'. What it did for ${owner.power}:`);
    return { to: [...owner.addresses], subject: subjectOf(judge, [owner.game]), text, ...attachmentsOf(own) };
  });
  return { reply, copies };
}
