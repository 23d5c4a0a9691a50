import { withImpliedRules, type RulesInForce } from '../rules/in-force.js';
import type { MapDefinition } from '../map/definition.js';
import type { GameMap } from '../map/game-map.js';
import { playedPhase, type GameStatus } from '../status/model.js';

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

/**
 * The rules in force of each game an operation that spans several steps touches (one mail's
 * commands, one web request): made once per game and map and handed to every step. They are made
 * again only when the game's RULE lines change under the operation (a Master's RULE line, REVEAL)
 * or a step reads the game on another map (a phase of a map with IN or FROM blocks).
 */
export class OperationRules {
  readonly #made = new Map<string, Map<GameMap, { readonly lines: string; readonly rules: RulesInForce }>>();

  of(game: GameStatus, map: GameMap): RulesInForce {
    const lines = JSON.stringify(game.rules);
    const name = game.name ?? '';
    let onMaps = this.#made.get(name);
    if (!onMaps) this.#made.set(name, (onMaps = new Map()));
    const made = onMaps.get(map);
    if (made?.lines === lines) return made.rules;
    const rules = rulesInForce(game, map.rules());
    onMaps.set(map, { lines, rules });
    return rules;
  }

  /** The rules in force on the map of the game's current phase (the base map while forming or over). */
  inPlay(game: GameStatus, maps: MapDefinition): RulesInForce {
    const phase = playedPhase(game);
    return this.of(game, phase ? maps.at(phase) : maps.base);
  }
}
