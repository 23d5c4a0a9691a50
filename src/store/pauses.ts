import { setTimeout as pause } from 'node:timers/promises';

/**
 * Work that must wait for something outside the judge (a file an editor is saving, another
 * process's hold on the journal), written once and run either way: it yields how many milliseconds
 * to pause before it goes on, and returns its result.
 */
export type Pausing<T> = Generator<number, T, void>;

/**
 * Runs `work`, its pauses blocking the thread. Only for a one-shot process (a `judge` command, pipe
 * mode), which has nothing else to do meanwhile; the daemon, which must go on answering pages and
 * mail, runs it with `runAwaiting` or not at all (docs/architecture.md, "Counts for issue 32").
 */
export function runBlocking<T>(work: Pausing<T>): T {
  for (let step = work.next(); ; step = work.next()) {
    if (step.done === true) return step.value;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, step.value);
  }
}

/** Runs `work`, its pauses awaited: the event loop goes on meanwhile. */
export async function runAwaiting<T>(work: Pausing<T>): Promise<T> {
  for (let step = work.next(); ; step = work.next()) {
    if (step.done === true) return step.value;
    await pause(step.value);
  }
}
