/**
 * The figures of issue 16's table, gathered while the benchmarks run and printed together at the
 * end, each beside its target, so that one look says which path is within its budget.
 */

interface Figure {
  readonly path: string;
  readonly now: string;
  readonly target: string;
  /** Whether the figure meets its target; null when there is no target to meet. */
  readonly met: boolean | null;
}

const figures: Figure[] = [];

export function figure(path: string, now: string, target: string, met: boolean | null): void {
  figures.push({ path, now, target, met });
}

export function printFigures(): void {
  const rows = [
    { path: 'path', now: 'now', target: 'target', mark: '' },
    ...figures.map((row) => ({ ...row, mark: row.met === null ? '' : row.met ? 'ok' : 'MISSED' })),
  ];
  const width = (key: 'path' | 'now' | 'target') => Math.max(...rows.map((row) => row[key].length));
  const [path, now, target] = [width('path'), width('now'), width('target')];
  console.log('\nissue 16: every path a person waits on, with its target');
  for (const row of rows) console.log(`  ${row.path.padEnd(path)}  ${row.now.padEnd(now)}  ${row.target.padEnd(target)}  ${row.mark}`.trimEnd());
  console.log('  (real movement phases against the `diplomacy` Python package (target ≥ 80× faster): not measured here, see docs/performance.md)');
}
