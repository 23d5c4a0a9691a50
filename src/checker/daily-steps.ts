import { playablePowers } from '../game/lifecycle.js';
import { MAP_POWER_ROLE, type GameStatus } from '../status/model.js';
import type { Assessment, CheckedState } from './assess.js';
import { DAY_MS, type Memory } from './memory.js';
import type { Done, SweepContext } from './sink.js';

/**
 * Steps 1 and 2 of a sweep: the daily reminders to a Master whose game has status-file errors, is
 * forming or is waiting, and the judgekeeper's alert about a game left waiting for weeks.
 */

/** A game waiting this long is the judgekeeper's concern too, */
const KEEPER_ALERT_AFTER_MS = 14 * DAY_MS;
/** and he hears of it again each week it goes on. */
const KEEPER_ALERT_EVERY_MS = 7 * DAY_MS;

export function remindOfErrors(context: SweepContext, name: string, assessment: Assessment): Done {
  const { problems } = assessment;
  const count = `${problems.length} error${problems.length === 1 ? '' : 's'}`;
  return {
    action: 'status-file errors',
    detail: `${count}, first: ${problems[0]}`,
    memory: { remindedAt: context.now.toMillis() },
    mails: { notices: context.mail.statusErrors(name, assessment.loaded?.game ?? null, problems), origin: `check ${name} status errors` },
  };
}

function joinedPlayers(game: GameStatus): number {
  return game.powers.filter((power) => power.role === MAP_POWER_ROLE && typeof power.player?.current === 'object').length;
}

function formingReminder(context: SweepContext, name: string, game: GameStatus, days: number): Done {
  const map = context.service.maps(game).base;
  const players = {
    joined: joinedPlayers(game),
    wanted: playablePowers(game, map).length,
    startMaster: context.rules.of(game, map).has('START_MASTER'),
  };
  return {
    action: 'reminder',
    detail: `forming for ${days} days, ${players.joined} of ${players.wanted} players; Master reminded`,
    memory: { remindedAt: context.now.toMillis() },
    mails: { notices: context.mail.formingReminder(game, days, players), origin: `check ${name} forming` },
  };
}

function waitingReminder(context: SweepContext, name: string, game: GameStatus, days: number, memory: Memory): Done {
  const now = context.now.toMillis();
  const notices = context.mail.waitingReminder(game, days);
  const waited = now - memory.stateSince;
  const alertKeeper = waited >= KEEPER_ALERT_AFTER_MS && (memory.keeperAlertedAt === null || now - memory.keeperAlertedAt >= KEEPER_ALERT_EVERY_MS);
  if (alertKeeper) notices.push(...context.mail.keeperWaitingAlert(game, days));
  return {
    action: 'reminder',
    detail: `waiting for ${days} days; Master reminded${alertKeeper ? ', judgekeeper alerted' : ''}`,
    memory: { remindedAt: now, ...(alertKeeper ? { keeperAlertedAt: now } : {}) },
    mails: { notices, origin: `check ${name} waiting` },
  };
}

/** The daily reminder of a forming or waiting game. */
export function remindMaster(context: SweepContext, name: string, state: Exclude<CheckedState, 'active'>, assessment: Assessment, memory: Memory): Done | null {
  const game = assessment.loaded?.game;
  if (!game) return null;
  const days = Math.floor((context.now.toMillis() - memory.stateSince) / DAY_MS);
  return state === 'forming' ? formingReminder(context, name, game, days) : waitingReminder(context, name, game, days, memory);
}
