import type { MapDefinition } from '../map/definition.js';
import type { RulesInForce } from '../rules/in-force.js';
import { MAP_POWER_ROLE, playedPhase, unplayedPhase, type GameStatus } from '../status/model.js';
import { describeDeadline, phaseTitle } from './results.js';
import { FULL_SIGHT } from '../engine/visibility.js';
import { boardSight, type Reader } from './blind-view.js';

/**
 * The position as a player wants to see it: phase, deadline, and per power its units (with
 * retreat options), centers and who plays it. Nothing private: no passwords, no addresses, and
 * `hidden` builds the reader may not see yet are counted without their place. LIST mails it as
 * text; the web pages lay the same view out as a table.
 */

interface PowerView {
  readonly name: string;
  /** `dummy`, `vacant` when nobody plays the power; null when a player does (who is not told). */
  readonly occupant: string | null;
  readonly centers: readonly string[];
  /** `A PAR`, `F STP/SC (dislodged; may retreat to BOT)`, or a build out of sight. */
  readonly units: readonly string[];
  /** BLIND: only what the reader sees of this power's units and centres is listed. */
  readonly partial: boolean;
}

export interface GameView {
  /** `Game alpha (map standard): Spring 1901 Movement`. */
  readonly heading: string;
  /** The deadline in the game's zone; null when there is none. */
  readonly deadline: string | null;
  readonly result: string | null;
  readonly powers: readonly PowerView[];
}

const HIDDEN_UNIT = 'a unit built out of sight';

function unitText(unit: { type: string; location: string; retreats: readonly string[] | null }): string {
  if (unit.retreats === null) return `${unit.type} ${unit.location}`;
  return `${unit.type} ${unit.location} ${unit.retreats.length > 0 ? `(dislodged; may retreat to ${unit.retreats.join(' ')})` : '(dislodged; no retreat)'}`;
}

/**
 * The game as `reader` may see it (everything when no reader is named: the judgekeeper's own view).
 * In a BLIND game a power sees what its units and centres see, an observer no unit or owner at all.
 * `rules` are those in force on the map of the game's current phase.
 * `hideDummies`: HIDE_DUMMIES, for a reader other than the Master: a dummy power reads as one a player plays.
 */
export function gameView(
  game: GameStatus,
  maps: MapDefinition,
  rules: RulesInForce,
  hidden: readonly { power: string; location: string }[] = [],
  reader: Reader = { reader: null, master: true },
  options: { hideDummies?: boolean } = {},
): GameView {
  const phase = playedPhase(game);
  const title = phase ? phaseTitle(phase) : (unplayedPhase(game) ?? 'no phase');
  const map = phase ? maps.at(phase) : maps.base;
  const sight = boardSight(game, map, reader, rules);
  const powers = game.powers
    .filter((power) => power.role === MAP_POWER_ROLE)
    // In the results' order, alphabetical, not the order the players joined in.
    .sort((one, other) => one.name.localeCompare(other.name))
    .map((power) => {
      const current = power.player?.current;
      const occupant = options.hideDummies === true && current === 'DUMMY' ? undefined : current;
      const partial = sight !== FULL_SIGHT && power.name !== reader.reader;
      return {
        name: map.power(power.name)?.displayName ?? power.name,
        occupant: occupant === undefined ? null : typeof occupant === 'string' ? occupant.toLowerCase() : null,
        centers: partial ? power.owns.filter((center) => sight.seesOwner(center)) : power.owns,
        // A build still out of sight (HIDE_BUILDS, `~` sites) is counted but not placed.
        units: power.units
          .filter((unit) => !partial || sight.seesUnit(unit))
          .map((unit) => (hidden.some((entry) => entry.power === power.name && entry.location === unit.location) ? HIDDEN_UNIT : unitText(unit))),
        partial,
      };
    });
  return {
    heading: `Game ${game.name} (map ${maps.base.name}): ${title}${game.phase?.mode === 'WAIT' ? ', waiting for the Master to process' : ''}`,
    deadline: game.deadline ? describeDeadline(game.deadline, game.zone) : null,
    result: game.result ? `${game.result.victors.length > 0 ? game.result.victors.join(', ') : 'terminated'} (${game.result.phase})` : null,
    powers,
  };
}

export function gameViewText(view: GameView): string {
  const lines: string[] = [view.heading];
  if (view.deadline) lines.push(`Deadline: ${view.deadline}`);
  if (view.result) lines.push(`Result: ${view.result}`);
  for (const power of view.powers) {
    const counts = `${power.centers.length} centers, ${power.units.length} units${power.partial ? ' in sight' : ''}`;
    lines.push('', `${power.name}${power.occupant === null ? '' : ` [${power.occupant}]`}: ${counts}`);
    if (power.centers.length > 0) lines.push(`  centers: ${power.centers.join(' ')}`);
    for (const unit of power.units) lines.push(`  ${unit}`);
  }
  return `${lines.join('\n')}\n`;
}

export function showGame(game: GameStatus, maps: MapDefinition, rules: RulesInForce): string {
  return gameViewText(gameView(game, maps, rules));
}
