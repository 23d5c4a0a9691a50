import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Command } from 'commander';
import { gameCommand } from '../../src/cli/subcommands/game.js';
import { fixtureText } from './fixtures.js';
import { judgeFolder, runGame } from './cli-setup.js';

const good = fixtureText('movement.status').replace('GAME riverrun', 'GAME alpha');
const bad = `${good.replace('A GAL\n', 'A GAL\nA XYZ\n').replace('PHASE SPRING 1902 MOVEMENT', 'PHASE SPRING MOVEMENT')}BANANA\nA PAR\n`;

describe('judge game validate', () => {
  it('says ok for a good game named by its name, and round-trips it', async () => {
    const folder = judgeFolder({ alpha: good });
    expect(await runGame(folder, 'validate', 'alpha', '--roundtrip')).toEqual({
      output: ['games/alpha/status: ok, 0 warnings', 'games/alpha/status: round trip: all 124 lines written back unchanged'],
      exitCode: 0,
    });
  });

  it('takes --config, as the other commands do, and reads the games folder it names', async () => {
    const folder = judgeFolder({ alpha: good });
    const elsewhere = judgeFolder({});
    expect(await runGame(elsewhere, 'validate', 'alpha', '--config', join(folder, 'judge.config.json'))).toEqual({
      output: [`${join(folder, 'games', 'alpha', 'status')}: ok, 0 warnings`],
      exitCode: 0,
    });
  });

  it('reports every problem with its line and exits 1', async () => {
    const folder = judgeFolder({ beta: bad });
    const { output, exitCode } = await runGame(folder, 'validate', join(folder, 'games', 'beta'));
    expect(output).toEqual([
      "games/beta/status:1: GAME names 'alpha', but the game's folder is 'beta'",
      'games/beta/status:1: the file has no PHASE line (FORMING, COMPLETED or season year type)',
      "games/beta/status:2: PHASE needs FORMING, COMPLETED or 'season year type', got 'SPRING MOVEMENT'",
      'games/beta/status:21: A XYZ: XYZ is not a place on map standard',
      'games/beta/status:126: BANANA is not a power of map standard',
      'games/beta/status:127: A PAR: FRANCE already has a unit in PAR',
      'games/beta/status: 6 errors, 0 warnings',
    ]);
    expect(exitCode).toBe(1);
  });

  it('reports a map it cannot find on the MAP line', async () => {
    const folder = judgeFolder({ gamma: good.replace('GAME alpha', 'GAME gamma').replace('MAP standard', 'MAP atlantis') });
    const { output, exitCode } = await runGame(folder, 'validate', 'games/gamma/status');
    expect(output[0]).toMatch(/^games\/gamma\/status:6: the map 'atlantis' is not in .*maps; places and powers were not checked$/);
    expect(exitCode).toBe(1);
  });

  it('refuses a name that is neither a game nor a status file', async () => {
    for (const target of ['nosuchgame', '../../etc'])
      await expect(runGame(judgeFolder({}), 'validate', target)).rejects.toThrow(
        `game validate: there is no game or status file '${target}' (games are in games)`,
      );
  });

  it('is a group other commands can add to', () => {
    const program = new Command();
    const group = gameCommand(program);
    group.command('show');
    expect(gameCommand(program)).toBe(group);
    expect(group.commands.map((command) => command.name())).toEqual(['show']);
  });
});
