/** A value, or the reason it could not be had (worded for the player: `Paris is not adjacent to Munich`). */
export type Verdict<T> = { ok: true; value: T } | { ok: false; reason: string };

export function accept<T>(value: T): Verdict<T> {
  return { ok: true, value };
}

export function refuse<T = never>(reason: string): Verdict<T> {
  return { ok: false, reason };
}
