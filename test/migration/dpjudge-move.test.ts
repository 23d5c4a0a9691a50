import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailJudge, noticesTo, ordersOf } from '../commands/execute/support.js';

/**
 * A running DPjudge judge moved here as docs/deploying.md says ("Moving a running DPjudge judge
 * here"): its games folder copied in as it is (test/fixtures/dpjudge-judge: the main status file,
 * two games with DPjudge status files and plain passwords, one with DPjudge's results file), and
 * the game plays on by mail.
 */

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'dpjudge-judge', 'games');
const MASTER = 'master@dp.example.org';

function movedJudge() {
  const judge = mailJudge();
  cpSync(FIXTURE, judge.games, { recursive: true });
  return judge;
}

const file = (judge: ReturnType<typeof movedJudge>, ...path: string[]) => readFileSync(join(judge.games, ...path), 'utf8');

describe('a DPjudge judge moved here', () => {
  it('lists its games, takes orders signed with the old plain passwords, processes, and keeps the old results', async () => {
    const judge = movedJudge();
    const quietBefore = file(judge, 'quiet', 'status');
    const oldResults = file(judge, 'oldgame', 'results');

    const list = await judge.send('newcomer@example.org', 'LIST');
    expect(list.reply.text).not.toContain('oldgame'); // active and full: a bare LIST names games wanting players
    expect((await judge.send('newcomer@example.org', 'LIST oldgame')).reply.text).toContain('Fall 1901 Movement');

    const orders = await judge.send('france@dp.example.org', 'SIGNON Foldgame france-plain\nA BUR - BEL\nA MAR H\nF BRE - MAO');
    expect(orders.refused).toEqual([]);
    expect(ordersOf(judge, 'FRANCE', 'oldgame')).toEqual(['A BUR - BEL', 'A MAR H', 'F BRE - MAO']);
    // The first write of the status file stores the plain passwords hashed (docs/deploying.md).
    const status = file(judge, 'oldgame', 'status');
    expect(status).not.toMatch(/^PASSWORD .*-plain$/m);
    expect(status).not.toMatch(/^PASSWORD oldmasterpw$/m);
    expect(status.match(/^PASSWORD scrypt\$/gm)).toHaveLength(8);

    const processed = await judge.send(MASTER, 'SIGNON Moldgame oldmasterpw\nPROCESS!');
    expect(processed.reply.text).toContain("Fall 1901 Movement of game 'oldgame' is processed");
    const results = noticesTo(processed.notices, 'france@dp.example.org').find((notice) => notice.subject.startsWith('oldgame F1901M results'))!;
    expect(results.text).toContain('A BUR - BEL.');
    expect(file(judge, 'oldgame', 'status')).toMatch(/^PHASE WINTER 1901 ADJUSTMENTS$/m);

    // DPjudge's results stay as they were, and this judge's phases follow them.
    const after = file(judge, 'oldgame', 'results');
    expect(after.startsWith(oldResults)).toBe(true);
    expect(after.slice(oldResults.length)).toMatch(/^=== F1901M ===\nFall 1901 Movement results for game 'oldgame'/);
    const history = await judge.send('newcomer@example.org', 'HISTORY oldgame');
    expect(history.reply.text).toContain('=== F1901M ===');

    // The other game, untouched by all this, is byte for byte as DPjudge left it.
    expect(file(judge, 'quiet', 'status')).toBe(quietBefore);
    expect(file(judge, 'status')).toBe('oldgame standard active\nquiet standard active unlisted\n');
  });
});
