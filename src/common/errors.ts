/**
 * The judge's two kinds of error. A `Refusal` is the player's: what they asked is not allowed or
 * not possible, and the reply says why in their words. A `JudgeFailure` is the judge's own: the
 * judgekeeper hears of it. Every error class of `src/` extends one of the two (ESLint refuses a
 * class that extends `Error` itself), so that which one an error is never depends on a list.
 */

/**
 * The catalogue of refusals, as fastify's error codes: a code names the kind of refusal for good,
 * whatever its wording becomes, so that tests and tools can tell refusals apart without parsing
 * sentences.
 */
export const REFUSAL_CODES = {
  GAME_RULE: 'the game or its rules do not allow it',
  CANNOT_PROCESS: 'the phase cannot be processed now',
  NO_SUCH_GAME: 'no game of that name on this judge',
  GAME_EXISTS: 'a game of that name exists already',
  GAME_BUSY: 'the game is being changed by another process',
  BAD_GAME_NAME: 'the name cannot be a game name',
  STATUS_FILE_CANNOT_HOLD: 'the status file cannot hold the value',
  MAP_UNREADABLE: 'the map cannot be read with the change',
  TIMING_LINE_WRONG: "the game's TIMING line is wrong",
  DEADLINE_INPUT: 'a date or deadline asked for cannot be had',
  FORM_UNREADABLE: 'a web form cannot be read',
  FORM_STALE: "a web form did not come from the judge's page as the visitor has it",
  PAYOLA_FUNDS: "a Payola treasury or acceptance list cannot be changed so: the game's rules or its money do not allow it",
  // Refusals a mail's reply words without an error thrown: each is one kind of step (`commands/run`).
  NOT_UNDERSTOOD: 'a line of the mail is no command, or not one written the way the judge reads it',
  WRONG_SENDER: 'the command needs a sign-on the mail has not made (to a power, or as the Master)',
  LOGIN_REFUSED: 'a password or privacy word does not open the place asked for, or the sender has guessed wrong too often',
  ORDER_REFUSED: 'an order line cannot be taken for the phase, or a later line replaced it',
  PRESS_REFUSED: "the press cannot go out: a recipient is unknown or the game's press rules do not allow it",
  REFUSED_EARLIER: 'refused by a judge from before these codes, whose record of the refusal does not say which kind it was',
} as const;

export type RefusalCode = keyof typeof REFUSAL_CODES;

export abstract class Refusal extends Error {
  abstract readonly code: RefusalCode;

  /** What the player reads after "Not done:"; the message itself unless the refusal says more. */
  get reason(): string {
    return this.message;
  }
}

export abstract class JudgeFailure extends Error {}
