import { masterAddresses } from '../../game/tester.js';
import { describeDeadline, phaseTitle } from '../../game/results.js';
import { gameView, gameViewText } from '../../game/show.js';
import type { OutgoingMail } from '../../store/outgoing-mail.js';
import { MAP_POWER_ROLE, type GameStatus, type PowerStatus } from '../../status/model.js';
import type { RulesInForce } from '../../rules/in-force.js';
import { currentMap, displayName, mapsOf, phaseRules, type ExecutionContext } from './context.js';
import { recipients } from '../../game/recipients.js';

/**
 * Mails to a game's people about what a command did to the game. Each reader gets a mail of their
 * own, so that nobody sees another's address; the Master's mails may name addresses.
 */

interface Reader {
  readonly addresses: readonly string[];
  /** The map power read for; null for observers and the Master. */
  readonly power: string | null;
  readonly master: boolean;
}

function readersOf(game: GameStatus, except: readonly string[] = []): Reader[] {
  const skipped = new Set(except.map((address) => address.toLowerCase()));
  return recipients(game)
    .map((recipient) => ({
      addresses: recipient.addresses.filter((address) => !skipped.has(address.toLowerCase())),
      power: recipient.reader,
      master: recipient.master,
    }))
    .filter((reader) => reader.addresses.length > 0);
}

export function noticeTo(context: ExecutionContext, addresses: readonly string[], subject: string, template: string, view: object): OutgoingMail {
  return { to: [...addresses], subject, text: context.service.templates.render(template, view) };
}

/** Where a game stands, in one sentence: its phase and deadline. */
export function situation(game: GameStatus): string {
  const phase = game.phase?.phase;
  if (phase === 'FORMING') return `Game '${game.name}' is forming.`;
  if (phase === 'COMPLETED' || !phase) return `Game '${game.name}' is over.`;
  const deadline = game.deadline ? ` The deadline for orders is ${describeDeadline(game.deadline, game.zone)}.` : '';
  return `Game '${game.name}' is in ${phaseTitle(phase)}.${deadline}`;
}

/** The game has started: each player learns the power they play, the Master who plays what. */
export function startedNotices(context: ExecutionContext, game: GameStatus): OutgoingMail[] {
  const map = currentMap(context, game);
  const maps = mapsOf(context, game);
  // BLIND: each reader is shown the opening board as far as it sees it.
  const positionFor = (reader: Reader) => gameViewText(gameView(game, maps, phaseRules(context, game), [], { reader: reader.power, master: reader.master }));
  const occupant = (power: PowerStatus) => (typeof power.player?.current === 'string' ? power.player.current.toLowerCase() : 'nobody');
  const players = game.powers
    .filter((power) => power.role === MAP_POWER_ROLE)
    .map((power) => `${displayName(map, power.name)}: ${power.addresses.join(', ') || occupant(power)}`);
  // Payola: each power learns its starting treasury, the Master every power's.
  const account = (power: PowerStatus) => context.service.listings.variant(game).powerAccount?.(game, power, map, phaseRules(context, game)) ?? [];
  const accounts = (reader: Reader) =>
    game.powers.filter((power) => power.role === MAP_POWER_ROLE && (reader.master || power.name === reader.power)).flatMap(account);
  return readersOf(game).map((reader) =>
    noticeTo(context, reader.addresses, `${game.name}: the game has started`, 'game-started', {
      game: game.name,
      power: reader.power === null ? null : displayName(map, reader.power),
      accounts: accounts(reader),
      situation: situation(game),
      master: reader.master,
      players: reader.master ? players : [],
      position: positionFor(reader),
    }),
  );
}

/** Everyone but `except` is told the same thing from one template. */
export function tellEveryone(
  context: ExecutionContext,
  game: GameStatus,
  subject: string,
  template: string,
  view: object,
  except: readonly string[] = [],
): OutgoingMail[] {
  return readersOf(game, except).map((reader) => noticeTo(context, reader.addresses, subject, template, { ...view, master: reader.master }));
}

/** The players of `powers` (those who can be mailed) are told the same thing from one template. */
export function tellPowers(
  context: ExecutionContext,
  game: GameStatus,
  powers: readonly string[],
  subject: string,
  template: string,
  view: object,
  except: readonly string[] = [],
): OutgoingMail[] {
  const wanted = new Set(powers);
  return readersOf(game, except)
    .filter((reader) => reader.power !== null && wanted.has(reader.power))
    .map((reader) => noticeTo(context, reader.addresses, subject, template, { ...view, master: false }));
}

export function tellMaster(context: ExecutionContext, game: GameStatus, subject: string, template: string, view: object): OutgoingMail[] {
  const to = masterAddresses(game);
  return to.length > 0 ? [noticeTo(context, to, subject, template, { ...view, master: true })] : [];
}

/**
 * When a phase whose last orders just came in is really processed: the orders set DELAY 1, which
 * the next deadline check counts down, and the check after it processes (the spec's sweep, steps 4
 * and 5), or under PREVIEW only previews the results to the Master, who processes them.
 */
export function readyLine(rules: RulesInForce): string {
  const every = 'Every power that owes orders has them on file now';
  if (rules.has('PREVIEW'))
    return `${every}: at the second deadline check from now the results are previewed to the Master (PREVIEW), who then processes the phase.`;
  return `${every}: the phase is processed at the second deadline check from now (the first leaves a last moment to change orders).`;
}

/** The game-over mail of a game the votes or the Master end between phases: its outcome, and what its variant tells everyone then (Payola's final treasuries). */
export function gameOverNotices(context: ExecutionContext, game: GameStatus, outcome: string, except: readonly string[] = []): OutgoingMail[] {
  const map = currentMap(context, game);
  const end = context.service.listings.variant(game).gameEnd?.({ game, map, rules: phaseRules(context, game), played: null });
  const final = end?.additions.flatMap((addition) => (addition.readers === null ? [{ lines: addition.lines }] : [])) ?? [];
  const name = game.name ?? '';
  return tellEveryone(context, game, `${name}: the game is over`, 'game-over', { game: name, outcome, final }, except);
}
