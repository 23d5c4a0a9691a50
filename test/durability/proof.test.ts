import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { crashPoints, gameTemplate, runTrial, templateKind, type TrialResult } from './harness.js';
import { SCENARIOS } from './scenarios.js';

/**
 * `npm run proof -- --trials N`: every durable write of every scenario is a crash point, then N
 * trials more at crash points drawn at random; one table at the end (also written to the file
 * PROOF_REPORT names). Not part of `npm test`, which tries the first write of each kind.
 */

const extraTrials = Number(process.env['PROOF_TRIALS'] ?? 0);
const results: (TrialResult & { scenario: string })[] = [];
const covered = { points: 0, of: 0 };
const templates = new Map<string, string>();

beforeAll(async () => {
  templates.set('none', await gameTemplate('none'));
  templates.set('everyone', await gameTemplate('everyone'));
}, 120_000);

describe('the proof', () => {
  it('loses nothing and duplicates nothing at any crash point', async () => {
    let seed = 20261125;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const plans = [];
    for (const scenario of SCENARIOS) {
      const template = templates.get(templateKind(scenario))!;
      plans.push({ scenario, template, points: await crashPoints(template, scenario) });
    }
    for (const { scenario, template, points } of plans) {
      covered.of += points.length;
      for (const [index, label] of points.entries()) results.push({ scenario: scenario.name, ...(await runTrial(template, scenario, index + 1, label)) });
      covered.points += points.length;
    }
    for (let trial = 0; trial < extraTrials; trial++) {
      const { scenario, template, points } = plans[Math.floor(random() * plans.length)]!;
      const point = 1 + Math.floor(random() * points.length);
      results.push({ scenario: scenario.name, ...(await runTrial(template, scenario, point, points[point - 1]!)) });
    }
    const sum = (key: 'lost' | 'duplicated' | 'invalid') => results.reduce((total, result) => total + result[key], 0);
    const table = [
      '| trials | crash points covered | lost | duplicated | invalid files | runs that did not crash |',
      '| --- | --- | --- | --- | --- | --- |',
      `| ${results.length} | ${covered.points} of ${covered.of} | ${sum('lost')} | ${sum('duplicated')} | ${sum('invalid')} | ${results.filter((result) => !result.crashed).length} |`,
      '',
      ...results.filter((result) => result.problems.length > 0).map((result) => `- ${result.scenario} #${result.crashPoint} ${result.label}: ${result.problems.join('; ')}`),
    ].join('\n');
    process.stdout.write(`\n${table}\n`);
    if (process.env['PROOF_REPORT']) writeFileSync(process.env['PROOF_REPORT'], `${table}\n`);
    expect(sum('lost') + sum('duplicated') + sum('invalid')).toBe(0);
  }, 24 * 3_600_000);
});
