import { RULES, type RuleInfo, type RuleName } from './catalog.js';

const BY_NAME: ReadonlyMap<string, RuleInfo> = new Map(RULES.map((rule) => [rule.name, rule]));

/**
 * Looks up a rule by name, ignoring case and surrounding blanks. A trailing '!' is dropped, since
 * Rules.txt documents EAVESDROP! as a spelling of EAVESDROP.
 */
export function ruleInfo(name: string): RuleInfo | undefined {
  return BY_NAME.get(ruleKey(name.trim()));
}

/** A rule's name as code asks for it: upper case, without the '!' that makes it public (EAVESDROP!). */
function ruleKey(name: string): string {
  return name.toUpperCase().replace(/!$/, '');
}

/**
 * The rules a game plays by in one operation, computed once where the operation starts (see
 * `rulesInForce` in `game/rules.ts`) and read by every layer. A status file may name rules the
 * catalogue does not know; they are kept, listed and reported, but code can only ask about a
 * catalogued `RuleName`.
 */
export class RulesInForce implements Iterable<string> {
  readonly #names: readonly string[];
  readonly #on: ReadonlySet<string>;

  constructor(names: Iterable<string>) {
    this.#names = [...new Set(names)];
    this.#on = new Set(this.#names.map(ruleKey));
  }

  has(rule: RuleName): boolean {
    return this.#on.has(rule);
  }

  /** The first of `rules` in force, in the order given (the rule a refusal names). */
  first<Rule extends RuleName>(...rules: Rule[]): Rule | undefined {
    return rules.find((rule) => this.has(rule));
  }

  /** The same rules with `rule` switched off. */
  without(rule: RuleName): RulesInForce {
    return new RulesInForce(this.#names.filter((name) => ruleKey(name) !== rule));
  }

  /** The names in force, as the map and the status file spell them. */
  get names(): readonly string[] {
    return this.#names;
  }

  [Symbol.iterator](): Iterator<string> {
    return this.#names[Symbol.iterator]();
  }
}

/** Rules that, named, silently countermand another (Rules.txt: NO_PROXY countermands any PROXY_OK). */
const COUNTERMANDS: Readonly<Record<string, RuleName>> = { NO_PROXY: 'PROXY_OK' };

/**
 * Rules switched on, with the rules each brings, leaving out those switched `off` or countermanded:
 * a rule switched off brings nothing with it, and stays off when another rule brings it. Alone, the
 * rules a new game on a map plays by: `withImpliedRules(map.rules())`.
 */
export function withImpliedRules(rules: Iterable<string>, switchedOff: ReadonlySet<string> = new Set()): RulesInForce {
  const named = [...rules];
  const off = new Set(switchedOff);
  for (const rule of named) {
    const countermanded = COUNTERMANDS[rule.toUpperCase()];
    if (countermanded !== undefined && !switchedOff.has(rule)) off.add(countermanded);
  }
  const on = new Set(named.filter((rule) => !off.has(rule)));
  for (const rule of on) for (const implied of ruleInfo(rule)?.implies ?? []) if (!off.has(implied)) on.add(implied);
  return new RulesInForce(on);
}
