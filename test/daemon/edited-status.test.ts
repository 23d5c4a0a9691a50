import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebJudge, type WebJudge } from '../web/support.js';

/**
 * The judgekeeper's editor saving a status file in place, again and again: the judge reads such a
 * file only once it has settled (store/game-store.ts), and the daemon must not stop its event loop
 * to wait for that, or every page and mail would wait with it.
 */

let judge: WebJudge | null = null;

afterEach(async () => {
  await judge?.close();
  judge = null;
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

/** What answering usually takes here (the median of a few), with room for a loaded machine; a wait for the file to settle is up to 400 ms a read. */
function usual(baseline: readonly number[]): number {
  const median = [...baseline].sort((a, b) => a - b)[Math.floor(baseline.length / 2)]!;
  return Math.max(2 * median, median + 250);
}

describe('a status file saved in place every 100 ms', () => {
  it("leaves the daemon's pages and mail answering within their usual time", async () => {
    judge = await startWebJudge();
    const web = judge;
    await web.mail('master@edit.test', 'CREATE alpha masterpw\nFORM\nSIGNOFF');
    const page = async () => {
      const response = await fetch(`${web.url}/game/alpha`);
      return { status: response.status, text: await response.text() };
    };
    const pages = async (count: number) => {
      const times: number[] = [];
      for (let n = 0; n < count; n++) {
        const { value, ms } = await timed(page);
        expect(value.status).toBe(200);
        expect(value.text).toContain('alpha');
        times.push(ms);
      }
      return times;
    };
    await pages(1);
    const pageBaseline = await pages(3);
    const mailBaseline = (await timed(() => web.mail('player@edit.test', 'LIST alpha'))).ms;

    // An editor that writes the file over itself: the bytes differ from the judge's own write, so the judge cannot tell them settled by their checksum.
    const path = join(web.folder, 'games', 'alpha', 'status');
    const original = readFileSync(path, 'utf8');
    let saves = 0;
    const editor = setInterval(() => writeFileSync(path, ++saves % 2 === 0 ? original : `${original}\n`), 100);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    try {
      // The editing begins before the judge is asked anything.
      await new Promise((resolve) => setTimeout(resolve, 150));
      loop.enable();
      const editedPages = await pages(5);
      const editedMail = await timed(() => web.mail('player@edit.test', 'LIST alpha'));
      loop.disable();

      expect(editedMail.value.text).toContain('alpha');
      expect(saves).toBeGreaterThan(3);
      expect(Math.max(...editedPages)).toBeLessThan(usual(pageBaseline));
      expect(editedMail.ms).toBeLessThan(usual([mailBaseline]));
      // No wait of 400 ms stops the loop: its longest delay stays well under one.
      expect(loop.max / 1e6).toBeLessThan(300);
    } finally {
      clearInterval(editor);
    }
  });
});
