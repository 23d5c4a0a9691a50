import { describe, expect, it } from 'vitest';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { webSecret } from '../../src/web/secret.js';
import { webSettings } from '../../src/web/settings.js';

function configWith(web: object) {
  const folder = mkdtempSync(join(tmpdir(), 'judge-web-settings-'));
  const file = join(folder, 'judge.config.json');
  writeFileSync(file, JSON.stringify(Object.keys(web).length === 0 ? {} : { web }));
  return loadConfig(file);
}

describe('the web section of judge.config.json', () => {
  it('serves on 127.0.0.1:8080 by default, and takes another address or none', () => {
    const defaults = webSettings(configWith({}));
    expect(defaults).toMatchObject({ enabled: true, host: '127.0.0.1', port: 8080 });
    expect(webSettings(configWith({ listen: 'http://[::1]:9000' }))).toMatchObject({ host: '::1', port: 9000 });
    expect(webSettings(configWith({ enabled: false })).enabled).toBe(false);
  });

  it('trusts no proxy by default, and takes addresses, ranges and proxy-addr names, refusing anything else', () => {
    expect(webSettings(configWith({})).trustProxy).toEqual([]);
    expect(webSettings(configWith({ trustProxy: '127.0.0.1, 10.0.0.0/8,::1,loopback' })).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    for (const trustProxy of ['yes', '10.0.0.0/33', '::1/129', 'nginx.local', '127.0.0.1/8/8']) {
      expect(() => webSettings(configWith({ trustProxy })), trustProxy).toThrow(/'web.trustProxy' must list proxy addresses/);
    }
    expect(() => configWith({ trustProxy: true })).toThrow(ConfigError);
  });

  it('refuses an address that is not http://host:port', () => {
    for (const listen of ['127.0.0.1:8080', 'https://127.0.0.1:8443', 'http://127.0.0.1', 'http://127.0.0.1:8080/judge', 'http://127.0.0.1:99999']) {
      expect(() => webSettings(configWith({ listen })), listen).toThrow(ConfigError);
    }
  });
});

describe("the web pages' secret", () => {
  it('is made once, readable by the judge only, and the same at every start', () => {
    const folder = mkdtempSync(join(tmpdir(), 'judge-web-secret-'));
    const first = webSecret(folder);
    expect(first.length).toBe(32);
    expect(statSync(join(folder, 'web-secret')).mode & 0o077).toBe(0);
    expect(webSecret(folder).equals(first)).toBe(true);
  });
});
