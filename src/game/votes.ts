import { MAP_POWER_ROLE, findPower, playedPhase, updatePower, type GameStatus, type Proposal, type Vote } from '../status/model.js';
import { vassalsOf } from './control.js';
import { completedGame, GameRuleError } from './lifecycle.js';
import { isBuildToken } from '../engine/builds.js';
import type { RulesInForce } from '../rules/in-force.js';

/**
 * Ending a game by agreement. Only the voters have a say: the powers that play for themselves
 * (no CONTROL) and own a supply center, or control a dummy that does.
 *
 * Without PROPOSE_DIAS each voter keeps a standing vote: SOLO, LOSS, or the largest draw it accepts
 * (nWAY). Without NO_DIAS a draw includes every voter who does not concede, so an nWAY vote must
 * allow at least that many. When every voter has voted and the votes agree, the game ends: a draw
 * among those who did not vote LOSS, or a win for the only one left.
 *
 * With PROPOSE_DIAS (or HIDE_PROPOSER) a voter proposes an ending: DIAS, a draw of all voters, or
 * a concession to one of them (the PROPOSAL line). The proposer agrees by proposing; every other
 * voter answers YES, and one veto drops the proposal and every vote for it. When all have said YES,
 * the game ends as proposed.
 */

export const DRAW_PROPOSAL = 'DIAS';

/** HIDE_PROPOSER switches PROPOSE_DIAS on (see `rulesInForce`). */
function usesProposals(rules: RulesInForce): boolean {
  return rules.has('PROPOSE_DIAS');
}

function ownsCenter(game: GameStatus, name: string): boolean {
  return findPower(game, name)?.owns.some((center) => !isBuildToken(center)) ?? false;
}

/** The powers whose votes decide the game's end, in the status file's order. */
export function voters(game: GameStatus): string[] {
  return game.powers
    .filter((power) => power.role === MAP_POWER_ROLE && power.control.length === 0)
    .filter((power) => ownsCenter(game, power.name) || vassalsOf(game, power.name).some((vassal) => ownsCenter(game, vassal.name)))
    .map((power) => power.name);
}

function voter(game: GameStatus, power: string): string {
  const name = power.toUpperCase();
  if (!voters(game).includes(name)) throw new GameRuleError(`${power} has no vote: it owns no supply center, or another power plays it`);
  return name;
}

export function castVote(game: GameStatus, power: string, vote: Vote, rules: RulesInForce): GameStatus {
  const name = voter(game, power);
  if (usesProposals(rules)) {
    if (vote !== 'YES') throw new GameRuleError('this game decides its end by proposals (PROPOSE_DIAS): VOTE YES agrees to the proposal, VOTE NO vetoes it');
    if (game.proposal === null) throw new GameRuleError('there is no proposal to agree to; PROPOSE DIAS or PROPOSE a power to make one');
  } else {
    if (vote === 'YES') throw new GameRuleError('VOTE YES answers a proposal, and this game has none (no PROPOSE_DIAS): vote SOLO, LOSS or nWAY');
    if (rules.has('NO_DRAW') && typeof vote === 'object') throw new GameRuleError('this game allows no draws (NO_DRAW)');
    const count = voters(game).length;
    if (typeof vote === 'object' && !rules.has('NO_DIAS') && vote.drawSize < count)
      throw new GameRuleError(`a draw includes all ${count} survivors here (no NO_DIAS rule): vote ${count}WAY or more`);
  }
  return updatePower(game, name, (status) => ({ ...status, vote }));
}

/** PROPOSE: a draw of all voters (DIAS) or a concession to one power; the proposer's YES comes with it. */
export function propose(game: GameStatus, power: string, result: string, rules: RulesInForce): GameStatus {
  if (!usesProposals(rules)) throw new GameRuleError('this game takes no proposals (no PROPOSE_DIAS rule): VOTE SOLO, LOSS or nWAY instead');
  const proposer = voter(game, power);
  if (game.proposal !== null)
    throw new GameRuleError(`a proposal is already on the table (${describeProposal(game.proposal)}); it must be agreed or vetoed first`);
  const wanted = result.toUpperCase();
  if (wanted === DRAW_PROPOSAL && rules.has('NO_DRAW')) throw new GameRuleError('this game allows no draws (NO_DRAW)');
  if (wanted !== DRAW_PROPOSAL && !voters(game).includes(wanted)) throw new GameRuleError(`a concession goes to a power with a vote, and ${result} has none`);
  return updatePower({ ...game, proposal: { result: wanted, proposer } }, proposer, (status) => ({ ...status, vote: 'YES' }));
}

/** A veto: the proposal and every vote for it are gone. */
export function veto(game: GameStatus, power: string): GameStatus {
  voter(game, power);
  if (game.proposal === null) throw new GameRuleError('there is no proposal to veto');
  return withoutProposal(game);
}

function withoutProposal(game: GameStatus): GameStatus {
  return { ...game, proposal: null, powers: game.powers.map((power) => (power.vote === null ? power : { ...power, vote: null })) };
}

function describeProposal(proposal: Proposal): string {
  return proposal.result === DRAW_PROPOSAL ? 'a draw including all survivors' : `a concession to ${proposal.result}`;
}

/** The victors the votes agree on, or null while they do not (yet). */
function agreedResult(game: GameStatus, rules: RulesInForce): string[] | null {
  const living = voters(game);
  const votes = living.map((name) => ({ name, vote: findPower(game, name)!.vote }));
  if (usesProposals(rules)) {
    if (game.proposal === null || !votes.every((entry) => entry.vote === 'YES')) return null;
    return game.proposal.result === DRAW_PROPOSAL ? [...living].sort() : [game.proposal.result];
  }
  if (votes.some((entry) => entry.vote === null || entry.vote === 'YES')) return null;
  const victors = votes.filter((entry) => entry.vote !== 'LOSS').map((entry) => entry.name);
  if (victors.length === 0) return null;
  if (victors.length === 1) return victors;
  const everyoneDraws = votes.every(
    (entry) => entry.vote === 'LOSS' || (typeof entry.vote === 'object' && entry.vote !== null && entry.vote.drawSize >= victors.length),
  );
  return everyoneDraws ? victors : null;
}

/**
 * Ends the game when the votes agree, after a vote or after a phase has changed who has a vote. A
 * concession to a power that has lost its vote is void, and so are the votes for it.
 */
export function concludeByVote(game: GameStatus, rules: RulesInForce, today: string): GameStatus {
  const current =
    game.proposal !== null && game.proposal.result !== DRAW_PROPOSAL && !voters(game).includes(game.proposal.result) ? withoutProposal(game) : game;
  const victors = agreedResult(current, rules);
  if (!victors || playedPhase(current) === null) return current;
  return completedGame(current, victors, today);
}
