import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Mustache from 'mustache';
import { describe, expect, it } from 'vitest';

const TEMPLATES = fileURLToPath(new URL('../../templates/', import.meta.url));
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function filesUnder(folder: string, ending: RegExp): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && ending.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

type Token = [type: string, name: string, start: number, end: number, children?: Token[]];

/**
 * A sample view for a template, built from its own tags: every variable gets a value that names it,
 * every section is shown once with the same kind of value inside. A tag the rendering leaves unfilled
 * is then a tag that can never be filled.
 */
function sampleView(tokens: Token[], view: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [type, name, , , children] of tokens) {
    if (type === 'name' || type === '&') setPath(view, name, `[${name}]`);
    else if (type === '#' && name.includes('.')) {
      // `{{#games.length}}` or `{{#zone.shown}}`: a truthy value at that path, the section inside the same view.
      setPath(view, name, `[${name}]`);
      sampleView(children ?? [], view);
    } else if (type === '#') {
      const shown = view[name];
      const item = Array.isArray(shown) ? (shown[0] as Record<string, unknown>) : {};
      view[name] = [sampleView(children ?? [], item)];
    } else if (type === '^') sampleView(children ?? [], view);
  }
  return view;
}

/** `zone.shown` is `{ zone: { shown } }` to Mustache. */
function setPath(view: Record<string, unknown>, name: string, value: string): void {
  const [first, ...rest] = name.split('.');
  if (rest.length === 0) view[first!] = value;
  else {
    const inner = typeof view[first!] === 'object' && view[first!] !== null ? (view[first!] as Record<string, unknown>) : {};
    setPath(inner, rest.join('.'), value);
    view[first!] = inner;
  }
}

function variablesOf(tokens: Token[]): string[] {
  return tokens.flatMap(([type, name, , , children]) =>
    type === 'name' || type === '&' ? [name] : type === '#' ? variablesOf(children ?? []) : [],
  );
}

const templates = filesUnder(TEMPLATES, /\.(txt|html)$/);
const partials = Object.fromEntries(filesUnder(join(TEMPLATES, 'web'), /\.html$/).map((file) => [relative(join(TEMPLATES, 'web'), file).replace(/\.html$/, ''), readFileSync(file, 'utf8')]));
const code = filesUnder(SRC, /\.ts$/)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

describe('every template', () => {
  it('is found', () => {
    expect(templates.length).toBeGreaterThan(30);
  });

  for (const file of templates) {
    const name = relative(TEMPLATES, file);
    it(`${name} renders a sample view with every tag filled`, () => {
      const text = readFileSync(file, 'utf8');
      const tokens = Mustache.parse(text) as Token[];
      const rendered = Mustache.render(text, sampleView(tokens), partials, { escape: (value: string) => value });
      expect(rendered, 'a tag Mustache did not read').not.toMatch(/\{\{|\}\}/);
      for (const variable of variablesOf(tokens)) {
        if (variable !== '.') expect(rendered, `{{${variable}}} is never filled`).toContain(`[${variable}]`);
      }
    });

    it(`${name} is used by the judge`, () => {
      const base = name.replace(/^web\//, '').replace(/\.(txt|html)$/, '');
      const used = code.includes(`'${base}'`) || code.includes(`'${base}.html'`) || Object.values(partials).some((partial) => partial.includes(`{{> ${base}}}`));
      expect(used, `${name} is read by nothing in src/`).toBe(true);
    });
  }
});
