import { accept, refuse, type Verdict } from '../../common/verdict.js';
import type { ClaimedSender, PowerList, Press } from './types.js';
import { playerName, powerList, shown } from './values.js';

/**
 * The options of a PRESS or BROADCAST line, in any order, each at most once:
 * `TO list` (also `+list`), `FAKE TO list` (also `FAKE +list`) or `FAKE BROADCAST`,
 * `FROM power` / `FAKE FROM power` / `WHITE` / `GREY` / `GRAY`, and `QUIET`.
 * A list is one word (a name, or initials run together: `AIRE`) or names joined by commas or
 * spaces. Whether the game allows what the options ask is for the executor.
 */

export type PressHeader = Omit<Press, 'body' | 'lastLine' | 'endedBy'>;

const OPTION_NAMES = 'TO, FAKE TO, FAKE BROADCAST, FROM, FAKE FROM, WHITE, GREY, QUIET';

const OPTION_WORDS: ReadonlySet<string> = new Set(['TO', 'FAKE', 'FROM', 'WHITE', 'GREY', 'GRAY', 'QUIET', 'BROADCAST']);

/** A word after a list that may be one more name of it: no option, and starting as a name does. */
function continuesList(word: string): boolean {
  return !OPTION_WORDS.has(word.toUpperCase()) && /^[A-Za-z0-9]/.test(word);
}

/** Reads the header's words one option at a time, remembering what has been given. */
class HeaderReader {
  private next = 0;
  private to?: PowerList;
  private fakeTo?: PowerList | 'everyone';
  private from?: ClaimedSender;
  private quiet = false;

  constructor(
    private readonly words: readonly string[],
    private readonly broadcast: boolean,
  ) {}

  read(): Verdict<PressHeader> {
    while (this.next < this.words.length) {
      const problem = this.option();
      if (problem !== null) return refuse(problem);
    }
    if (!this.broadcast && this.to === undefined) return refuse('PRESS needs TO and the recipients (or use BROADCAST for everyone)');
    const header: PressHeader = { kind: 'press', broadcast: this.broadcast, quiet: this.quiet };
    return accept({
      ...header,
      ...(this.to !== undefined && { to: this.to }),
      ...(this.fakeTo !== undefined && { fakeTo: this.fakeTo }),
      ...(this.from !== undefined && { from: this.from }),
    });
  }

  private option(): string | null {
    const word = this.take().toUpperCase();
    if (word === 'QUIET') {
      if (this.quiet) return 'QUIET is given twice';
      this.quiet = true;
      return null;
    }
    if (word === 'TO' || word.startsWith('+')) return this.recipients(word);
    if (word === 'FAKE') return this.fake();
    if (word === 'FROM') return this.claimedFrom('FROM');
    if (word === 'WHITE') return this.sender('white');
    if (word === 'GREY' || word === 'GRAY') return this.sender('grey');
    return `${shown(word)} is not a press option (${OPTION_NAMES})`;
  }

  private recipients(word: string): string | null {
    if (this.broadcast) return 'BROADCAST goes to everyone and takes no TO (use PRESS TO for chosen recipients)';
    if (this.to !== undefined) return 'the recipients (TO) are given twice';
    const list = this.powerList(word, 'TO');
    if (!list.ok) return list.reason;
    this.to = list.value;
    return null;
  }

  private fake(): string | null {
    const following = this.take().toUpperCase();
    if (following === 'FROM') return this.claimedFrom('FAKE FROM');
    if (following !== 'TO' && following !== 'BROADCAST' && !following.startsWith('+')) return 'FAKE must be followed by TO, FROM or BROADCAST';
    if (this.fakeTo !== undefined) return 'the claimed recipients (FAKE TO or FAKE BROADCAST) are given twice';
    if (following === 'BROADCAST') {
      this.fakeTo = 'everyone';
      return null;
    }
    if (!this.broadcast && this.to === undefined) return 'FAKE TO must come after TO';
    const list = this.powerList(following, 'FAKE TO');
    if (!list.ok) return list.reason;
    this.fakeTo = list.value;
    return null;
  }

  private claimedFrom(option: string): string | null {
    if (this.from !== undefined) return 'only one of FROM, WHITE and GREY may be given';
    const word = this.take();
    if (word === '') return `${option} needs the power the press claims to come from`;
    if (word.includes(',')) return `${option} takes a single power`;
    const power = playerName(word);
    if (!power.ok) return power.reason;
    if (power.value === 'M' || power.value === 'MASTER') return 'press may not claim to come from the Master';
    return this.sender({ power: power.value });
  }

  private sender(claim: ClaimedSender): string | null {
    if (this.from !== undefined) return 'only one of FROM, WHITE and GREY may be given';
    this.from = claim;
    return null;
  }

  /** The list after TO or `+`: `+AF` carries it in the same word. */
  private powerList(optionWord: string, option: string): Verdict<PowerList> {
    let text = optionWord.startsWith('+') ? optionWord.slice(1) : '';
    if (text === '') text = this.take();
    while (text.endsWith(',') || this.words[this.next]?.startsWith(',')) {
      if (this.next >= this.words.length) return refuse(`the list after ${option} ends with a comma`);
      text += this.take();
    }
    if (text === '') return refuse(`${option} needs the powers it names`);
    // Names may also stand apart (PRESS TO AUSTRIA TURKEY): a word that is no option is one more name.
    while (this.next < this.words.length && continuesList(this.words[this.next]!)) text += `,${this.take()}`;
    return powerList(text, `after ${option}`);
  }

  private take(): string {
    return this.words[this.next++] ?? '';
  }
}

/** `words` are the words after PRESS or BROADCAST. */
export function pressHeader(words: readonly string[], broadcast: boolean): Verdict<PressHeader> {
  return new HeaderReader(words, broadcast).read();
}
