import { Refusal } from '../common/errors.js';

/** A TIMING line that cannot be understood; the message names the offending key and value. */
export class TimingError extends Refusal {
  readonly code = 'TIMING_LINE_WRONG';

  constructor(detail: string) {
    super(`TIMING: ${detail}`);
    this.name = 'TimingError';
  }

  override get reason(): string {
    return `the game's TIMING line is wrong: ${this.message}`;
  }
}

/** A ZONE, DEADLINE stamp or time given to the deadline arithmetic that cannot be understood. */
export class DeadlineInputError extends Refusal {
  readonly code = 'DEADLINE_INPUT';

  constructor(message: string) {
    super(message);
    this.name = 'DeadlineInputError';
  }
}
