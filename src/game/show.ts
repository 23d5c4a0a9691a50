import type { MapDefinition } from '../map/definition.js';
import { MAP_POWER_ROLE, type GameStatus } from '../status/model.js';
import { describeDeadline, phaseTitle } from './results.js';

/**
 * The position as a player wants to see it: phase, deadline, and per power its units (with
 * retreat options), centers and who plays it. Nothing private: no passwords, no addresses, and
 * `hidden` builds the reader may not see yet are counted without their place.
 */
export function showGame(game: GameStatus, maps: MapDefinition, hidden: readonly { power: string; location: string }[] = []): string {
  const phase = game.phase?.phase;
  const lines: string[] = [];
  const title = !phase ? 'no phase' : typeof phase === 'string' ? phase : phaseTitle(phase);
  lines.push(`Game ${game.name} (map ${maps.base.name}): ${title}${game.phase?.mode === 'WAIT' ? ', waiting for the Master to process' : ''}`);
  if (game.deadline) lines.push(`Deadline: ${describeDeadline(game.deadline, game.zone)}`);
  if (game.result) lines.push(`Result: ${game.result.victors.length > 0 ? game.result.victors.join(', ') : 'terminated'} (${game.result.phase})`);
  const map = typeof phase === 'object' ? maps.at(phase) : maps.base;
  for (const power of game.powers) {
    if (power.role !== MAP_POWER_ROLE) continue;
    const name = map.power(power.name)?.displayName ?? power.name;
    const occupant = power.player?.current;
    const who = occupant === undefined ? '' : typeof occupant === 'string' ? ` [${occupant.toLowerCase()}]` : '';
    lines.push('', `${name}${who}: ${power.owns.length} centers, ${power.units.length} units`);
    if (power.owns.length > 0) lines.push(`  centers: ${power.owns.join(' ')}`);
    for (const unit of power.units) {
      // A build still out of sight (HIDE_BUILDS, `~` sites) is counted but not placed.
      if (hidden.some((entry) => entry.power === power.name && entry.location === unit.location)) {
        lines.push('  a unit built out of sight');
        continue;
      }
      lines.push(`  ${unit.type} ${unit.location}${unit.retreats === null ? '' : unit.retreats.length > 0 ? ` (dislodged; may retreat to ${unit.retreats.join(' ')})` : ' (dislodged; no retreat)'}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
