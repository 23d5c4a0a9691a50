/** The DPjudge RULEs that change adjudication, read once per phase from the game's rule list. */
export interface RuleFlags {
  /** Builds in any owned supply center, not only in home centers. */
  buildAny: boolean;
  /** Every build is announced as hidden until the next movement results. */
  hideBuilds: boolean;
  noReserves: boolean;
  noMilitia: boolean;
  noFactories: boolean;
  noPartisans: boolean;
  /** Victory counts home centers taken from other powers (see victory.ts for these four). */
  victoryHomes: boolean;
  teamVictory: boolean;
  holdWin: boolean;
  sharedVictory: boolean;
  /** Builds in any owned center that is a home center of any power. */
  homeBuilds: boolean;
  /** Builds only while owning a home center of one's own (and anywhere owned, without HOME_BUILDS). */
  remoteBuilds: boolean;
  /** Powers that give no adjustment orders build at random instead of waiving. */
  cdBuilds: boolean;
  /** Powers may dislodge their own units (FRIENDLY_FIRE), or only DUMMY powers may (DUMMY_FIRE). */
  friendlyFire: boolean;
  dummyFire: boolean;
  /** Units of DUMMY powers may not move. */
  immobileDummies: boolean;
  /** Dummies keep their homes and become vassals of whoever occupies them all (see vassals.ts). */
  vassalDummies: boolean;
  /** What becomes of units whose space changes terrain (see terrain.ts). */
  hibernate: boolean;
  unitsAdapt: boolean;
  /** Dislodged units are destroyed: nobody retreats. */
  noRetreat: boolean;
  /** Dislodged units of powers without retreat orders retreat at random instead of disbanding. */
  cdRetreats: boolean;
  /** Units of powers without movement orders support each other where attacked in strength. */
  cdSupports: boolean;
  /** Fleets moving into each other's province on different coasts pass instead of bouncing (see battle.ts). */
  coastalCrawl: boolean;
  /** Key's rule: a unit whose move bounced has no strength left to hold its own space (see resolver.ts). */
  weakBounces: boolean;
  /** Fleets on COAST spaces convoy as if in a PORT (see convoy-routes.ts). */
  coastalConvoy: boolean;
  /** A convoy route may pass a fleet twice, or bring the army back to where it started. */
  convoyBack: boolean;
  /** Supports no unit could give are accepted as signals, and void in the results. */
  signalSupport: boolean;
}

const NO_RULES: RuleFlags = Object.freeze({
  buildAny: false,
  hideBuilds: false,
  noReserves: false,
  noMilitia: false,
  noFactories: false,
  noPartisans: false,
  victoryHomes: false,
  teamVictory: false,
  holdWin: false,
  sharedVictory: false,
  homeBuilds: false,
  remoteBuilds: false,
  cdBuilds: false,
  friendlyFire: false,
  dummyFire: false,
  immobileDummies: false,
  vassalDummies: false,
  hibernate: false,
  unitsAdapt: false,
  noRetreat: false,
  cdRetreats: false,
  cdSupports: false,
  coastalCrawl: false,
  weakBounces: false,
  coastalConvoy: false,
  convoyBack: false,
  signalSupport: false,
});

/** Flags already made, by their rule list: one frozen object per distinct list, so that equal flags are the same object. */
const made = new Map<string, RuleFlags>([['', NO_RULES]]);

export function ruleFlags(rules?: Iterable<string>): RuleFlags {
  if (rules === undefined) return NO_RULES;
  const on = new Set([...rules].map((rule) => rule.toUpperCase()));
  const key = [...on].sort().join(' ');
  let flags = made.get(key);
  if (flags === undefined) {
    flags = Object.freeze(flagsOf(on));
    made.set(key, flags);
  }
  return flags;
}

function flagsOf(on: ReadonlySet<string>): RuleFlags {
  return {
    buildAny: on.has('BUILD_ANY'),
    hideBuilds: on.has('HIDE_BUILDS'),
    noReserves: on.has('NO_RESERVES'),
    noMilitia: on.has('NO_MILITIA'),
    noFactories: on.has('NO_FACTORIES'),
    noPartisans: on.has('NO_PARTISANS'),
    victoryHomes: on.has('VICTORY_HOMES'),
    teamVictory: on.has('TEAM_VICTORY'),
    holdWin: on.has('HOLD_WIN'),
    sharedVictory: on.has('SHARED_VICTORY'),
    homeBuilds: on.has('HOME_BUILDS'),
    remoteBuilds: on.has('REMOTE_BUILDS'),
    cdBuilds: on.has('CD_BUILDS'),
    friendlyFire: on.has('FRIENDLY_FIRE'),
    dummyFire: on.has('DUMMY_FIRE'),
    immobileDummies: on.has('IMMOBILE_DUMMIES'),
    vassalDummies: on.has('VASSAL_DUMMIES'),
    hibernate: on.has('HIBERNATE'),
    unitsAdapt: on.has('UNITS_ADAPT'),
    noRetreat: on.has('NO_RETREAT'),
    cdRetreats: on.has('CD_RETREATS'),
    cdSupports: on.has('CD_SUPPORTS'),
    coastalCrawl: on.has('COASTAL_CRAWL'),
    weakBounces: on.has('WEAK_BOUNCES'),
    coastalConvoy: on.has('COASTAL_CONVOY'),
    convoyBack: on.has('CONVOY_BACK'),
    signalSupport: on.has('SIGNAL_SUPPORT'),
  };
}
