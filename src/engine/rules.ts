import type { RuleName } from '../rules/catalog.js';
import { RulesInForce } from '../rules/in-force.js';

/** The DPjudge RULEs that change adjudication, each with the flag the engine reads it by. */
const FLAG_RULES = {
  /** Builds in any owned supply center, not only in home centers. */
  buildAny: 'BUILD_ANY',
  /** Every build is announced as hidden until the next movement results. */
  hideBuilds: 'HIDE_BUILDS',
  noReserves: 'NO_RESERVES',
  noMilitia: 'NO_MILITIA',
  noFactories: 'NO_FACTORIES',
  noPartisans: 'NO_PARTISANS',
  /** Victory counts home centers taken from other powers (see victory.ts for these four). */
  victoryHomes: 'VICTORY_HOMES',
  teamVictory: 'TEAM_VICTORY',
  holdWin: 'HOLD_WIN',
  sharedVictory: 'SHARED_VICTORY',
  /** Builds in any owned center that is a home center of any power. */
  homeBuilds: 'HOME_BUILDS',
  /** Builds only while owning a home center of one's own (and anywhere owned, without HOME_BUILDS). */
  remoteBuilds: 'REMOTE_BUILDS',
  /** An eliminated power whose homes all stand empty may build one unit in one of them (see builds.ts). */
  garrison: 'GARRISON',
  /** Powers that give no adjustment orders build at random instead of waiving. */
  cdBuilds: 'CD_BUILDS',
  /** Powers may dislodge their own units (FRIENDLY_FIRE), or only DUMMY powers may (DUMMY_FIRE). */
  friendlyFire: 'FRIENDLY_FIRE',
  dummyFire: 'DUMMY_FIRE',
  /** Units of DUMMY powers may not move. */
  immobileDummies: 'IMMOBILE_DUMMIES',
  /** Dummies keep their homes and become vassals of whoever occupies them all (see vassals.ts). */
  vassalDummies: 'VASSAL_DUMMIES',
  /** Vassal units on centers foreign to their controller's camp are destroyed once vassalage is settled (see vassals.ts). */
  tornAllegiance: 'TORN_ALLEGIANCE',
  /** What becomes of units whose space changes terrain (see terrain.ts). */
  hibernate: 'HIBERNATE',
  unitsAdapt: 'UNITS_ADAPT',
  /** Dislodged units are destroyed: nobody retreats. */
  noRetreat: 'NO_RETREAT',
  /** Dislodged units of powers without retreat orders retreat at random instead of disbanding. */
  cdRetreats: 'CD_RETREATS',
  /** Units of powers without movement orders support each other where attacked in strength. */
  cdSupports: 'CD_SUPPORTS',
  /** Fleets moving into each other's province on different coasts pass instead of bouncing (see battle.ts). */
  coastalCrawl: 'COASTAL_CRAWL',
  /** Key's rule: a unit whose move bounced has no strength left to hold its own space (see movement/strength.ts). */
  weakBounces: 'WEAK_BOUNCES',
  /** Fleets on COAST spaces convoy as if in a PORT (see convoy-routes.ts). */
  coastalConvoy: 'COASTAL_CONVOY',
  /** A convoying fleet that is a beleaguered garrison convoys nothing (see movement/convoy.ts). */
  safeConvoys: 'SAFE_CONVOYS',
  /** A convoying fleet convoys nothing unless it is better supported than every foreign attack on it (see movement/convoy.ts). */
  weakConvoys: 'WEAK_CONVOYS',
  /** Armies carry fleets overland between coastal provinces, a convoy with the roles reversed (see portage-routes.ts). */
  portageConvoy: 'PORTAGE_CONVOY',
  /** A convoy route may pass a fleet twice, or bring the army back to where it started. */
  convoyBack: 'CONVOY_BACK',
  /** Supports no unit could give are accepted as signals, and void in the results. */
  signalSupport: 'SIGNAL_SUPPORT',
  /** Orders to units of any power are accepted; a unit follows its owner's, or its proxy's (see legality/movement.ts, movement/battle.ts). */
  orderAny: 'ORDER_ANY',
  /** An owner may hand a unit's order to another power with the proxy order. */
  proxyOk: 'PROXY_OK',
  /** Orders to and involving units that do not exist are accepted; they do nothing, or hold (see movement/battle.ts). */
  fictionalOk: 'FICTIONAL_OK',
  /** Supports and convoys offered to units that do not exist are void in the results, not turned into holds. */
  showPhantom: 'SHOW_PHANTOM',
  /** Orders are checked only at processing; those found unusable are listed in the results as invalid (see movement/outcomes.ts). */
  noCheck: 'NO_CHECK',
} as const satisfies Record<string, RuleName>;

/** The adjudication rules, read once per phase from the game's rule list. */
export type RuleFlags = { readonly [flag in keyof typeof FLAG_RULES]: boolean };

const NO_RULES: RuleFlags = flagsOf(new Set());

/** Flags already made, by their rule list: one frozen object per distinct list, so that equal flags are the same object. */
const made = new Map<string, RuleFlags>([['', NO_RULES]]);

/** Flags already made for a RulesInForce, which never changes: a game's rules are read once per operation, not once per phase. */
const madeFor = new WeakMap<RulesInForce, RuleFlags>();

export function ruleFlags(rules?: Iterable<string>): RuleFlags {
  if (rules === undefined) return NO_RULES;
  if (rules instanceof RulesInForce) {
    let flags = madeFor.get(rules);
    if (flags === undefined) {
      flags = flagsFor(rules);
      madeFor.set(rules, flags);
    }
    return flags;
  }
  return flagsFor(rules);
}

function flagsFor(rules: Iterable<string>): RuleFlags {
  // A trailing '!' makes a rule public (Rules.txt: EAVESDROP!); it is the same rule, as RulesInForce.has reads it.
  const on = new Set([...rules].map((rule) => rule.toUpperCase().replace(/!$/, '')));
  const key = [...on].sort().join(' ');
  let flags = made.get(key);
  if (flags === undefined) {
    flags = flagsOf(on);
    made.set(key, flags);
  }
  return flags;
}

function flagsOf(on: ReadonlySet<string>): RuleFlags {
  return Object.freeze(Object.fromEntries(Object.entries(FLAG_RULES).map(([flag, rule]) => [flag, on.has(rule)])) as RuleFlags);
}
