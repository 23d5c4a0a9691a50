import { accept, refuse, type Verdict } from '../../common/verdict.js';
import { alone, type Invocation, type Reader } from './grammar.js';
import { phase, playerName, shown } from './values.js';
import { mapped } from './verdicts.js';

/**
 * The readers of the Master's commands. The parser cannot know whether a SIGNON used the Master's
 * password, so it reads these after any SIGNON and the executor refuses them to players.
 */

const OFFICIAL_SUBJECT_LIMIT = 60;

/** PROCESS and PREVIEW: at most the phase the Master expects to be current. */
function processing(force: boolean | 'preview'): Reader {
  return (call) => {
    if (call.words.length > 1) return refuse(`${call.keyword} takes at most the phase to process`);
    const expected = call.words[0] === undefined ? accept(undefined) : phase(call.words[0], 'no FORMING');
    if (!expected.ok) return expected;
    const at = expected.value === undefined ? {} : { phase: expected.value };
    return accept(force === 'preview' ? { kind: 'preview', ...at } : { kind: 'process', force, ...at });
  };
}

/** ROLLBACK and ROLLFORWARD: `[phase] [RESTORE] [FULL]` in any order (RECOVER is DPjudge's other word for RESTORE). */
function rolling(kind: 'rollback' | 'rollforward'): Reader {
  return (call) => {
    let restore = false;
    let full = false;
    let target: string | undefined;
    for (const word of call.words) {
      const upper = word.toUpperCase();
      if (upper === 'RESTORE' || upper === 'RECOVER') restore = true;
      else if (upper === 'FULL') full = true;
      else if (target !== undefined) return refuse(`${call.keyword} takes one phase, got ${shown(target)} and ${shown(word)}`);
      else {
        const read = phase(word, 'FORMING allowed');
        if (!read.ok) return refuse(`${read.reason}; ${call.keyword} also takes RESTORE and FULL`);
        target = read.value;
      }
    }
    return accept({ kind, restore, full, ...(target !== undefined && { phase: target }) });
  };
}

/** DUMMY power, REVIVE power [password]. */
function powerNamed(call: Invocation, extras: number): Verdict<string> {
  if (call.words.length === 0) return refuse(`${call.keyword} needs the power`);
  if (call.words.length > 1 + extras) return refuse(`${call.keyword} takes too many words: ${call.keyword} power${extras > 0 ? ' [password]' : ''}`);
  return playerName(call.words[0]!);
}

export const reveal = alone({ kind: 'reveal' });
export const form = alone({ kind: 'form' });
export const activate = alone({ kind: 'activate' });
export const wait = alone({ kind: 'wait' });
export const terminate = alone({ kind: 'terminate' });
export const processPhase = processing(false);
export const processPhaseForced = processing(true);
export const preview = processing('preview');
export const rollback = rolling('rollback');
export const rollforward = rolling('rollforward');
export const dummy: Reader = (call) => mapped(powerNamed(call, 0), (power) => ({ kind: 'dummy', power }));

export const revive: Reader = (call) => {
  const password = call.words[1];
  return mapped(powerNamed(call, 1), (power) => ({ kind: 'revive', power, ...(password !== undefined && { password }) }));
};

export const official: Reader = (call) => {
  if (call.rest.length > OFFICIAL_SUBJECT_LIMIT) return refuse(`the OFFICIAL subject is longer than ${OFFICIAL_SUBJECT_LIMIT} characters`);
  return accept(call.rest === '' ? { kind: 'official' } : { kind: 'official', subject: call.rest });
};

export const setUnlisted = alone({ kind: 'setUnlisted' });
export const setListed = alone({ kind: 'setListed' });
