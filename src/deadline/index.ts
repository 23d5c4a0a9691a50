export { movedDeadline, nextDeadline, SLOT_MINUTES, type DeadlineOutcome, type DeadlineRequest, type MovedDeadlineRequest } from './deadline.js';
export { DEFAULT_DAYS } from './days.js';
export { renderDuration, type Duration, type DurationUnit } from './duration.js';
export { DeadlineInputError, TimingError } from './errors.js';
export { isMovementPhaseType, phaseDelay, phaseTypeOf } from './phase.js';
export { DEFAULT_WARNING, graceExpiry, warningTimes, type GraceOptions } from './reminders.js';
export {
  checkSetDeadline,
  type DeadlineSetter,
  type SetDeadlineRequest,
  type SetDeadlineVerdict,
} from './set-deadline.js';
export { formatDeadlineStamp, parseDeadlineStamp } from './stamp.js';
export type { TimeOfDay } from './times-of-day.js';
export {
  parseTiming,
  renderTiming,
  STANDARD_PHASE_TYPES,
  type PhaseDelay,
  type Timing,
  type TimingOptions,
} from './timing.js';
export type { Vacation, VacationDate, VacationPrecision } from './vacation.js';
export { DEFAULT_ZONE_NAME, gameZone, parseIsoInstant } from './zone.js';
