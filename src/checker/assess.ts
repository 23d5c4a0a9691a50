import type { DateTime } from 'luxon';
import type { OperationRules } from '../game/rules.js';
import type { GameService } from '../game/service.js';
import type { GameState } from '../status/main-status.js';
import type { LoadedGame } from '../store/game-store.js';
import { decide, nextEvent, type Step } from './decide.js';
import { DAY_MS, type Memory } from './memory.js';
import { messageOf } from './sink.js';
import { readSituation, type Situation } from './situation.js';

/** The states in which the checker looks at a game; the others (completed, terminated) it leaves alone. */
export type CheckedState = Extract<GameState, 'forming' | 'active' | 'waiting'>;

export interface Assessment {
  readonly loaded: LoadedGame | null;
  /** Status-file errors: the Master is reminded of them and nothing else is done. */
  readonly problems: readonly string[];
  /** Null unless the game is active, free of errors and in a phase the checker acts on. */
  readonly situation: Situation | null;
  readonly step: Step;
  /** When a sweep next has something to do for the game; null: never, unless its status file changes. */
  readonly dueAt: number | null;
}

const NOTHING: Step = { kind: 'none' };

/** Forming and waiting games remind their Master a day after they got so, then daily. */
function dailyReminderDue(memory: Memory): number {
  return Math.max(memory.remindedAt ?? 0, memory.stateSince) + DAY_MS;
}

/** Errors are reported at once, then daily while they last. */
function errorReminderDue(memory: Memory): number {
  return memory.remindedAt === null ? 0 : memory.remindedAt + DAY_MS;
}

function statusErrors(loaded: LoadedGame, service: GameService, rules: OperationRules): string[] {
  return service.statusErrors(loaded, rules).map((diagnostic) => `line ${diagnostic.line}: ${diagnostic.message}`);
}

/** Reads a game's status file and works out what the checker must do for it, now and next, on the step's `rules`. */
export function assess(service: GameService, name: string, state: CheckedState, memory: Memory, now: DateTime, rules: OperationRules): Assessment {
  let loaded: LoadedGame | null = null;
  try {
    loaded = service.load(name);
    const problems = statusErrors(loaded, service, rules);
    if (problems.length > 0) return { loaded, problems, situation: null, step: NOTHING, dueAt: errorReminderDue(memory) };
    if (state !== 'active') return { loaded, problems, situation: null, step: NOTHING, dueAt: dailyReminderDue(memory) };
    const situation = readSituation(loaded.game, service, rules);
    if (!situation) return { loaded, problems, situation, step: NOTHING, dueAt: null };
    const step = decide(situation, now, memory);
    const dueAt = step.kind === 'none' ? nextEvent(situation, now, memory) : now.toMillis();
    return { loaded, problems, situation, step, dueAt };
  } catch (error) {
    return { loaded, problems: [messageOf(error)], situation: null, step: NOTHING, dueAt: errorReminderDue(memory) };
  }
}
