import type { DateTime } from 'luxon';
import type { RulesInForce } from '../rules/in-force.js';
import { updatePower, type GameStatus, type Vote } from '../status/model.js';
import type { Actor, LoadedGame } from '../store/game-store.js';
import type { GameChanges } from './game-changes.js';
import { castVote, concludeByVote, propose, veto } from './votes.js';

/** What the vote on a game's end needs from the game API. */
export interface EndOfGameVotesParts {
  readonly changes: GameChanges;
  readonly now: () => DateTime;
}

/** The vote on how a game ends: VOTE, PROPOSE, VOTE NO and SET NODRAW; the game ends when the voters agree. */
export class EndOfGameVotes {
  constructor(private readonly parts: EndOfGameVotesParts) {}

  /** VOTE: records a power's vote and ends the game when the voters agree. */
  async cast(name: string, power: string, vote: Vote, actor: Actor): Promise<LoadedGame> {
    return this.concluding(name, actor, (game, rules) => castVote(game, power, vote, rules));
  }

  /** PROPOSE (PROPOSE_DIAS games): a draw of all voters or a concession, agreed to by the proposer. */
  async propose(name: string, power: string, result: string, actor: Actor): Promise<LoadedGame> {
    return this.concluding(name, actor, (game, rules) => propose(game, power, result, rules));
  }

  /** VOTE NO on a proposal: it is dropped with every vote for it. */
  async veto(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => veto(game, power));
  }

  /** SET NODRAW: the power's vote is withdrawn. */
  async withdraw(name: string, power: string, actor: Actor): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game) => updatePower(game, power, (status) => ({ ...status, vote: null })));
  }

  /** A vote changed by `voted`, after which the game ends if the voters now agree. */
  private async concluding(name: string, actor: Actor, voted: (game: GameStatus, rules: RulesInForce) => GameStatus): Promise<LoadedGame> {
    return this.parts.changes.apply(name, actor, (game, maps, operationRules) => {
      const rules = operationRules.of(game, maps.base);
      return concludeByVote(voted(game, rules), rules, this.parts.now().toISODate()!);
    });
  }
}
