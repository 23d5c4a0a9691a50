import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { crashPoints, gameTemplate, runKilledAt, runTrial, templateKind, type TrialResult } from './harness.js';
import { pressDaemon, pressHandedOver, SCENARIOS } from './scenarios.js';

/**
 * `npm run proof -- --trials N`: every durable write of every scenario is a crash point, then N
 * trials more drawn at random: a crash point, or for the daemon as often a SIGKILL at a random
 * moment of its run. Its numbers go to the file PROOF_REPORT names, for scripts/proof.mjs's table.
 * Not part of `npm test`, which tries the first write of each kind.
 */

const extraTrials = Number(process.env['PROOF_TRIALS'] ?? 0);
const results: (TrialResult & { scenario: string })[] = [];
const covered = { points: 0, of: 0 };
const templates = new Map<string, string>();

beforeAll(async () => {
  templates.set('none', await gameTemplate('none'));
  templates.set('everyone', await gameTemplate('everyone'));
  templates.set('payola', await gameTemplate('payola'));
  templates.set('xtalball', await gameTemplate('xtalball'));
}, 120_000);

describe('the proof', () => {
  it(
    'loses nothing and duplicates nothing at any crash point',
    async () => {
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
      let randomKills = 0;
      for (let trial = 0; trial < extraTrials; trial++) {
        const { scenario, template, points } = plans[Math.floor(random() * plans.length)]!;
        if ((scenario === pressDaemon || scenario === pressHandedOver) && random() < 0.5) {
          randomKills++;
          results.push({ scenario: scenario.name, ...(await runKilledAt(template, scenario, Math.floor(random() * 300))) });
          continue;
        }
        const point = 1 + Math.floor(random() * points.length);
        results.push({ scenario: scenario.name, ...(await runTrial(template, scenario, point, points[point - 1]!)) });
      }
      const sum = (key: 'lost' | 'duplicated' | 'invalid' | 'mails') => results.reduce((total, result) => total + result[key], 0);
      const report = {
        trials: results.length,
        randomKills,
        crashPoints: covered,
        mails: sum('mails'),
        lost: sum('lost'),
        duplicated: sum('duplicated'),
        invalid: sum('invalid'),
        notCrashed: results.filter((result) => !result.crashed || result.killedAfterWork === true).length,
        problems: results
          .filter((result) => result.problems.length > 0)
          .map((result) => `${result.scenario} #${result.crashPoint} ${result.label}: ${result.problems.join('; ')}`),
      };
      for (const problem of report.problems) process.stdout.write(`- ${problem}\n`);
      if (process.env['PROOF_REPORT']) writeFileSync(process.env['PROOF_REPORT'], JSON.stringify(report));
      expect(report.lost + report.duplicated + report.invalid).toBe(0);
    },
    24 * 3_600_000,
  );
});
