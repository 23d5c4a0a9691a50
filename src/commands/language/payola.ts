import { accept, refuse } from '../../common/verdict.js';
import type { Reader } from './grammar.js';
import { shown } from './values.js';

/** The readers of a Payola player's money commands: TRANSFER amount [TO] power, and ACCEPT list. */

export const transfer: Reader = (call) => {
  const words = call.words.filter((word, index) => !(index === 1 && word.toUpperCase() === 'TO'));
  if (words.length !== 2) return refuse('TRANSFER takes an amount of AgP and the power to give it to: TRANSFER 10 TO ENGLAND');
  const [amount, power] = words as [string, string];
  if (!/^-?\d+$/.test(amount)) return refuse(`${shown(amount)} is not a whole number of AgP`);
  return accept({ kind: 'transfer', amount: Number(amount), to: power.toUpperCase() });
};

export const acceptance: Reader = (call) => {
  if (call.words.length !== 1) return refuse('ACCEPT takes the acceptance list as one word of power initials, `?` for the rest: ACCEPT FEG?');
  return accept({ kind: 'accept', list: call.words[0]! });
};
