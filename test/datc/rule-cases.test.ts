import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDatc } from '../../src/datc/reader.js';
import { runCases } from '../../src/datc/runner.js';
import { testMap } from '../engine/helpers.js';
import { JudgeProcess, temporaryFolder } from '../mail/support/judge-setup.js';

/**
 * The DATC-format cases of the convoy rules, each naming its rule on a RULES line. Run again with
 * the RULES lines dropped, the cases the rule decides come out otherwise: the line is what sets
 * the rule.
 */
describe.each([
  ['convoy-rules.txt', ['SAFE_CONVOYS', 'WEAK_CONVOYS'], ['safe.1', 'weak.1']],
  ['portage-convoy.txt', ['PORTAGE_CONVOY'], ['portage.1', 'portage.2', 'portage.3', 'portage.4', 'portage.5', 'portage.9']],
])('test/datc/%s', (name, rules, decidedByRule) => {
  const file = readDatc(readFileSync(resolve('test', 'datc', name), 'utf8'));
  const standard = (): ReturnType<typeof testMap> => testMap('standard');

  it('reads every case with the rules it names', () => {
    expect(file.problems).toEqual([]);
    expect([...new Set(file.cases.flatMap((datc) => datc.rules.map((rule) => rule.name)))].sort()).toEqual(rules);
  });

  it.each(runCases(file.cases, standard).map((outcome) => [outcome.id, outcome] as const))('%s', (_id, outcome) => {
    expect(outcome.detail).toBe('');
    expect(outcome.passed).toBe(true);
  });

  it('comes out otherwise without its RULES lines, in the cases the rules decide', () => {
    const withoutRules = file.cases.map((datc) => ({ ...datc, rules: [] }));
    expect(
      runCases(withoutRules, standard)
        .filter((outcome) => !outcome.passed)
        .map((outcome) => outcome.id),
    ).toEqual(decidedByRule);
  });

  it('passes `judge datc`', async () => {
    const run = JudgeProcess.cli(['datc', resolve('test', 'datc', name), '--maps', resolve('maps')], temporaryFolder('judge-datc-'));
    expect(await run.exited).toBe(0);
    expect(run.lines.at(-1)).toBe(`${file.cases.length} passed, 0 failed`);
  });
});
