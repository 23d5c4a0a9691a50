import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ConfigError, DEFAULT_CONFIG, loadConfig } from '../../src/config/config.js';

function configFile(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'judge-config-'));
  const file = join(dir, 'judge.config.json');
  writeFileSync(file, content);
  return file;
}

describe('judge.config.json', () => {
  it('falls back to the embedded defaults when there is no file', () => {
    const loaded = loadConfig(join(tmpdir(), 'no-such-dir-for-judge', 'judge.config.json'));
    expect(loaded.file).toBeNull();
    expect(loaded.config).toEqual(DEFAULT_CONFIG);
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
