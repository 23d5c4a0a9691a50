import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const MODEL = join(SRC, 'map', 'model.ts');
/** The map loader: what writes the model's fields. A field only these read is a chain that stops halfway. */
const LOADER = [/^map\/dpjudge\//, /^map\/njudge\//, /^map\/drawings\//, /^map\/load\.ts$/];

/**
 * Fields the loader fills that the judge does not use yet, each with the reason. The nJudge extras
 * are read so that maps load completely; using them is their own issue.
 */
const KNOWN_UNREAD: Record<string, string> = {
  arcticWaters: 'nJudge extra: read inside the nJudge map definition only, which closes them in Fall',
  ambiguous: 'alias entries (`tyr?`): loaded; nothing outside the loader tells an ambiguous alias apart yet',
  graphicalMap: 'DPjudge MAP line: loaded; the board picture is drawn from the map data, and nothing reads the name yet',
  textOnly: 'DPjudge MAP line: loaded; nothing reads it yet',
  dialect: 'which reader loaded the map: recorded for diagnostics, shown nowhere yet',
  notify: 'NOTIFY: CREATE does not mail these addresses yet',
};

function fieldsOfModel(): string[] {
  const fields = new Set<string>();
  for (const match of readFileSync(MODEL, 'utf8').matchAll(/^ {2}(?:readonly )?([a-zA-Z]+)\??:/gm)) fields.add(match[1]!);
  return [...fields];
}

const readers = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !LOADER.some((pattern) => pattern.test(relative(SRC, join(SRC, file)).replace(/\\/g, '/'))))
  .map((file) => readFileSync(join(SRC, file), 'utf8'))
  .join('\n');

/** `Atomics.notify` is JavaScript's, not the model's NOTIFY. */
function isRead(field: string): boolean {
  return new RegExp(`(?<!\\bAtomics)\\.${field}\\b|[{,]\\s*${field}\\s*[,}]`).test(readers);
}

describe('the map model', () => {
  it('has fields', () => {
    expect(fieldsOfModel().length).toBeGreaterThan(40);
  });

  it('has no field that nothing outside the map loader reads', () => {
    const unread = fieldsOfModel().filter((field) => !isRead(field) && !(field in KNOWN_UNREAD));
    expect(unread).toEqual([]);
  });

  it('lists as known only fields that are still unread', () => {
    expect(Object.keys(KNOWN_UNREAD).filter(isRead)).toEqual([]);
  });
});
