import { beforeAll, describe, expect, it } from 'vitest';
import { crashPoints, firstOfEachKind, gameTemplate, runKilledAt, runTrial, templateKind, type Scenario } from './harness.js';

/**
 * The first durable write of each kind in a scenario, in turn, is where the judge dies; after the
 * ordinary recovery nothing is lost, nothing duplicated, and the status file is valid and where it
 * must be. `npm run proof` tries every durable write, and random ones besides. One file per
 * scenario, so that the scenarios run side by side.
 */
export function crashTest(scenario: Scenario, options: { select?: (labels: readonly string[]) => number[]; killsAfterMs?: readonly number[] } = {}): void {
  const select = options.select ?? firstOfEachKind;
  let template = '';
  beforeAll(async () => {
    template = await gameTemplate(templateKind(scenario));
  }, 120_000);

  describe(`the judge killed at each kind of durable write: ${scenario.name}`, () => {
    it('loses nothing, duplicates nothing, leaves every file valid', async () => {
      const points = await crashPoints(template, scenario);
      expect(points.length).toBeGreaterThan(3);
      const failures: string[] = [];
      const trials = [
        ...select(points).map((point) => () => runTrial(template, scenario, point, points[point - 1]!)),
        ...(options.killsAfterMs ?? []).map((ms) => () => runKilledAt(template, scenario, ms)),
      ];
      for (const run of trials) {
        const trial = await run();
        if (!trial.crashed || trial.problems.length > 0)
          failures.push(`#${trial.crashPoint} ${trial.label}: ${trial.crashed ? trial.problems.join('; ') : 'did not crash'}`);
      }
      expect(failures).toEqual([]);
    }, 300_000);
  });
}
