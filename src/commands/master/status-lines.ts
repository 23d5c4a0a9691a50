import { unhonouredRules } from '../../game/rule-support.js';
import type { Variant } from '../../game/variant.js';
import { ruleInfo } from '../../rules/in-force.js';
import { firstWord, type StatusEdit } from '../../game/status-lines.js';
import type { OutgoingMail } from '../../store/outgoing-mail.js';
import { GameRuleError } from '../../game/lifecycle.js';
import { actorOf, type ExecutionContext } from '../context/context.js';
import type { Step } from '../context/step.js';

/** A Master's status-file lines sent by mail, written by the game layer (game/status-lines.ts), and what the reply says of them. */

/** Lines CREATE writes itself; DPjudge ignores them under CREATE. */
const SET_BY_CREATE = new Set(['GAME', 'MASTER', 'PHASE']);

export async function applyStatusLines(context: ExecutionContext, gameName: string, edit: StatusEdit): Promise<Step> {
  const keyword = firstWord(edit.lines[0]!);
  if (edit.creating && SET_BY_CREATE.has(keyword)) return { lines: [`Ignored: CREATE writes the ${keyword} line itself.`] };
  if (keyword === 'GAME') throw new GameRuleError("the GAME line is the game's name: use RENAME to change it");
  const rules = keyword === 'RULE' || keyword === 'RULES' ? namedRules(edit) : [];
  const variant = context.service.listings.variant(context.service.load(gameName).game);
  const lineRefusal = variant.lineRefusal(keyword);
  if (lineRefusal !== null) throw new GameRuleError(lineRefusal);
  refuseRules(variant, rules);
  const outcome = await context.service.writeStatusLines(gameName, edit, actorOf(context, 'status line'));
  if (keyword === 'TRIAL')
    return { lines: [outcome, 'The judgekeeper is told that this game plays on a trial map.'], notices: [trialNotice(context, gameName, edit.lines[0]!)] };
  if (keyword !== 'RULE' && keyword !== 'RULES') return { lines: [outcome] };
  return {
    lines: [
      outcome,
      ...unhonouredRules(rules, variant.name).map(
        ({ rule, reason }) => `Note: the rule ${rule.toUpperCase()} is ${reason}; the game runs as if it were not there.`,
      ),
    ],
  };
}

/** The rules a RULE line switches on (`!RULE` switches one off). */
function namedRules(edit: StatusEdit): string[] {
  return edit.lines.flatMap((line) => line.trim().split(/\s+/).slice(1)).filter((rule) => !rule.startsWith('!'));
}

/** A rule the game's variant does not allow is refused, with the reason, before anything is written. */
function refuseRules(variant: Variant, rules: readonly string[]): void {
  for (const rule of rules) {
    const info = ruleInfo(rule.toUpperCase());
    const refusal = info === undefined ? null : variant.ruleRefusal(info);
    if (refusal !== null) throw new GameRuleError(refusal);
  }
}

/** Trial maps may only be chosen by mail, and the judgekeeper hears of every game that does. */
function trialNotice(context: ExecutionContext, game: string, line: string): OutgoingMail {
  const map = line.trim().split(/\s+/)[1] ?? '';
  return {
    to: [context.judge.keeper],
    subject: `Game ${game} plays on the trial map ${map}`,
    text: context.service.templates.render('trial-map', { game, map, master: context.sender }),
  };
}
