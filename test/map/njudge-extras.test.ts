import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { registerMapCommands } from '../../src/cli/subcommands/map.js';
import { CommandExecutor } from '../../src/commands/run/executor.js';
import { master, projectRoot, testJudge } from '../game/support.js';

/** test/maps/map.extras uses every nJudge feature at once: a high sea, an arctic water, a gateway and a railway. */
const extrasFile = join('test', 'maps', 'map.extras');
const testMaps = join(projectRoot, 'test', 'maps');

describe('a map with every nJudge feature', () => {
  it('passes judge map check without a warning', async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const program = new Command().exitOverride();
    registerMapCommands(program);
    try {
      await program.parseAsync(['node', 'judge', 'map', 'check', extrasFile]);
    } finally {
      log.mockRestore();
    }
    expect(lines).toEqual(['ok extras: 8 provinces, 3 supply centers, 2 powers, 0 warnings', '1 maps loaded, 0 failed']);
  });

  it('takes a new game', async () => {
    const { service, store } = testJudge({ mapFolders: [testMaps] });
    const created = await service.lifecycle.create({ name: 'icy', master, masterPassword: 'secret', map: 'extras' }, { who: 'test', command: 'CREATE' });
    expect(created.game.map).toEqual({ name: 'extras', trial: false });
    expect(store.load('icy').game.map).toEqual({ name: 'extras', trial: false });
  });

  it('takes a new game moved to it by its Master by mail', async () => {
    const judge = testJudge({ mapFolders: [testMaps, join(projectRoot, 'maps')] });
    const processor = new CommandExecutor({
      service: judge.service,
      judge: { name: 'TEST', address: 'judge@example.org', keeper: 'keeper@example.org' },
      db: judge.db,
      random: judge.random,
    });
    const outcome = await processor.execute(
      { from: master.email, text: 'CREATE icy secret\nMAP extras\nSIGNOFF', mailKey: '<create@example.org> hash' },
      judge.clock.now.toJSDate(),
    );
    expect(outcome.reply.text).toContain("Game 'icy' is created");
    expect(outcome.reply.text).not.toContain('not written');
    expect(judge.service.load('icy').game.map).toEqual({ name: 'extras', trial: false });
  });
});
