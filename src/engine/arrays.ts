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
    template = run(Math.max(length, 2 * (template?.length ?? 64)), value);
    templates.set(value, template);
  }
  return template.slice(0, length);
}

let noValues: null[] = [];

/** A fresh array of `length` nulls, made the way `filled` makes its arrays. */
export function nulls<T>(length: number): (T | null)[] {
  if (noValues.length < length) noValues = run(Math.max(length, 2 * noValues.length, 64), null);
  return noValues.slice(0, length);
}

/**
 * A template run, pushed value by value: `new Array(length).fill(value)` would make a holey array,
 * and its slices too, whose every read V8 checks for a hole.
 */
function run<T>(length: number, value: T): T[] {
  const values: T[] = [];
  for (let index = 0; index < length; index++) values.push(value);
  return values;
}
