import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { ConfigError, configPlaces, DEFAULT_CONFIG, loadConfig } from '../../src/config/config.js';

const installation = resolve(import.meta.dirname, '../..');

function configFile(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'judge-config-'));
  const file = join(dir, 'judge.config.json');
  writeFileSync(file, content);
  return file;
}

describe('judge.config.json', () => {
  it('refuses a --config naming a file that does not exist, rather than run on defaults', () => {
    const missing = join(tmpdir(), 'no-such-dir-for-judge', 'judge.config.json');
    expect(() => loadConfig(missing)).toThrow(new ConfigError(`${missing}: no such configuration file`));
  });

  it('with no file named, reads the judge.config.json of the current folder', () => {
    const file = configFile('{"judge": {"name": "HERE"}}');
    const loaded = loadConfig(undefined, dirname(file));
    expect(loaded).toMatchObject({ file, root: dirname(file), config: { judge: { name: 'HERE' } } });
  });

  it("with no file named and none in the current folder, reads the installation's", () => {
    const empty = mkdtempSync(join(tmpdir(), 'judge-config-'));
    expect(configPlaces(empty)).toEqual([join(empty, 'judge.config.json'), join(installation, 'judge.config.json')]);
    expect(loadConfig(undefined, empty)).toMatchObject({ file: join(installation, 'judge.config.json'), root: installation });
  });

  it('resolves a relative --config against the current folder', () => {
    const file = configFile('{}');
    expect(loadConfig('judge.config.json', dirname(file))).toMatchObject({ file, config: DEFAULT_CONFIG });
  });

  it('overrides only the settings the file names', () => {
    const loaded = loadConfig(configFile('{"judge": {"name": "USDP"}}'));
    expect(loaded.config.judge.name).toBe('USDP');
    expect(loaded.config.judge.address).toBe(DEFAULT_CONFIG.judge.address);
  });

  it('refuses an unknown setting with its path', () => {
    expect(() => loadConfig(configFile('{"judge": {"nmae": "X"}}'))).toThrow(/unknown setting 'judge.nmae'/);
  });

  it('refuses a setting of the wrong type', () => {
    expect(() => loadConfig(configFile('{"folders": {"maps": 3}}'))).toThrow(ConfigError);
  });

  it('refuses a file that is not JSON', () => {
    expect(() => loadConfig(configFile('{judge'))).toThrow(/not valid JSON/);
  });
});
