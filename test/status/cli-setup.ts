import { Command } from 'commander';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { registerGameCommands } from '../../src/cli/subcommands/game.js';

/** A judge folder in a temporary place: configuration, the judge's maps, and the given games. */
export function judgeFolder(games: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'judge-cli-'));
  const maps = join(__dirname, '..', '..', 'maps');
  writeFileSync(join(root, 'judge.config.json'), JSON.stringify({ folders: { maps, games: 'games' } }));
  for (const [name, text] of Object.entries(games)) {
    mkdirSync(join(root, 'games', name), { recursive: true });
    writeFileSync(join(root, 'games', name, 'status'), text);
  }
  return root;
}

/** Runs `judge game ...` in `folder`; returns what it printed and the exit code it set. */
export async function runGame(folder: string, ...args: string[]): Promise<{ output: string[]; exitCode: number }> {
  const program = new Command().exitOverride();
  registerGameCommands(program);
  const output: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void output.push(line));
  const cwd = process.cwd();
  process.chdir(folder);
  try {
    await program.parseAsync(['game', ...args], { from: 'user' });
    return { output, exitCode: Number(process.exitCode ?? 0) };
  } finally {
    process.chdir(cwd);
    process.exitCode = 0;
    log.mockRestore();
  }
}
