import { afterEach, describe, expect, it } from 'vitest';
import { startPageJudge, type PageJudge } from './page-judge.js';
import { Visitor, codeMailedTo } from './support.js';

/** What a judgekeeper and a newcomer read of the web pages: the pages' log, the power table, an unread order form. */

const started: PageJudge[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((judge) => judge.close()));
});

const POWERS = ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'];

describe('the web pages of a judge', () => {
  it('log every action as the mails are logged, list powers alphabetically, and preselect no order', async () => {
    const judge = startPageJudge();
    started.push(judge);
    await judge.mail('master@web.test', 'CREATE alpha masterpw\nRULE POWER_CHOICE\nFORM');
    // Joined in the reverse of alphabetical order: the table must not follow the joining order.
    for (const [n, power] of [...POWERS].reverse().entries()) {
      const visitor = new Visitor(judge.app);
      await visitor.get('/');
      await visitor.post('/join', { game: 'alpha', address: `p${n}@web.test`, power: power.toLowerCase() });
      await visitor.post('/confirm', { code: await codeMailedTo(judge, `p${n}@web.test`, 0), password: `pw${n}` });
      expect(visitor.body).toContain('You have joined game &#39;alpha&#39;');
    }
    expect(judge.log.filter((line) => /^web JOIN from p\d@web\.test: processed \(1 command, 0 refused lines \(alpha\)\)$/.test(line))).toHaveLength(7);
    expect(judge.log.join('\n')).not.toContain('pw0');

    const france = new Visitor(judge.app);
    await france.signOn('alpha', 'FRANCE', 'pw4');
    expect(judge.log).toContainEqual(expect.stringMatching(/^web SIGNON from web visitor at [\d.:a-f]+: processed \(1 command, 0 refused lines \(alpha\)\)$/));
    const rows = [...france.body.matchAll(/<tr[^>]*>\s*<t[dh][^>]*>(Austria|England|France|Germany|Italy|Russia|Turkey)</g)].map((match) => match[1]);
    expect(rows).toEqual(POWERS);
    // Each unit's choices start with "(no order)", selected: sending the form unread files nothing.
    const selects = [...france.body.matchAll(/<select name="order"[^>]*>(.*?)<\/select>/g)].map((match) => match[1]!);
    expect(selects).toHaveLength(3);
    for (const select of selects) expect(select).toMatch(/^<option value="" selected>\(no order\)<\/option>/);

    await france.post('/game/alpha/orders', { order: 'A PAR - BUR' });
    expect(france.body).toContain('A PAR - BUR');
    await france.post('/game/alpha/press', { to: 'ENGLAND', body: 'Hello' });
    expect(judge.log).toContainEqual('web alpha/orders from p4@web.test: processed (1 command, 0 refused lines (alpha))');
    expect(judge.log).toContainEqual(expect.stringMatching(/^web alpha\/press from p4@web\.test: processed/));
  }, 60_000);
});
