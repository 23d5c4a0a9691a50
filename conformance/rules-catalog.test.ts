import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MAP_ONLY_RULES, RULES } from '../src/rules/catalog.js';
import { CORPUS_ROOT, corpus, RULES_TXT } from './corpus.js';

/** The judge's rule catalogue against DPjudge's Rules.txt and the rules the corpus maps use. */
const mapCorpora = [join(corpus, 'dpjudge'), join(corpus, 'mila-maps')];

const NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const catalogued = new Set<string>(RULES.map((rule) => rule.name));

/** The rule names listed in the "Look Up A Rule..." index at the top of Rules.txt. */
function indexNames(lines: string[]): Set<string> {
  const start = lines.findIndex((line) => line.trim().startsWith('Look Up A Rule'));
  const end = lines.findIndex((line, i) => i > start && /^1\.1\s/.test(line.trim()));
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  const names = new Set<string>();
  for (const raw of lines.slice(start + 1, end)) {
    // Entries look like "ALWAYS_CONFIRM" or "GREEK (BLIND)" (the bracket names the parent rule).
    const line = raw.trim().replace(/\s*\(.*\)$/, '');
    if (line === '') continue;
    expect(line, `unexpected line in the rule index: ${raw}`).toMatch(NAME);
    names.add(line);
  }
  return names;
}

/**
 * The rule names that head a definition in the body of Rules.txt: a line holding only the name,
 * possibly followed by "-or-" (two names for one entry) or "(BLIND modifier)".
 */
function headingNames(lines: string[]): Set<string> {
  const start = lines.findIndex((line) => /^1\.1\s/.test(line.trim()));
  const names = new Set<string>();
  for (const raw of lines.slice(start)) {
    const match = /^([A-Z][A-Z0-9_]*[A-Z0-9])(?:\s+-or-|\s+\(BLIND modifier\))?\s*$/.exec(raw.trim());
    if (match) names.add(match[1]!);
  }
  return names;
}

/** Every underscore-bearing upper-case word anywhere in Rules.txt; in that file all are rule names. */
function mentionedNames(text: string): Set<string> {
  return new Set(text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? []);
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** Rule names switched on (or off with '!') by RULE / RULES lines in the corpus map files. */
function mapRuleUses(): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  for (const corpus of mapCorpora) {
    for (const file of filesUnder(corpus)) {
      const lines = readFileSync(file, 'latin1').split(/\r?\n/);
      lines.forEach((raw, i) => {
        const line = raw.replace(/#.*$/, '');
        const match = /^\s*RULES?\s+(.+)$/i.exec(line);
        if (!match) return;
        for (const word of match[1]!.trim().split(/\s+/)) {
          const name = word.replace(/^!/, '').toUpperCase();
          const where = `${relative(CORPUS_ROOT, file)}:${i + 1}`;
          uses.set(name, [...(uses.get(name) ?? []), where]);
        }
      });
    }
  }
  return uses;
}

describe('the rule catalogue against Rules.txt', () => {
  const text = readFileSync(RULES_TXT, 'utf8');
  const lines = text.split(/\r?\n/);

  it('contains every rule in the Rules.txt index', () => {
    const names = indexNames(lines);
    expect(names.size).toBeGreaterThan(100);
    expect([...names].filter((name) => !catalogued.has(name))).toEqual([]);
  });

  it('contains every rule that heads a definition in Rules.txt', () => {
    const names = headingNames(lines);
    expect(names.size).toBeGreaterThan(100);
    expect([...names].filter((name) => !catalogued.has(name))).toEqual([]);
  });

  it('contains every rule-like name mentioned anywhere in Rules.txt', () => {
    expect([...mentionedNames(text)].filter((name) => !catalogued.has(name))).toEqual([]);
  });

  it('lists nothing Rules.txt never mentions', () => {
    const words = new Set(text.match(/\b[A-Z][A-Z0-9_]*\b/g) ?? []);
    expect(RULES.map((rule) => rule.name).filter((name) => !words.has(name))).toEqual([]);
  });
});

describe('the rule catalogue against the corpus maps', () => {
  it('knows every rule a corpus map switches on or off', () => {
    for (const corpus of mapCorpora) expect(existsSync(corpus), corpus).toBe(true);
    const uses = mapRuleUses();
    expect(uses.size).toBeGreaterThan(0);
    const unknown = [...uses.entries()]
      .filter(([name]) => !catalogued.has(name) && !MAP_ONLY_RULES.has(name))
      .map(([name, where]) => `${name} (${where.join(', ')})`);
    expect(unknown).toEqual([]);
  });
});
