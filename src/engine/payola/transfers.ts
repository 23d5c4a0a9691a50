import { accept, refuse, type Verdict } from '../../common/verdict.js';

/**
 * Funds transfers between treasuries, as DPjudge's Payola pages check and make them: at any time
 * but while the judge is making results, of a whole positive amount the giver has, to another
 * power, under the rules:
 *
 * - NO_TRANSFER: none at all.
 * - ONE_TRANSFER: to each power at most once a phase (the status file's SENT lines, emptied when
 *   a phase ends).
 * - NO_DONATIONS: not from an eliminated power (whose treasury is emptied after each movement
 *   phase anyway: `forfeitedTreasuries`).
 * - NO_LOOTING: not from a dummy.
 * - VASSAL_DUMMIES: not to a dummy (its income is its controller's).
 * - ANON_TRANSFER: the receiver is not told who sent the money.
 */

export interface TransferRules {
  readonly noTransfer: boolean;
  readonly oneTransfer: boolean;
  readonly noDonations: boolean;
  readonly noLooting: boolean;
  readonly vassalDummies: boolean;
  readonly anonymous: boolean;
}

export interface Treasury {
  /** As the status file and the ledgers write it: `FRANCE`. */
  readonly name: string;
  /** As replies name the power: `France`. */
  readonly displayName: string;
  readonly balance: number;
  readonly dummy: boolean;
  /** Holds no centre and no unit. */
  readonly eliminated: boolean;
  /** ONE_TRANSFER: the powers it has sent money to this phase. */
  readonly sent: readonly string[];
}

/** One side's account activity, as DPjudge's transfer notice gives it. */
export interface AccountActivity {
  readonly power: string;
  readonly balanceForward: number;
  /** `TRANSFER TO FRANCE`, `TRANSFER FROM ENGLAND`, or under ANON_TRANSFER `TRANSFER FROM SOMEONE`. */
  readonly activity: string;
  readonly amount: number;
  readonly balance: number;
}

export interface TransferMade {
  readonly giver: Treasury;
  readonly receiver: Treasury;
  readonly notices: readonly [AccountActivity, AccountActivity];
}

/** Why this transfer may not be made, or nothing. */
function checkTransfer(rules: TransferRules, giver: Treasury, receiver: Treasury, amount: number, makingResults: boolean): Verdict<void> {
  if (rules.noTransfer) return refuse(giverBar(rules, giver)!);
  if (makingResults) return refuse('the judge is making the results of the phase; send the transfer again when they are out');
  if (!Number.isSafeInteger(amount) || amount < 0) return refuse(`a transfer is a whole, positive number of AgP, not ${amount}`);
  if (amount === 0) return refuse('a transfer of 0 AgP moves nothing');
  if (receiver.name === giver.name) return refuse('a power cannot transfer funds to itself');
  if (amount > giver.balance) return refuse(`${giver.displayName} has only ${giver.balance} AgP, less than the ${amount} AgP to transfer`);
  const barred = giverBar(rules, giver) ?? receiverBar(rules, giver, receiver);
  return barred === null ? accept(undefined) : refuse(barred);
}

/** Why the rules let `giver` transfer nothing at all now, whatever the amount and to whom; null when they let it. */
export function giverBar(rules: TransferRules, giver: Treasury): string | null {
  if (rules.noTransfer) return 'funds transfers are not allowed in this game (NO_TRANSFER)';
  if (rules.noDonations && giver.eliminated) return `${giver.displayName} is eliminated and may not transfer funds (NO_DONATIONS)`;
  if (rules.noLooting && giver.dummy) return `funds may not be transferred from a dummy such as ${giver.displayName} (NO_LOOTING)`;
  return null;
}

/** Why the rules bar a transfer from `giver` to `receiver` now; null when they do not. */
export function receiverBar(rules: TransferRules, giver: Treasury, receiver: Treasury): string | null {
  if (receiver.name === giver.name) return 'a power cannot transfer funds to itself';
  if (rules.vassalDummies && receiver.dummy) return `funds may not be transferred to a dummy such as ${receiver.displayName} (VASSAL_DUMMIES)`;
  if (rules.oneTransfer && giver.sent.includes(receiver.name))
    return `${giver.displayName} has already transferred funds to ${receiver.displayName} this phase (ONE_TRANSFER)`;
  return null;
}

/** The transfer checked and made: both treasuries after it, and the notice each side receives. */
export function makeTransfer(rules: TransferRules, giver: Treasury, receiver: Treasury, amount: number, makingResults: boolean): Verdict<TransferMade> {
  const allowed = checkTransfer(rules, giver, receiver, amount, makingResults);
  if (!allowed.ok) return allowed;
  const gave = { ...giver, balance: giver.balance - amount, sent: rules.oneTransfer ? [...giver.sent, receiver.name] : giver.sent };
  const got = { ...receiver, balance: receiver.balance + amount };
  return accept({
    giver: gave,
    receiver: got,
    notices: [
      { power: giver.name, balanceForward: giver.balance, activity: `TRANSFER TO ${receiver.name}`, amount, balance: gave.balance },
      {
        power: receiver.name,
        balanceForward: receiver.balance,
        activity: `TRANSFER FROM ${rules.anonymous ? 'SOMEONE' : giver.name}`,
        amount,
        balance: got.balance,
      },
    ],
  });
}

/** NO_DONATIONS: the powers whose treasuries are emptied after a movement phase, being eliminated. */
export function forfeitedTreasuries(rules: Pick<TransferRules, 'noDonations'>, treasuries: readonly Omit<Treasury, 'displayName'>[]): string[] {
  return rules.noDonations ? treasuries.filter((treasury) => treasury.eliminated && treasury.balance > 0).map((treasury) => treasury.name) : [];
}
