import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadConfig } from '../../src/config/config.js';
import { mailSettings } from '../../src/mail/settings.js';

/** docs/configuration.md is the judgekeeper's reference: it must follow the schema. */

const page = readFileSync(resolve(import.meta.dirname, '../../docs/configuration.md'), 'utf8');

/** Every setting of the schema as a dotted path, with its embedded default. */
function settings(object: object, prefix = ''): [string, unknown][] {
  return Object.entries(object).flatMap(([key, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null ? settings(value as object, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

describe('docs/configuration.md', () => {
  it.each(settings(DEFAULT_CONFIG))('has a row for %s with its default', (setting, value) => {
    const row = page.split('\n').find((line) => line.startsWith(`| \`${setting}\` |`));
    expect(row, `no row for ${setting}`).toBeDefined();
    expect(row!.split(' | ')[1]).toBe(`\`${JSON.stringify(value)}\``);
  });

  it('documents no setting the schema does not have', () => {
    const known = new Set(settings(DEFAULT_CONFIG).map(([setting]) => setting));
    const documented = [...page.matchAll(/^\| `([\w.]+)` \|/gm)].map((match) => match[1]);
    expect(documented.filter((setting) => !known.has(setting!))).toEqual([]);
  });

  it('has an example file the judge accepts', () => {
    const example = /```json\n([\s\S]*?)```/.exec(page)![1]!;
    const file = join(mkdtempSync(join(tmpdir(), 'judge-doc-')), 'judge.config.json');
    writeFileSync(file, example);
    const loaded = loadConfig(file);
    expect(mailSettings(loaded).mail.imap.host).toBe('dip.example.org');
    expect(mailSettings(loaded).mail.smtp).toMatchObject({ host: 'localhost', port: 25, user: '' });
  });

  it("shows the same real judge's file as docs/deploying.md", () => {
    const deploying = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'deploying.md'), 'utf8');
    const jsonOf = (text: string) => JSON.parse(/```json\n([\s\S]*?)```/.exec(text)![1]!) as unknown;
    expect(jsonOf(page)).toEqual(jsonOf(deploying));
  });
});
