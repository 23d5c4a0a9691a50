/** A TIMING line that cannot be understood; the message names the offending key and value. */
export class TimingError extends Error {
  constructor(detail: string) {
    super(`TIMING: ${detail}`);
    this.name = 'TimingError';
  }
}

/** A ZONE, DEADLINE stamp or time given to the deadline arithmetic that cannot be understood. */
export class DeadlineInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeadlineInputError';
  }
}
