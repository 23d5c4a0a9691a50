/** Long runs of a value, copied from rather than filled anew each phase. */
const templates = new Map<number, number[]>();

/**
 * A fresh array of `length` copies of `value`. The per-phase scratch arrays of the adjudicator are
 * plain arrays: V8 makes a small Int32Array several times slower than an array of small integers,
 * and copying a slice of a ready-made run is faster still than filling a new array.
 */
export function filled(length: number, value: number): number[] {
  let template = templates.get(value);
  if (!template || template.length < length) {
    template = new Array<number>(Math.max(length, 2 * (template?.length ?? 64))).fill(value);
    templates.set(value, template);
  }
  return template.slice(0, length);
}

let noValues: null[] = [];

/** A fresh array of `length` nulls, made the way `filled` makes its arrays. */
export function nulls<T>(length: number): (T | null)[] {
  if (noValues.length < length) noValues = new Array<null>(Math.max(length, 2 * noValues.length, 64)).fill(null);
  return noValues.slice(0, length);
}
