import { ruleInfo } from '../../rules/in-force.js';
import { gameRules, loadGame, type ExecutionContext } from '../context/context.js';
import type { Session, Step } from '../context/step.js';
import type { Templates } from '../../templates/templates.js';

/** HELP: the commands, and when signed on to a game or asked about a rule, what its rules mean. */

function ruleLine(name: string): string {
  const info = ruleInfo(name);
  return `  ${name}: ${info?.summary ?? 'a rule this judge has no description of'}`;
}

/** The commands' text of each template set and judge: the same for every HELP, so rendered once. */
const commandsText = new WeakMap<Templates, Map<string, readonly string[]>>();

function commandLines(templates: Templates, judge: ExecutionContext['judge']): readonly string[] {
  let texts = commandsText.get(templates);
  if (texts === undefined) {
    texts = new Map();
    commandsText.set(templates, texts);
  }
  const key = `${judge.name}\n${judge.address}`;
  let lines = texts.get(key);
  if (lines === undefined) {
    lines = templates.render('help', { judge: judge.name, address: judge.address }).trimEnd().split('\n');
    texts.set(key, lines);
  }
  return lines;
}

export function help(context: ExecutionContext, session: Session, topic: string | undefined): Step {
  const lines = [...commandLines(context.service.templates, context.judge)];
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
