import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { checkSetDeadline, parseTiming, type DeadlineSetter, type SetDeadlineVerdict } from '../../src/deadline/index.js';

const MASTER: DeadlineSetter = { role: 'master' };
const PLAYER: DeadlineSetter = { role: 'player', playerDeadlines: true };

interface Case {
  readonly name: string;
  readonly requested: string;
  readonly timing?: string;
  readonly zone?: string;
  readonly phase?: string;
  readonly current?: string;
  readonly setter: DeadlineSetter;
  readonly verdict: SetDeadlineVerdict;
}

// Now is Monday 15 January 2024, 10:00 GMT.
const NOW = DateTime.fromISO('2024-01-15T10:00Z');

describe('SET DEADLINE', () => {
  it.each<Case>([
    { name: 'the Master on a weekday', requested: '2024-01-17T12:00Z', setter: MASTER, verdict: { allowed: true } },
    { name: 'the Master in the past, to have the next check process', requested: '2024-01-15T08:00Z', setter: MASTER, verdict: { allowed: true } },
    {
      name: 'the Master earlier than the current deadline',
      requested: '2024-01-16T12:00Z',
      current: '2024-01-17T12:00Z',
      setter: MASTER,
      verdict: { allowed: true },
    },
    {
      name: 'the Master on a Saturday',
      requested: '2024-01-20T12:00Z',
      setter: MASTER,
      verdict: { allowed: false, reason: 'Saturday takes no deadlines (DAYS -MTWTF-)' },
    },
    {
      name: 'the Master in a vacation',
      requested: '2024-01-17T12:00Z',
      timing: 'NOT 20240117',
      setter: MASTER,
      verdict: { allowed: false, reason: 'the deadline falls in the vacation NOT 20240117' },
    },
    { name: 'the Master just after a vacation', requested: '2024-01-18T00:00Z', timing: 'NOT 20240117', setter: MASTER, verdict: { allowed: true } },
    {
      name: 'a movement deadline on a lower-case day',
      requested: '2024-01-20T12:00Z',
      timing: 'DAYS -MTWTFs',
      setter: MASTER,
      verdict: { allowed: false, reason: 'Saturday takes no movement deadlines (DAYS -MTWTFs)' },
    },
    {
      name: 'a retreat deadline on a lower-case day',
      requested: '2024-01-20T12:00Z',
      timing: 'DAYS -MTWTFs',
      phase: 'SPRING 1901 RETREATS',
      setter: MASTER,
      verdict: { allowed: true },
    },
    { name: 'START 8H: Saturday 07:00 is still Friday', requested: '2024-01-20T07:00Z', timing: 'START 8H', setter: MASTER, verdict: { allowed: true } },
    {
      name: 'START 8H: Saturday 09:00 is Saturday',
      requested: '2024-01-20T09:00Z',
      timing: 'START 8H',
      setter: MASTER,
      verdict: { allowed: false, reason: 'Saturday takes no deadlines (DAYS -MTWTF-)' },
    },
    {
      name: 'Friday 20:00 UTC is Saturday in Kolkata',
      requested: '2024-01-19T20:00Z',
      zone: 'Asia/Kolkata',
      setter: MASTER,
      verdict: { allowed: false, reason: 'Saturday takes no deadlines (DAYS -MTWTF-)' },
    },
    {
      name: 'a player without PLAYER_DEADLINES',
      requested: '2024-01-18T12:00Z',
      setter: { role: 'player', playerDeadlines: false },
      verdict: { allowed: false, reason: 'only the Master may set the deadline (the game does not use PLAYER_DEADLINES)' },
    },
    { name: 'a player lengthening the deadline', requested: '2024-01-18T12:00Z', current: '2024-01-17T12:00Z', setter: PLAYER, verdict: { allowed: true } },
    {
      name: 'a player shortening the deadline',
      requested: '2024-01-16T12:00Z',
      current: '2024-01-17T12:00Z',
      setter: PLAYER,
      verdict: { allowed: false, reason: 'only the Master may move the deadline earlier' },
    },
    {
      name: 'a player setting a past deadline',
      requested: '2024-01-15T08:00Z',
      setter: PLAYER,
      verdict: { allowed: false, reason: 'a player may only set a deadline in the future' },
    },
    {
      name: 'a player lengthening into a vacation',
      requested: '2024-01-18T12:00Z',
      current: '2024-01-17T12:00Z',
      timing: 'NOT 20240118',
      setter: PLAYER,
      verdict: { allowed: false, reason: 'the deadline falls in the vacation NOT 20240118' },
    },
  ])('$name', (example) => {
    const verdict = checkSetDeadline({
      requested: DateTime.fromISO(example.requested),
      timing: parseTiming(example.timing ?? ''),
      zone: example.zone,
      phase: example.phase ?? 'SPRING 1901 MOVEMENT',
      now: NOW,
      current: example.current === undefined ? undefined : DateTime.fromISO(example.current),
      setter: example.setter,
    });
    expect(verdict).toEqual(example.verdict);
  });
});
