import { accept, refuse, type Verdict } from '../../common/verdict.js';
import { readVote } from '../../status/codecs.js';
import { absenceSpan, dateSpec } from './dates.js';
import { alone, type Reader } from './grammar.js';
import { powerList, shown } from './values.js';
import { mapped } from './verdicts.js';

/** The readers of a signed-on player's commands: order bookkeeping, votes and the SET family. */

/** A mailbox as DPjudge checked it: something, an @, and a domain with a dot and an alphabetic top level. */
const ADDRESS = /^[^\s@,<>"]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;

function addresses(words: readonly string[]): Verdict<string[]> {
  if (words.length === 0) return accept([]);
  if (words.length > 1) return refuse('SET ADDRESS takes addresses joined by commas, without spaces');
  const list = words[0]!.split(',');
  const bad = list.find((address) => !ADDRESS.test(address));
  if (bad !== undefined) return refuse(`${shown(bad)} is not an e-mail address`);
  return accept(list.map((address) => address.toLowerCase()));
}

/** SET DRAW alone: a draw of all survivors; otherwise the powers, written as a press list. */
function drawPowers(words: readonly string[]): Verdict<string[]> {
  if (words.length === 0) return accept([]);
  const list = words.join(' ').replace(/\s*,\s*/g, ',');
  if (list.includes(' ')) return refuse('SET DRAW takes the powers as one word of initials, or names joined by commas');
  return powerList(list, 'of SET DRAW');
}

/** VOTE NO vetoes a proposal; VETO is DPjudge's word for it. */
const VETO_WORDS = new Set(['NO', 'VETO']);

export const clear = alone({ kind: 'clear' });
export const status = alone({ kind: 'status' });

/** VOTE, or VOTE NO (a veto). */
export const vote: Reader = (call) => {
  if (call.words.length === 1 && VETO_WORDS.has(call.words[0]!.toUpperCase())) return accept({ kind: 'veto' });
  const read = readVote(call.words);
  return read.ok ? accept({ kind: 'vote', vote: read.value }) : refuse(`${read.message}; or NO to veto a proposal`);
};

export const propose: Reader = (call) => {
  if (call.words.length !== 1) return refuse('PROPOSE takes DIAS (a draw including all survivors) or the one power to concede to');
  const word = call.words[0]!.toUpperCase();
  return accept({ kind: 'propose', result: word === 'DRAW' ? 'DIAS' : word });
};

export const setAddress: Reader = (call) => mapped(addresses(call.words), (list) => ({ kind: 'setAddress', addresses: list }));

export const setPassword: Reader = (call) => {
  if (call.words.length !== 1) return refuse(call.words.length === 0 ? 'SET PASSWORD needs the new password' : 'a password is one word, without spaces');
  return accept({ kind: 'setPassword', password: call.words[0]! });
};

export const setWait = alone({ kind: 'setWait' });
export const setNoWait = alone({ kind: 'setNoWait' });
export const setAbsence: Reader = (call) => mapped(absenceSpan(call.words), (span) => ({ kind: 'setAbsence', span }));
export const setDeadline: Reader = (call) => mapped(dateSpec(call.words, 'SET DEADLINE'), (date) => ({ kind: 'setDeadline', date }));
export const setDraw: Reader = (call) => mapped(drawPowers(call.words), (powers) => ({ kind: 'setDraw', powers }));
export const setNoDraw = alone({ kind: 'setNoDraw' });
