import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { MapDefinition } from '../map/definition.js';
import { attachmentWithChecksum, type MailAttachment } from '../store/outgoing-mail.js';
import { drawResultsPicture, type ResultsPictureJob } from './board-picture.js';
import type { MapSource, PictureAnswer, PictureRequest, PictureThreadStart } from './picture-worker.js';

/** A game's map as the game layer read it, and where from (for a thread that reads it again). */
export interface LoadedMap {
  readonly definition: MapDefinition;
  readonly source: MapSource;
}

/** A picture asked for: called, it gives the picture (null when it cannot be drawn), waiting for it if need be. */
export type PendingPicture = () => MailAttachment | null;

/**
 * Draws a phase's results pictures. A phase asks for them as soon as it is adjudicated and takes
 * them only when it queues its mails, after writing its status file, history and results: a
 * drawer that works on another thread lets the two overlap. A picture that cannot be drawn is
 * null, and the results go out without it.
 */
export interface PictureDrawer {
  draw(map: LoadedMap, job: ResultsPictureJob): PendingPicture;
  close(): Promise<void>;
}

/** Draws on the calling thread, when asked: one-shot processes (a `judge` command, pipe mode), where starting a thread costs more than it saves. */
export const drawOnThisThread: PictureDrawer = {
  draw(map, job) {
    const drawn = drawResultsPicture(map.definition, job);
    return () => drawn;
  },
  close: () => Promise.resolve(),
};

const WORKER_SCRIPT = 'picture-worker.js';

/**
 * The compiled worker script: beside this module (tsc's output keeps src/'s folders), or at the
 * root of the build this module was bundled into (scripts/build.mjs writes it there; the root is
 * the nearest folder above with a package.json). Null when the judge runs from its TypeScript
 * sources, as under vitest, or from the `judge mail` bundle: those draw on their own thread.
 */
function compiledWorkerScript(): URL | null {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const script = join(folder, WORKER_SCRIPT);
    if (existsSync(script)) return pathToFileURL(script);
    const parent = dirname(folder);
    if (existsSync(join(folder, 'package.json')) || parent === folder) return null;
    folder = parent;
  }
}

/**
 * The daemon's drawer: a picture thread where there is a core for it to run on beside the thread
 * processing the phase; else, or without a compiled worker script, that thread draws.
 */
export function daemonPictureDrawer(): PictureDrawer {
  return (availableParallelism() > 1 ? PictureThread.open() : null) ?? drawOnThisThread;
}

/**
 * How long the processing thread waits for a picture before it draws the picture itself and takes
 * the thread for stuck: a picture takes a millisecond or so, and a phase must not hang on a thread.
 */
const PATIENCE_MS = 2_000;

/** Answers kept for pictures not asked for yet; beyond it the oldest go (a step that failed after asking never takes them). */
const KEPT_ANSWERS = 64;

interface Running extends PictureThreadStart {
  readonly worker: Worker;
}

/**
 * The daemon's drawer: one worker thread, started with the first picture and kept for the next.
 * Its answers are taken off their port when the phase needs them, not when the event loop comes
 * round to them, which on a busy machine was a third of a millisecond later. Should the thread fail
 * (it cannot read a map, it dies, it hangs), the processing thread draws what it owed, and the
 * next picture starts a new thread.
 */
export class PictureThread implements PictureDrawer {
  private running: Running | null = null;
  private readonly received = new Map<number, PictureAnswer>();
  private lastId = 0;

  private constructor(private readonly script: URL) {}

  /** The drawer on a thread of its own; null when there is no compiled worker script (see `compiledWorkerScript`). */
  static open(): PictureThread | null {
    const script = compiledWorkerScript();
    return script === null ? null : new PictureThread(script);
  }

  draw(map: LoadedMap, job: ResultsPictureJob): PendingPicture {
    const id = ++this.lastId;
    let thread: Running;
    try {
      thread = this.started();
      thread.worker.postMessage({ id, map: map.source, job } satisfies PictureRequest);
    } catch (error) {
      const drawn = this.drawHere(map, job, `the picture thread could not take it: ${String(error)}`);
      return () => drawn;
    }
    let picture: MailAttachment | null | undefined;
    return () => (picture === undefined ? (picture = this.taken(thread, id, map, job)) : picture);
  }

  async close(): Promise<void> {
    const thread = this.running;
    this.running = null;
    this.received.clear();
    await thread?.worker.terminate();
  }

  private started(): Running {
    if (this.running !== null) return this.running;
    const channel = new MessageChannel();
    const start: PictureThreadStart = { answers: channel.port2, answered: new Int32Array(new SharedArrayBuffer(4)) };
    const worker = new Worker(this.script, { workerData: start, transferList: [channel.port2] });
    // Neither keeps the judge running: answers are taken off the port by `taken`, not by a listener.
    worker.unref();
    channel.port1.unref();
    const running = { worker, answers: channel.port1, answered: start.answered };
    const ended = (why: string) => {
      if (this.running !== running) return;
      this.running = null;
      process.emitWarning(`${why}; the next picture starts a new one`);
    };
    worker.on('error', (error) => ended(`the picture thread failed: ${String(error)}`));
    worker.on('exit', (code) => ended(`the picture thread ended (exit code ${code})`));
    this.running = running;
    return running;
  }

  /** The answer to picture `id`, waited for if it has not come yet. */
  private taken(thread: Running, id: number, map: LoadedMap, job: ResultsPictureJob): MailAttachment | null {
    const giveUpAt = performance.now() + PATIENCE_MS;
    for (;;) {
      const answer = this.received.get(id);
      if (answer !== undefined) {
        this.received.delete(id);
        if ('failed' in answer) return this.drawHere(map, job, answer.failed);
        return answer.picture === null ? null : attachmentWithChecksum(answer.picture.attachment, answer.picture.checksum);
      }
      if (this.running !== thread) return this.drawHere(map, job, 'the picture thread ended before it answered');
      // Read before the port: an answer posted after the port was looked at has raised it, and the wait returns at once.
      const answered = Atomics.load(thread.answered, 0);
      const message = receiveMessageOnPort(thread.answers);
      if (message !== undefined) {
        this.keep(message.message as PictureAnswer);
        continue;
      }
      const left = giveUpAt - performance.now();
      if (left <= 0 || Atomics.wait(thread.answered, 0, answered, left) === 'timed-out') {
        this.running = null;
        void thread.worker.terminate();
        return this.drawHere(map, job, `the picture thread gave no answer in ${PATIENCE_MS} ms and was stopped`);
      }
    }
  }

  private keep(answer: PictureAnswer): void {
    this.received.set(answer.id, answer);
    if (this.received.size > KEPT_ANSWERS) this.received.delete(this.received.keys().next().value!);
  }

  private drawHere(map: LoadedMap, job: ResultsPictureJob, why: string): MailAttachment | null {
    process.emitWarning(`${why}; the picture of ${job.title} is drawn on the judge's own thread`);
    return drawResultsPicture(map.definition, job);
  }
}
