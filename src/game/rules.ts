import { withImpliedRules, type RulesInForce } from '../rules/in-force.js';
import type { GameStatus } from '../status/model.js';

/**
 * The rules in force: the map's and the status file's with the rules each switches on (NO_QUARTER
 * brings NO_RETREAT and NO_DRAW), and every `!` negation applied after all of them (DPjudge's
 * order, so a game can turn off a rule its map or another rule switches on). Computed once where
 * an operation on a game starts and passed down to everything that operation does.
 */
export function rulesInForce(game: GameStatus, mapRules: readonly string[] = []): RulesInForce {
  const switches = game.rules.flat();
  const off = new Set(switches.filter((item) => !item.on).map((item) => item.rule));
  return withImpliedRules([...mapRules, ...switches.filter((item) => item.on).map((item) => item.rule)], off);
}
