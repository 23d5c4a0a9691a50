import { describe, expect, it } from 'vitest';
import { MAP_ONLY_RULES, RULES, RULE_TOPICS } from '../../src/rules/catalog.js';
import { ruleInfo, withImpliedRules } from '../../src/rules/in-force.js';

const NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const catalogued = new Set<string>(RULES.map((rule) => rule.name));

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
      expect(
        rule.implies.filter((name) => rule.excludes.includes(name)),
        rule.name,
      ).toEqual([]);
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

  it('reads a rule made public with a trailing ! as the rule itself, keeping the spelling for listings', () => {
    const rules = withImpliedRules(['eavesdrop!', 'NO_DIAS']);
    expect(rules.has('EAVESDROP')).toBe(true);
    expect(rules.names).toEqual(['eavesdrop!', 'NO_DIAS']);
    expect(rules.without('EAVESDROP').has('EAVESDROP')).toBe(false);
    expect(rules.without('EAVESDROP').names).toEqual(['NO_DIAS']);
  });

  it('records what Rules.txt says some rules switch on', () => {
    expect(ruleInfo('SOLITAIRE')?.implies).toEqual(expect.arrayContaining(['NO_DEADLINE', 'CD_DUMMIES', 'DEFAULT_UNORDERED', 'ALWAYS_WAIT']));
    expect(ruleInfo('NO_QUARTER')?.implies).toEqual(expect.arrayContaining(['NO_RETREAT', 'NO_DRAW']));
    expect(ruleInfo('PAYOLA_CLASSIC')?.implies).toEqual(expect.arrayContaining(['NO_SAVINGS', 'DIRECT_ONLY', 'FLAT_TAX', 'ZERO_FOREIGN']));
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

describe('the rules only maps switch', () => {
  it('keeps MAP_ONLY_RULES apart from the catalogue and well spelled', () => {
    for (const name of MAP_ONLY_RULES) {
      expect(name).toMatch(NAME);
      expect(catalogued.has(name), name).toBe(false);
    }
  });
});
