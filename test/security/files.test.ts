import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, inject } from 'vitest';
import { plainMail } from '../mail/support/judge-setup.js';
import { attack, writeJudgeConfig } from './support.js';

/**
 * The judge's files as another user of the machine sees them (issue 31: started with umask 022, the
 * journal with its private press, the outbox and the status files were world-readable). The judge
 * runs as installed, `judge mail` from a shell whose umask is 022.
 */

function everything(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => join(folder, name));
}

describe('file modes', () => {
  attack('a judge started under umask 022 keeps its journal, outbox, games and status files from other users', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'judge-modes-'));
    const config = writeJudgeConfig(folder, 'judge.config.json');
    const main = join(inject('compiledJudge'), 'cli', 'main.js');
    const mail = plainMail({ from: 'master@dip.test', body: 'CREATE modes masterpw\nFORM\nPRESS TO MASTER\nsecret\nENDPRESS' });
    const run = spawnSync('sh', ['-c', 'umask 022 && exec "$@"', 'sh', process.execPath, main, 'mail', '--config', config], { cwd: folder, input: mail });
    expect(run.status, run.stderr.toString()).toBe(0);

    const made = everything(folder).filter((path) => path !== config);
    expect(made.map((path) => relative(folder, path))).toEqual(expect.arrayContaining(['var/judge.db', 'games/modes/status']));
    expect(made.some((path) => path.includes('outbox') && path.endsWith('.eml'))).toBe(true);
    const open = made
      .filter((path) => (statSync(path).mode & 0o077) !== 0)
      .map((path) => `${relative(folder, path)} ${(statSync(path).mode & 0o777).toString(8)}`);
    expect(open).toEqual([]);
  });
});
