import { describe, expect, it, vi, afterEach } from 'vitest';
import { Command } from 'commander';
import { join } from 'node:path';
import { registerMapCommands } from '../src/cli/subcommands/map.js';
import { corpus } from './corpus.js';

async function mapCheck(...paths: string[]): Promise<{ lines: string[]; exitCode: number | undefined }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  const program = new Command().exitOverride();
  registerMapCommands(program);
  process.exitCode = undefined;
  try {
    await program.parseAsync(['node', 'judge', 'map', 'check', ...paths]);
  } finally {
    log.mockRestore();
  }
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  return { lines, exitCode: exitCode === undefined ? undefined : Number(exitCode) };
}

describe('judge map check on the real map corpus', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('loads every DPjudge and diplomacy-package map without an error', async () => {
    const { lines, exitCode } = await mapCheck(join(corpus, 'dpjudge', 'maps'), join(corpus, 'dpjudge', 'trials'), join(corpus, 'mila-maps'));
    expect(lines.filter((line) => !line.startsWith('ok '))).toEqual(['51 maps loaded, 0 failed']);
    expect(lines).toContainEqual('ok standard: 76 provinces, 34 supply centers, 7 powers, 0 warnings');
    expect(exitCode).toBeUndefined();
  });

  it('loads every nJudge Diplomacy map and names the one file that is not a map, with the reason', async () => {
    const { lines, exitCode } = await mapCheck(join(corpus, 'njudge'));
    const failures = lines.filter((line) => !line.startsWith('ok '));
    expect(failures).toEqual([
      expect.stringMatching(/^FAILED top: /),
      expect.stringMatching(/map\.top:1: area line .* has no comma after the area name/),
      '49 maps loaded, 1 failed',
    ]);
    expect(lines.filter((line) => line.includes('Machiavelli')).length).toBeGreaterThan(10);
    expect(exitCode).toBe(1);
  });
});
