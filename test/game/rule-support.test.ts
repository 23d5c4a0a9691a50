import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ruleSupport, rulesTable, unhonouredRules } from '../../src/game/rule-support.js';
import { RULES } from '../../src/rules/catalog.js';
import { projectRoot } from './support.js';
import { newGame } from '../../src/status/model.js';
import { readStatus } from '../../src/status/parse.js';
import { validateStatus } from '../../src/status/validate.js';
import { rulesInForce } from '../../src/game/rules.js';

/** A rule this judge honours only in a Payola game, named in a standard one: the example of the reports below. */
const UNHONOURED = 'PAY_DUMMIES';
const WHY = 'a PAYOLA rule, and this game is not a Payola game (CREATE game password payola makes one)';

describe('the rules this judge honours', () => {
  it('keeps docs/rules.md equal to the table the code gives', () => {
    expect(readFileSync(join(projectRoot, 'docs', 'rules.md'), 'utf8')).toBe(rulesTable());
  });

  it('names unknown, variant and unsupported rules with the reason, and passes supported ones', () => {
    expect(unhonouredRules(['BUILD_ANY', 'CIVIL_DISORDER', 'PUBLIC_PRESS'])).toEqual([]);
    expect(unhonouredRules(['NO_SUCH_RULE'])).toEqual([{ rule: 'NO_SUCH_RULE', reason: 'not a DPjudge rule' }]);
    expect(unhonouredRules([UNHONOURED])).toEqual([{ rule: UNHONOURED, reason: WHY }]);
    // Every rule of Rules.txt is honoured but EXCHANGE, which a Payola game refuses with its reason.
    expect(RULES.filter((rule) => ruleSupport(rule) === 'unsupported').map((rule) => rule.name)).toEqual(['EXCHANGE']);
    expect(unhonouredRules(['EBAYOLA', 'ZEROSUM', 'EXCHANGE'], 'payola').map((entry) => entry.rule)).toEqual(['EXCHANGE']);
    expect(unhonouredRules(['EBAYOLA'], null)).toEqual([]);
  });
});

describe('rules that switch on other rules', () => {
  it('brings the rules Rules.txt names, unless the game switches one off', () => {
    const game = (...rules: [string, boolean][]) => ({ ...newGame('g'), rules: [rules.map(([rule, on]) => ({ rule, on }))] });
    expect([...rulesInForce(game(['NO_QUARTER', true]))].sort()).toEqual(['NO_DRAW', 'NO_QUARTER', 'NO_RETREAT']);
    expect([...rulesInForce(game(['NO_QUARTER', true], ['NO_DRAW', false]))].sort()).toEqual(['NO_QUARTER', 'NO_RETREAT']);
    expect([...rulesInForce(game(), ['SMART_CD'])].sort()).toEqual(['CD_BUILDS', 'CD_RETREATS', 'CD_SUPPORTS', 'SMART_CD']);
    // A game that switches off its map's rule switches off what that rule brings.
    expect(rulesInForce(game(['NO_QUARTER', false]), ['NO_QUARTER']).names).toEqual([]);
  });
});

describe('unsupported rules are reported, never ignored silently', () => {
  it('tells the Master at CREATE and warns in judge game validate', async () => {
    const { mailJudge, MASTER } = await import('../commands/execute/support.js');
    const judge = mailJudge();
    const created = await judge.send(MASTER, `CREATE ruled masterpw\nRULE ${UNHONOURED} BUILD_ANY\nSIGNOFF`);
    expect(created.reply.text).toContain(`Note: the rule ${UNHONOURED} is ${WHY}`);
    expect(created.reply.text).not.toContain('rule BUILD_ANY is');
    const game = readStatus(readFileSync(join(judge.games, 'ruled', 'status'))).game;
    const unhonoured = unhonouredRules(rulesInForce(game)).map((entry) => entry.rule);
    expect(unhonoured).toEqual([UNHONOURED]);
    expect(validateStatus(game).filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('trial maps', () => {
  it('are chosen by mail only, and the judgekeeper is told', async () => {
    const { mailJudge, MASTER, JUDGE } = await import('../commands/execute/support.js');
    const judge = mailJudge();
    const created = await judge.send(MASTER, 'CREATE trialled masterpw\nTRIAL standard\nSIGNOFF');
    expect(created.reply.text).toContain('The judgekeeper is told that this game plays on a trial map.');
    const told = created.notices.filter((notice) => notice.to.includes(JUDGE.keeper));
    expect(told.map((notice) => notice.subject)).toEqual(['Game trialled plays on the trial map standard']);
    expect(told[0]!.text).toContain(`Its Master (${MASTER}) set it with a TRIAL line`);
    expect(judge.statusText('trialled')).toMatch(/^TRIAL standard$/m);
  });
});
