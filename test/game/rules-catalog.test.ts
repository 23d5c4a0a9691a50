import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MAP_ONLY_RULES, RULES, RULE_TOPICS, ruleInfo } from '../../src/game/rules-catalog.js';

const shared = join(__dirname, '..', '..', '..', 'shared');
const rulesTxt = join(shared, 'reference', 'dpjudge', 'Rules.txt');
const mapCorpora = [join(shared, 'corpus', 'dpjudge'), join(shared, 'corpus', 'mila-maps')];

const NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const catalogued = new Set(RULES.map((rule) => rule.name));

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
          const where = `${relative(shared, file)}:${i + 1}`;
          uses.set(name, [...(uses.get(name) ?? []), where]);
        }
      });
    }
  }
  return uses;
}

describe('the rule catalogue', () => {
  it('has no duplicate names', () => {
    const seen = new Set<string>();
    const duplicates = RULES.map((rule) => rule.name).filter((name) => seen.has(name) || !seen.add(name));
    expect(duplicates).toEqual([]);
  });

  it('spells every name in UPPER_SNAKE case', () => {
    expect(RULES.map((rule) => rule.name).filter((name) => !NAME.test(name))).toEqual([]);
  });

  it('gives every rule a one-line summary and a known topic', () => {
    for (const rule of RULES) {
      expect(rule.summary.trim(), rule.name).not.toBe('');
      expect(rule.summary, rule.name).not.toMatch(/[\r\n]/);
      expect(RULE_TOPICS, rule.name).toContain(rule.topic);
    }
    const used = new Set(RULES.map((rule) => rule.topic));
    expect(RULE_TOPICS.filter((topic) => !used.has(topic))).toEqual([]);
    expect(new Set(RULE_TOPICS).size).toBe(RULE_TOPICS.length);
  });

  it('uses null for all-game rules and a variant keyword otherwise', () => {
    for (const rule of RULES) expect([null, 'STANDARD', 'PAYOLA', 'XTALBALL'], rule.name).toContain(rule.variant);
  });

  it('only refers to catalogued rules in implies and excludes, never to the rule itself', () => {
    for (const rule of RULES) {
      for (const other of [...rule.implies, ...rule.excludes]) {
        expect(catalogued.has(other), `${rule.name} refers to ${other}`).toBe(true);
        expect(other, rule.name).not.toBe(rule.name);
      }
      expect(rule.implies.filter((name) => rule.excludes.includes(name)), rule.name).toEqual([]);
    }
  });

  it('records exclusions in both directions', () => {
    for (const rule of RULES) {
      for (const other of rule.excludes) {
        expect(ruleInfo(other)?.excludes, `${other} should exclude ${rule.name}`).toContain(rule.name);
      }
    }
  });

  it('looks rules up ignoring case', () => {
    expect(ruleInfo('BUILD_ANY')?.name).toBe('BUILD_ANY');
    expect(ruleInfo('build_any')?.name).toBe('BUILD_ANY');
    expect(ruleInfo(' Public_Press ')?.name).toBe('PUBLIC_PRESS');
    expect(ruleInfo('EAVESDROP!')?.name).toBe('EAVESDROP');
    expect(ruleInfo('NO_SUCH_RULE')).toBeUndefined();
    expect(ruleInfo('')).toBeUndefined();
  });

  it('records what Rules.txt says some rules switch on', () => {
    expect(ruleInfo('SOLITAIRE')?.implies).toEqual(
      expect.arrayContaining(['NO_DEADLINE', 'CD_DUMMIES', 'DEFAULT_UNORDERED', 'ALWAYS_WAIT']),
    );
    expect(ruleInfo('NO_QUARTER')?.implies).toEqual(expect.arrayContaining(['NO_RETREAT', 'NO_DRAW']));
    expect(ruleInfo('PAYOLA_CLASSIC')?.implies).toEqual(
      expect.arrayContaining(['NO_SAVINGS', 'DIRECT_ONLY', 'FLAT_TAX', 'ZERO_FOREIGN']),
    );
    expect(ruleInfo('GREEK')?.implies).toContain('BLIND');
    expect(ruleInfo('CIVIL_DISORDER')?.excludes).toContain('CIVIL_PREVIEW');
  });

  it('groups rules by variant as Rules.txt does', () => {
    expect(ruleInfo('BLIND')?.variant).toBeNull();
    expect(ruleInfo('VASSAL_DUMMIES')?.variant).toBeNull();
    expect(ruleInfo('NO_CHECK')?.variant).toBe('STANDARD');
    expect(ruleInfo('CD_SUPPORTS')?.variant).toBe('STANDARD');
    expect(ruleInfo('ZEROSUM')?.variant).toBe('PAYOLA');
    expect(ruleInfo('NO_LOOTING')?.variant).toBe('PAYOLA');
    expect(ruleInfo('PUBLIC_LISTS')?.variant).toBe('XTALBALL');
  });
});

describe('the rule catalogue against Rules.txt', () => {
  const text = readFileSync(rulesTxt, 'utf8');
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

  it('keeps MAP_ONLY_RULES apart from the catalogue and well spelled', () => {
    for (const name of MAP_ONLY_RULES) {
      expect(name).toMatch(NAME);
      expect(catalogued.has(name), name).toBe(false);
    }
  });
});
