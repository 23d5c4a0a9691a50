import type { GameMap } from '../map/game-map.js';
import { isBuildToken } from './builds.js';
import type { RuleFlags } from './rules.js';
import type { Position, PowerState } from './types.js';

/**
 * Who wins at the end of a game year. The target is the map's VICTORY count for the year (more
 * than half the centers without one). The rules change what is counted and who may win:
 * - VICTORY_HOMES: only home centers taken from other powers count, neither one's own homes nor
 *   those of a dummy one controls; without a VICTORY line the target becomes half the homes of the
 *   other powers on average, plus one.
 * - TEAM_VICTORY: a power counts the centers of the dummies it controls, and a controlled power
 *   never wins by itself.
 * - HOLD_WIN: the target must also have been held at the end of the year before.
 * - SHARED_VICTORY: everyone on target wins together; otherwise the single leader on target wins,
 *   and a tie for the lead plays on.
 */

export interface VictoryInput {
  flags: RuleFlags;
  /** Each power played by another (its CONTROL), mapped to the power in control. */
  controllers: ReadonlyMap<string, string>;
}

function homeCenters(position: Position): Map<string, string[]> {
  const holders = new Map<string, string[]>();
  for (const state of position.powers) {
    for (const home of state.homes) {
      const names = holders.get(home);
      if (names) names.push(state.name);
      else holders.set(home, [state.name]);
    }
  }
  return holders;
}

/** The centers a power needs this year. */
export function victoryTarget(map: GameMap, position: Position, year: number, flags: RuleFlags): number {
  if (!flags.victoryHomes || map.data.victory.length > 0) return map.victoryCenters(year);
  const homed = position.powers.filter((state) => state.homes.length > 0).length;
  const homes = homeCenters(position).size;
  if (homed < 2 || homes < 2) return map.victoryCenters(year);
  return Math.floor((homes * (homed - 1)) / (2 * homed)) + 1;
}

/** Each power's count towards the target. */
export function victoryScores(position: Position, input: VictoryInput): Map<string, number> {
  // Only VICTORY_HOMES asks whose homes a center is: the scores are counted after every game year.
  const holders = input.flags.victoryHomes ? homeCenters(position) : null;
  const counts = (state: PowerState): number => {
    let count = 0;
    for (const center of state.centers) {
      if (isBuildToken(center)) continue;
      if (holders === null || (holders.get(center) ?? []).some((owner) => owner !== state.name && input.controllers.get(owner) !== state.name)) count++;
    }
    return count;
  };
  const own = new Map(position.powers.map((state) => [state.name, counts(state)]));
  if (!input.flags.teamVictory) return own;
  const scores = new Map<string, number>();
  for (const state of position.powers) {
    if (input.controllers.has(state.name)) {
      scores.set(state.name, 0);
      continue;
    }
    const team = position.powers.filter((other) => input.controllers.get(other.name) === state.name);
    scores.set(state.name, own.get(state.name)! + team.reduce((sum, other) => sum + own.get(other.name)!, 0));
  }
  return scores;
}

/** The winners when the year's centers have changed hands: `before` is the position as the year began. */
export function victors(map: GameMap, before: Position, after: Position, year: number, input: VictoryInput): string[] {
  const target = victoryTarget(map, after, year, input.flags);
  // Asked after every game year, mostly long before anyone could win: a power scores at most its centers, unless it counts a team's.
  if (!input.flags.teamVictory && after.powers.every((state) => state.centers.length < target)) return [];
  const scores = victoryScores(after, input);
  const earlier = input.flags.holdWin ? victoryScores(before, input) : scores;
  const most = Math.max(0, ...scores.values());
  const onTarget = after.powers.map((state) => state.name).filter((name) => scores.get(name)! >= target && earlier.get(name)! >= target);
  if (input.flags.sharedVictory) return onTarget;
  const leaders = [...scores.values()].filter((score) => score === most).length;
  return onTarget.filter((name) => scores.get(name) === most && leaders === 1);
}
