import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { registerMapCommands } from '../../src/cli/commands/map.js';
import { MailCommandProcessor } from '../../src/commands/run/processor.js';
import { readAnyMap } from '../../src/map/catalog.js';
import { unsupportedUse } from '../../src/map/model.js';
import { master, projectRoot, testJudge } from '../game/support.js';
import { testMap } from '../engine/helpers.js';

/** test/maps/map.extras uses a high sea, which the judge reads but does not adjudicate yet, beside features it does. */
const extrasFile = join('test', 'maps', 'map.extras');
const testMaps = join(projectRoot, 'test', 'maps');

describe('nJudge features the judge does not adjudicate yet', () => {
  it('are noted at their first use, each by name', () => {
    const map = testMap('standard');
    expect(unsupportedUse(map.data)).toBeNull();
    const extras = readAnyMap(join(testMaps, 'map.extras')).base.data;
    expect(extras.unsupported.map(({ feature, source }) => `${feature} ${source.line}`)).toEqual(['high seas 7']);
  });

  it('make judge map check warn, naming each with file:line', async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const program = new Command().exitOverride();
    registerMapCommands(program);
    try {
      await program.parseAsync(['node', 'judge', 'map', 'check', extrasFile]);
    } finally {
      log.mockRestore();
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'ok extras: 8 provinces, 3 supply centers, 2 powers, 0 warnings; warning: no game can be created on it: the map uses nJudge features this judge does not adjudicate yet: ' +
        `high seas (${extrasFile}:7)`,
    );
  });

  it('keep a game from being created on the map, with the reason', async () => {
    const { service, store } = testJudge({ mapFolders: [testMaps] });
    const creating = service.create({ name: 'icy', master, masterPassword: 'secret', map: 'extras' }, { who: 'test', command: 'CREATE' });
    await expect(creating).rejects.toThrow(
      "no game can be created on the map 'extras': the map uses nJudge features this judge does not adjudicate yet: high seas",
    );
    expect(() => store.load('icy')).toThrow();
  });

  it('keep a Master from moving a new game to the map by mail', async () => {
    const judge = testJudge({ mapFolders: [testMaps, join(projectRoot, 'maps')] });
    const processor = new MailCommandProcessor({
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
    expect(outcome.reply.text).toContain('not written, it would make the status file wrong: the map uses nJudge features this judge does not adjudicate yet');
    expect(judge.service.load('icy').game.map).toBeNull();
  });
});
