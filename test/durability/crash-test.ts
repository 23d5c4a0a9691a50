import { beforeAll, describe, expect, it } from 'vitest';
import { crashPoints, firstOfEachKind, gameTemplate, runTrial, templateKind, type Scenario } from './harness.js';

/**
 * The first durable write of each kind in a scenario, in turn, is where the judge dies; after the
 * ordinary recovery nothing is lost, nothing duplicated, and the status file is valid and where it
 * must be. `npm run proof` tries every durable write, and random ones besides. One file per
 * scenario, so that the scenarios run side by side.
 */
export function crashTest(scenario: Scenario): void {
  let template = '';
  beforeAll(async () => {
    template = await gameTemplate(templateKind(scenario));
  }, 120_000);

  describe(`the judge killed at each kind of durable write: ${scenario.name}`, () => {
    it('loses nothing, duplicates nothing, leaves every file valid', async () => {
      const points = await crashPoints(template, scenario);
      expect(points.length).toBeGreaterThan(3);
      const failures: string[] = [];
      for (const point of firstOfEachKind(points)) {
        const trial = await runTrial(template, scenario, point, points[point - 1]!);
        if (!trial.crashed || trial.problems.length > 0) failures.push(`#${point} ${trial.label}: ${trial.crashed ? trial.problems.join('; ') : 'did not crash'}`);
      }
      expect(failures).toEqual([]);
    }, 300_000);
  });
}
