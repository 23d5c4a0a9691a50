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
}

const NO_RULES: RuleFlags = {
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
};

export function ruleFlags(rules?: Iterable<string>): RuleFlags {
  if (rules === undefined) return NO_RULES;
  const on = new Set([...rules].map((rule) => rule.toUpperCase()));
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
  };
}
