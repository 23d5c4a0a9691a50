import { phaseAbbrev } from '../map/phase.js';
import { MAP_POWER_ROLE, rulesInForce, updatePower, type GameStatus, type Vote } from '../status/model.js';
import { GameRuleError } from './lifecycle.js';

/**
 * Ending a game by agreement (DPjudge's VOTE): a survivor votes SOLO, LOSS, or the largest draw
 * it accepts (nWAY). Without NO_DIAS a draw includes every survivor who does not concede, so an
 * nWAY vote must allow at least that many. When every survivor has voted and the votes agree, the
 * game ends: a draw among those who did not vote LOSS, or a win for the only one left.
 */

function survivors(game: GameStatus): string[] {
  return game.powers
    .filter((power) => power.role === MAP_POWER_ROLE && power.owns.some((center) => !center.startsWith('SC')))
    .map((power) => power.name);
}

export function castVote(game: GameStatus, power: string, vote: Vote, mapRules: readonly string[]): GameStatus {
  const rules = rulesInForce(game, mapRules);
  if (rules.includes('NO_DRAW') && typeof vote === 'object') throw new GameRuleError('this game allows no draws (NO_DRAW)');
  const living = survivors(game);
  if (!living.includes(power.toUpperCase())) throw new GameRuleError(`${power} owns no supply center and has no vote`);
  if (typeof vote === 'object' && !rules.includes('NO_DIAS') && vote.drawSize < living.length)
    throw new GameRuleError(`a draw includes all ${living.length} survivors here (no NO_DIAS rule): vote ${living.length}WAY or more`);
  return updatePower(game, power, (status) => ({ ...status, vote }));
}

/** The victors the votes agree on, or null while they do not (yet). */
export function agreedResult(game: GameStatus): string[] | null {
  const living = survivors(game);
  const votes = living.map((name) => ({ name, vote: game.powers.find((power) => power.name === name)!.vote }));
  if (votes.some((entry) => entry.vote === null || entry.vote === 'YES')) return null;
  const victors = votes.filter((entry) => entry.vote !== 'LOSS').map((entry) => entry.name);
  if (victors.length === 0) return null;
  if (victors.length === 1) return victors;
  const everyoneDraws = votes.every((entry) => entry.vote === 'LOSS' || (typeof entry.vote === 'object' && entry.vote !== null && entry.vote.drawSize >= victors.length));
  return everyoneDraws ? victors : null;
}

export function concludeByVote(game: GameStatus, today: string): GameStatus {
  const victors = agreedResult(game);
  const phase = game.phase?.phase;
  if (!victors || !phase || typeof phase !== 'object') return game;
  return { ...game, phase: { mode: 'PHASE', phase: 'COMPLETED' }, deadline: null, result: { phase: phaseAbbrev(phase), victors }, finish: today };
}
