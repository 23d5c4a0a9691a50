import { describe, expect, it, vi } from 'vitest';
import { Command } from 'commander';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadConfig } from '../../src/config/config.js';
import { openGameService } from '../../src/game/open.js';
import { openDatabase } from '../../src/store/database.js';
import { Outbox } from '../../src/store/journal.js';
import { registerProcessCommands } from '../../src/cli/subcommands/process.js';
import { master, player, projectRoot } from './support.js';

const actor = { who: 'test', command: 'TEST' };

async function judgeCli(...args: string[]): Promise<string> {
  let output = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    output += chunk.toString();
    return true;
  });
  const program = new Command().exitOverride();
  registerProcessCommands(program);
  try {
    await program.parseAsync(['node', 'judge', ...args]);
  } finally {
    write.mockRestore();
  }
  return output;
}

/** A judge's folder of its own, on the project's maps and templates. */
function judgeRoot(): { root: string; configFile: string } {
  const root = mkdtempSync(join(tmpdir(), 'judge-cli-'));
  const configFile = join(root, 'judge.config.json');
  const folders = { maps: join(projectRoot, 'maps'), templates: join(projectRoot, 'templates'), games: join(root, 'games'), var: join(root, 'var') };
  writeFileSync(configFile, JSON.stringify({ folders }));
  return { root, configFile };
}

describe('judge process and judge game show', () => {
  it('shows a game, previews a phase without changing it, and processes it with results queued', async () => {
    const { root, configFile } = judgeRoot();
    const config = loadConfig(configFile);
    const db = openDatabase(join(root, 'var', 'judge.db'));
    const service = openGameService(config, db);
    await service.lifecycle.create({ name: 'gamma', master, masterPassword: 'secret', map: null }, actor);
    for (let n = 1; n <= 7; n++) await service.roster.join('gamma', { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
    await service.submitOrders('gamma', 'FRANCE', ['A PAR - BUR', 'A MAR - SPA', 'F BRE - MAO'], actor);
    db.close();

    const shown = await judgeCli('game', 'show', 'gamma', '-c', configFile);
    expect(shown).toMatch(/^Game gamma \(map standard\): Spring 1901 Movement/);
    expect(shown).toContain('France: 3 centers, 3 units');
    expect(shown).not.toContain('pw3');

    const statusBefore = readFileSync(join(root, 'games', 'gamma', 'status'));
    const preview = await judgeCli('process', 'gamma', '--preview', '-c', configFile);
    expect(preview).toContain('A PAR - BUR.');
    expect(readFileSync(join(root, 'games', 'gamma', 'status'))).toEqual(statusBefore);

    const results = await judgeCli('process', 'gamma', '-c', configFile);
    expect(results).toContain("The next phase of 'gamma' is Fall 1901 Movement.");
    expect(readFileSync(join(root, 'games', 'gamma', 'status'), 'utf8')).toMatch(/^PHASE FALL 1901 MOVEMENT$/m);
    const check = openDatabase(join(root, 'var', 'judge.db'));
    const queued = new Outbox(check).queuedAfter(0).filter((row) => row.origin === 'process gamma');
    const pictures = new Outbox(check).keptAttachments().count;
    check.close();
    expect(queued).toHaveLength(8);
    expect(queued.map((row) => row.mail.subject)).toContain('gamma S1901M results (Spring 1901 Movement)');
    // Results queued through the outbox carry the board after the phase, which the journal keeps once.
    const attached = queued[0]!.mail.attachments!;
    expect(attached.map((file) => file.filename)).toEqual(['gamma.svg']);
    expect(queued.every((row) => row.mail.attachments?.[0]?.contentBase64 === attached[0]!.contentBase64)).toBe(true);
    expect(pictures).toBe(1);
    expect(Buffer.from(attached[0]!.contentBase64, 'base64').toString('utf8')).toContain('<title>A BUR (France)</title>');

    const svgFile = join(root, 'gamma.svg');
    const pngFile = join(root, 'gamma.png');
    const drawn = await judgeCli('game', 'show', 'gamma', '--svg', svgFile, '--png', pngFile, '-c', configFile);
    expect(drawn).toContain(`The board is drawn in ${svgFile}.`);
    expect(readFileSync(svgFile, 'utf8')).toContain('Game gamma: Fall 1901 Movement');
    expect(readFileSync(pngFile).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('judge game create makes a game in preparation, or forming with --form, with the Master and password given', async () => {
    const { root, configFile } = judgeRoot();
    const prepared = await judgeCli('game', 'create', 'delta', '--master', 'gm@example.org', '--password', 'gmpw', '--config', configFile);
    expect(prepared).toBe(
      "Game 'delta' is created on the map standard, with gm@example.org as its Master; it is in preparation: its Master sends FORM when players may JOIN it.\n",
    );
    const formed = await judgeCli('game', 'create', 'epsilon', '--master', 'gm@example.org', '--password', 'gmpw', '--form', '--config', configFile);
    expect(formed).toContain('it is forming: players may JOIN it.');
    const mainStatus = readFileSync(join(root, 'games', 'status'), 'utf8');
    expect(mainStatus).toMatch(/^delta standard preparation$/m);
    expect(mainStatus).toMatch(/^epsilon standard forming$/m);
    const status = readFileSync(join(root, 'games', 'delta', 'status'), 'utf8');
    expect(status).toMatch(/^MASTER NO-ID\|gm@example\.org\|$/m);
    expect(status).toMatch(/^PASSWORD scrypt\$/m);
    expect(status).not.toContain('gmpw');
  });
});
