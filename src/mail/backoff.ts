/** Exponential backoff: waits `first`, then twice as long each time, never longer than `max`. */
export class Backoff {
  private failures = 0;

  constructor(
    private readonly firstMs: number,
    private readonly maxMs: number,
  ) {}

  /** The wait before the next try; each call counts one more failure. */
  next(): number {
    const wait = Math.min(this.maxMs, this.firstMs * 2 ** Math.min(this.failures, 30));
    this.failures++;
    return wait;
  }

  reset(): void {
    this.failures = 0;
  }

  /** The wait after `attempts` failures of one thing, without counting anything. */
  after(attempts: number): number {
    return Math.min(this.maxMs, this.firstMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
  }
}
