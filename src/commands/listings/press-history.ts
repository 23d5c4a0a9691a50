import { GameRuleError, isCompleted } from '../../game/lifecycle.js';
import type { ArchivedPress } from '../../store/press-archive.js';
import { loadGame, type ExecutionContext } from '../context/context.js';
import { requestedGame } from './listings.js';
import type { Session, Step } from '../context/step.js';

/**
 * HISTORY [game] PRESS: every press message of the game, as its Master read them (true sender and
 * recipients, and what FAKE or GREY showed the others). The Master may read it at any time; everyone
 * else once the game is over, when DPjudge's web page shows the end-of-game statements too.
 */

function readsAsMaster(session: Session, game: string): boolean {
  if (session.kind === 'master') return session.game === game;
  return session.kind === 'power' && session.master && session.game === game;
}

function entryLines(press: ArchivedPress): string[] {
  const when = `${press.sentAt.slice(0, 16).replace('T', ' ')} UTC, ${press.endOfGame ? 'end-of-game statement' : press.phase}`;
  return [`--- ${press.header} (${when})`, ...press.body.split('\n').map((line) => `  ${line}`)];
}

export function pressHistory(context: ExecutionContext, session: Session, requested: string | undefined): Step {
  const name = requestedGame(session, requested, 'HISTORY PRESS');
  const game = loadGame(context, name).game;
  if (!readsAsMaster(session, name) && !isCompleted(game))
    throw new GameRuleError(`the press of game '${name}' is read by its Master only until the game is over`);
  const archive = context.pressArchive.of(name);
  if (archive.length === 0) return { lines: [`No press has been sent in game '${name}'.`] };
  return { lines: [`Press of game '${name}', oldest first (${archive.length} message${archive.length === 1 ? '' : 's'}):`, ...archive.flatMap(entryLines)] };
}
