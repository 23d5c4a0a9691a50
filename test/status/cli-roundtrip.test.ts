import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureText } from './fixtures.js';

const RENDER = '../../src/status/render.js';

describe('judge game validate --roundtrip', () => {
  afterEach(() => {
    vi.doUnmock(RENDER);
    vi.resetModules();
  });

  it('reports each line the writer would change, passwords hidden, and exits 1', async () => {
    // A writer that loses a password line and changes a unit: what `--roundtrip` is there to catch.
    vi.doMock(RENDER, async (importOriginal) => {
      const real = await importOriginal<typeof import('../../src/status/render.js')>();
      return {
        ...real,
        renderStatusBytes: (game: Parameters<typeof real.renderStatusBytes>[0]) =>
          Buffer.from(real.renderStatusBytes(game).toString().replace('PASSWORD ed-secret\n', '').replace('A YOR\n', 'A  YOR\nA WAL\n')),
      };
    });
    // Test files share their modules (isolate: false): the command is loaded afresh, to write through the mock.
    vi.resetModules();
    const { judgeFolder, runGame } = await import('./cli-setup.js');
    const folder = judgeFolder({ riverrun: fixtureText('movement.status') });
    const { output, exitCode } = await runGame(folder, 'validate', 'riverrun', '--roundtrip');
    expect(output).toEqual([
      'games/riverrun/status: ok, 0 warnings',
      "games/riverrun/status:34: round trip would write (nothing) for 'PASSWORD (hidden)'",
      "games/riverrun/status:40: round trip would write 'A  YOR', 'A WAL' for 'A YOR'",
    ]);
    expect(exitCode).toBe(1);
  });
});
