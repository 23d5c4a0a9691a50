import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { readAnyMap } from '../map/catalog.js';
import type { MapDefinition } from '../map/definition.js';
import { formatDiagnostic } from '../map/model.js';
import type { MapLoadOptions } from '../map/load.js';
import { attachmentChecksum, type MailAttachment } from '../store/outgoing-mail.js';
import { drawResultsPicture, type ResultsPictureJob } from './board-picture.js';

/**
 * The picture thread's script (picture-thread.ts starts it): draws results pictures, so that the
 * thread processing a phase writes its files and texts meanwhile. It reads each map itself, once,
 * from where the game's map was read; the picture's bytes are those the processing thread would
 * draw (test/game/phase-outputs.test.ts).
 */

/** Where a game's map was read from, and how: enough for another thread to read the same map. */
export interface MapSource {
  /** The key the map is cached by (its name and the game's MORPH lines). */
  readonly key: string;
  readonly path: string;
  readonly options: MapLoadOptions;
}

export interface PictureRequest {
  readonly id: number;
  readonly map: MapSource;
  readonly job: ResultsPictureJob;
}

/** The picture with its checksum, or null when it cannot be drawn; `failed` when this thread could not read the map. */
export type PictureAnswer =
  | { readonly id: number; readonly picture: { readonly attachment: MailAttachment; readonly checksum: string } | null }
  | { readonly id: number; readonly failed: string };

/**
 * What the thread is started with: the port it answers on, which the processing thread reads when
 * it needs a picture rather than when its event loop gets to it, and `answered`, a counter raised
 * after each answer, which it waits on (`Atomics.wait`) for an answer not there yet.
 */
export interface PictureThreadStart {
  readonly answers: MessagePort;
  readonly answered: Int32Array;
}

const maps = new Map<string, MapDefinition>();

function mapOf(source: MapSource): MapDefinition {
  let definition = maps.get(source.key);
  if (definition === undefined) {
    definition = readAnyMap(source.path, source.options);
    if (!definition.ok) throw new Error(definition.errors.map(formatDiagnostic).join('; '));
    maps.set(source.key, definition);
  }
  return definition;
}

function answer({ id, map, job }: PictureRequest): PictureAnswer {
  let definition: MapDefinition;
  try {
    definition = mapOf(map);
  } catch (error) {
    return { id, failed: error instanceof Error ? error.message : String(error) };
  }
  const attachment = drawResultsPicture(definition, job);
  return { id, picture: attachment === null ? null : { attachment, checksum: attachmentChecksum(attachment) } };
}

if (parentPort !== null) {
  const { answers, answered } = workerData as PictureThreadStart;
  parentPort.on('message', (request: PictureRequest) => {
    answers.postMessage(answer(request));
    Atomics.add(answered, 0, 1);
    Atomics.notify(answered, 0);
  });
}
