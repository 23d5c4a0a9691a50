import { describeDeadline } from '../game/results.js';
import { phaseAbbrev } from '../map/phase.js';
import { answerableFor, mailAddressesOf } from '../game/control.js';
import type { OutgoingMail } from '../store/outgoing-mail.js';
import { playedPhase, type GameStatus } from '../status/model.js';
import type { Assessment } from './assess.js';
import type { Memory } from './memory.js';
import { decide, type Recalled, type Step } from './decide.js';
import { checkerActor, type Done, type SweepContext } from './sink.js';
import { readSituation, type Situation } from './situation.js';

/**
 * Steps 3 to 7 of a sweep for an active game: GRACE expiry, the DELAY countdown, processing a
 * ready game, late notices, WARN reminders. Changes to the status file are made inside the game's
 * lock on the file as it is then, after deciding again on it: a mail handled since the sweep read
 * the game (the last orders, say) is never overridden.
 */

/** DPjudge's counts of twenty-minute checks: eight hours between late notices, a day between previews. */
const DELAY_AFTER_LATE_NOTICE = 24;
const DELAY_AFTER_PREVIEW = 72;

type Decided = { readonly game: GameStatus; readonly situation: Situation; readonly step: Step };

/**
 * Sets the DELAY count `delayFor` gives if a fresh decision on the game, read under its lock, is
 * still `kind`; returns that decision, or null when the game moved on meanwhile and nothing was written.
 */
async function delayIfStill(
  context: SweepContext,
  name: string,
  kind: Step['kind'],
  recalled: Recalled,
  delayFor: (game: GameStatus) => number | null,
  mails?: { announce: (decided: Decided) => OutgoingMail[]; origin: string },
): Promise<Decided | null> {
  const result: { decided: Decided | null } = { decided: null };
  const announce = mails && { announce: () => mails.announce(result.decided!), origin: mails.origin };
  await context.service.schedule.setDelay(
    name,
    checkerActor(kind.toUpperCase()),
    (game) => {
      result.decided = null;
      const situation = readSituation(game, context.service, context.rules);
      const step = situation && decide(situation, context.now, recalled);
      if (!situation || step?.kind !== kind) return undefined;
      result.decided = { game, situation, step };
      return delayFor(game);
    },
    announce,
  );
  return result.decided;
}

async function processLate(context: SweepContext, name: string, game: GameStatus, situation: Situation, late: readonly string[]): Promise<Done | null> {
  const phase = phaseAbbrev(situation.phase);
  const also = () => context.mail.graceExpired(game, situation, late, { disorder: true });
  const outcome = await context.service.phases.process(name, checkerActor('CIVIL DISORDER'), {
    expectPhase: phase,
    also,
    origin: `check ${name} civil disorder`,
    disorder: late,
  });
  if (!outcome) return null;
  return { action: 'civil disorder', detail: `${phase} processed with ${late.join(', ')} in civil disorder` };
}

/** CIVIL_PREVIEW: the grace period ended with powers late, so the Master gets the results to judge. */
async function previewLate(context: SweepContext, name: string, game: GameStatus, situation: Situation, late: readonly string[]): Promise<Done | null> {
  const phase = phaseAbbrev(situation.phase);
  const outcome = context.service.phases.preview(name, { expectPhase: phase });
  if (!outcome) return null;
  return {
    action: 'preview',
    detail: `${phase} previewed to the Master, ${late.join(', ')} late`,
    memory: { previewedAt: context.now.toMillis() },
    mails: { notices: [...outcome.notices, ...context.mail.graceExpired(game, situation, late, { preview: true })], origin: `check ${name} civil preview` },
  };
}

/** PREVIEW: a ready phase goes to the Master first, and waits a day (DELAY 72) before it is previewed again. */
async function previewReady(context: SweepContext, name: string, situation: Situation): Promise<Done | null> {
  const phase = phaseAbbrev(situation.phase);
  const outcome = context.service.phases.preview(name, { expectPhase: phase });
  if (!outcome) return null;
  await context.service.schedule.setDelay(
    name,
    checkerActor('DELAY'),
    (game) => {
      const played = playedPhase(game);
      return played !== null && phaseAbbrev(played) === phase ? DELAY_AFTER_PREVIEW : undefined;
    },
    { announce: () => outcome.notices, origin: `check ${name} preview` },
  );
  return { action: 'preview', detail: `${phase} previewed to the Master (PREVIEW rule); DELAY ${DELAY_AFTER_PREVIEW}` };
}

/** Resigns the late players, puts the game in the waiting state and tells everyone concerned. */
async function resignLate(context: SweepContext, name: string, before: GameStatus, situation: Situation, late: readonly string[]): Promise<Done> {
  // A late controlled dummy costs its controller the game, as being late with one's own power does.
  const resigned = [...new Set(late.map((power) => answerableFor(before, power)).filter((power) => power !== null))];
  // Every resignation and the mails that tell of them in one durable step: a crash leaves all or none.
  const { game: after } = await context.service.roster.resignForLateness(name, resigned, checkerActor('RESIGN'), {
    announce: (game) => [...context.mail.resignations(before, situation, resigned), ...context.mail.graceExpired(game, situation, late, { resigned })],
    origin: `check ${name} grace expired`,
  });
  await context.service.listings.markWaiting(name, checkerActor('WAIT'));
  const who = resigned.length > 0 ? `${resigned.join(', ')} resigned` : 'no player to resign';
  return { action: 'grace expired', detail: `${who}; game waiting, NEED ${after.need.map((need) => need.power).join(', ') || 'none'}` };
}

async function countDown(context: SweepContext, name: string, recalled: Recalled): Promise<Done | null> {
  let left = 0;
  const decided = await delayIfStill(context, name, 'count-down', recalled, (game) => {
    left = (game.delay ?? 1) - 1;
    return left > 0 ? left : null;
  });
  // DELAY 0 does nothing more in this sweep (the spec's step 4): the log says the next check acts.
  return decided && { action: 'delay', detail: left > 0 ? `DELAY ${left}` : 'DELAY counted down to 0: the next check acts on the game' };
}

async function processReady(context: SweepContext, name: string, situation: Situation): Promise<Done | null> {
  const phase = phaseAbbrev(situation.phase);
  const outcome = await context.service.phases.process(name, checkerActor('PROCESS'), { expectPhase: phase, origin: `check ${name} process` });
  if (!outcome) return null;
  const next = outcome.report.next
    ? `next ${phaseAbbrev(outcome.report.next)}, deadline ${outcome.game.deadline ? describeDeadline(outcome.game.deadline, outcome.game.zone) : 'none'}`
    : 'game over';
  return { action: 'processed', detail: `${phase}; ${next}` };
}

async function sendLateNotices(context: SweepContext, name: string, recalled: Recalled): Promise<Done | null> {
  const decided = await delayIfStill(context, name, 'late-notice', recalled, () => DELAY_AFTER_LATE_NOTICE, {
    announce: ({ game, situation }) => context.mail.lateNotices(game, situation, situation.late),
    origin: `check ${name} late notice`,
  });
  if (!decided) return null;
  const { situation } = decided;
  const late = situation.masterProcesses ? 'the Master (PROCESS due)' : situation.late.join(', ');
  return { action: 'late notice', detail: `${late}; DELAY ${DELAY_AFTER_LATE_NOTICE}` };
}

function remind(context: SweepContext, name: string, game: GameStatus, situation: Situation, step: Extract<Step, { kind: 'warn' }>): Done {
  const reminded = step.late.filter((power) => mailAddressesOf(game, power).length > 0);
  const at = step.at.toUTC().toFormat("yyyy-MM-dd HH:mm 'UTC'");
  return {
    action: 'reminder',
    detail: `WARN ${at}: ${reminded.join(', ') || 'nobody to remind'}`,
    memory: { warnedAt: step.at.toMillis() },
    mails: { notices: reminded.length > 0 ? context.mail.reminders(game, situation, reminded) : [], origin: `check ${name} reminder` },
  };
}

/** Carries out the step the assessment decided on; null when the game turned out to need nothing. */
export async function runActiveStep(context: SweepContext, name: string, assessment: Assessment, memory: Memory): Promise<Done | null> {
  const { situation, step, loaded } = assessment;
  if (!situation || !loaded) return null;
  switch (step.kind) {
    case 'civil-disorder':
      return processLate(context, name, loaded.game, situation, step.late);
    case 'civil-preview':
      return previewLate(context, name, loaded.game, situation, step.late);
    case 'resign':
      return resignLate(context, name, loaded.game, situation, step.late);
    case 'count-down':
      return countDown(context, name, memory);
    case 'process':
      return processReady(context, name, situation);
    case 'preview':
      return previewReady(context, name, situation);
    case 'late-notice':
      return sendLateNotices(context, name, memory);
    case 'warn':
      return remind(context, name, loaded.game, situation, step);
    case 'none':
      return null;
  }
}
