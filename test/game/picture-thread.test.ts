import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { join } from 'node:path';
import { drawOnThisThread, type LoadedMap, type PictureDrawer } from '../../src/game/picture-thread.js';
import type { ResultsPictureJob } from '../../src/game/board-picture.js';
import { attachmentChecksum, type MailAttachment } from '../../src/store/outgoing-mail.js';
import { playMap } from './play.js';
import { projectRoot } from './support.js';

/**
 * The daemon's picture thread when it fails: whatever it owes is drawn on the calling thread, the
 * same bytes, and the phase's mails never wait for a thread that is gone. (That it draws the same
 * bytes as the calling thread when it works: phase-outputs.test.ts.)
 */

type Compiled = typeof import('../../src/game/picture-thread.js');

/** The pictures one processed phase asked for, and what the calling thread draws for each. */
const asked: { map: LoadedMap; job: ResultsPictureJob; drawn: MailAttachment | null }[] = [];

const recording: PictureDrawer = {
  draw: (map, job) => {
    const drawn = drawOnThisThread.draw(map, job)();
    asked.push({ map, job, drawn });
    return () => drawn;
  },
  close: () => Promise.resolve(),
};

let compiled: Compiled;
const warnings: string[] = [];
const warned = (warning: Error) => warnings.push(warning.message);
/** The warnings emitted so far: Node emits them on the next tick. */
async function warningsSoFar(): Promise<string[]> {
  await new Promise((resolve) => setImmediate(resolve));
  return warnings;
}

beforeAll(async () => {
  await playMap(join(projectRoot, 'maps'), 'standard', 1, 3, { pictures: recording });
  compiled = (await import(join(inject('compiledJudge'), 'game', 'picture-thread.js'))) as Compiled;
  process.on('warning', warned);
  return () => void process.off('warning', warned);
});

afterEach(() => {
  warnings.length = 0;
});

function openThread() {
  const thread = compiled.PictureThread.open();
  if (thread === null) throw new Error('the compiled judge has no picture worker script');
  return thread;
}

describe('the picture thread', () => {
  it('draws what the calling thread draws, with its checksum', async () => {
    expect(asked.length).toBeGreaterThan(0);
    const thread = openThread();
    try {
      for (const { map, job, drawn } of asked) {
        const picture = thread.draw(map, job)();
        expect(picture).toEqual(drawn);
        expect(attachmentChecksum(picture!)).toBe(attachmentChecksum({ ...drawn! }));
      }
      expect(await warningsSoFar()).toEqual([]);
    } finally {
      await thread.close();
    }
  });

  it('draws on the calling thread a picture of a map it cannot read itself', async () => {
    const thread = openThread();
    try {
      const { map, job, drawn } = asked[0]!;
      const unreadable = { ...map, source: { ...map.source, key: 'gone', path: join(projectRoot, 'maps', 'gone.map') } };
      expect(thread.draw(unreadable, job)()).toEqual(drawn);
      expect(await warningsSoFar()).toEqual([expect.stringContaining("is drawn on the judge's own thread")]);
      // The thread goes on with the next picture.
      expect(thread.draw(map, job)()).toEqual(drawn);
      expect(await warningsSoFar()).toHaveLength(1);
    } finally {
      await thread.close();
    }
  });

  it('draws on the calling thread the pictures it owes when it is closed', async () => {
    const thread = openThread();
    const owed = asked.map(({ map, job }) => thread.draw(map, job));
    await thread.close();
    expect(owed.map((pending) => pending())).toEqual(asked.map(({ drawn }) => drawn));
    expect(await warningsSoFar()).toEqual(asked.map(() => expect.stringContaining('the picture thread ended before it answered')));
  });

  it('answers pictures taken in any order, and each once', async () => {
    const thread = openThread();
    try {
      const twice = [...asked, ...asked];
      const owed = twice.map(({ map, job }) => thread.draw(map, job));
      const taken = owed.map((_, index) => owed.length - 1 - index).map((index) => ({ index, picture: owed[index]!() }));
      for (const { index, picture } of taken) expect(picture).toEqual(twice[index]!.drawn);
      // Taken again, a picture is the same object, not asked for anew.
      expect(owed[0]!()).toBe(taken.find(({ index }) => index === 0)!.picture);
      expect(await warningsSoFar()).toEqual([]);
    } finally {
      await thread.close();
    }
  });
});
