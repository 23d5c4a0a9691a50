import { ruleInfo } from '../../rules/in-force.js';
import { gameRules, loadGame, type ExecutionContext } from '../context/context.js';
import type { Session, Step } from '../context/step.js';

/** HELP: the commands, and when signed on to a game or asked about a rule, what its rules mean. */

function ruleLine(name: string): string {
  const info = ruleInfo(name);
  return `  ${name}: ${info?.summary ?? 'a rule this judge has no description of'}`;
}

export function help(context: ExecutionContext, session: Session, topic: string | undefined): Step {
  const text = context.service.templates.render('help', { judge: context.judge.name, address: context.judge.address });
  const lines = text.trimEnd().split('\n');
  const asked = topic?.replace(/\s+/g, '_');
  if (asked !== undefined) {
    lines.push('', ruleInfo(asked) ? `The rule ${asked}:` : `HELP ${topic}: there is no rule of that name; the commands are above.`);
    if (ruleInfo(asked)) lines.push(ruleLine(asked));
  }
  if (session.kind === 'power' || session.kind === 'master') {
    const game = loadGame(context, session.game).game;
    const rules = gameRules(context, game);
    lines.push('', rules.names.length > 0 ? `The rules of game '${session.game}':` : `Game '${session.game}' plays by the standard rules, with no RULE lines.`);
    lines.push(...rules.names.map(ruleLine));
  }
  return { lines };
}
