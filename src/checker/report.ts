import { counted } from './notices.js';
import type { SweepReport } from './sweep.js';

/** A sweep's report as the daemon's log and `judge check` print it. */

export function reportLines(report: SweepReport): string[] {
  return report.actions.map((action) => `${action.game}: ${action.action} (${action.detail})`);
}

export function summaryLine(report: SweepReport): string {
  const at = report.at.toUTC().toFormat("yyyy-MM-dd HH:mm 'UTC'");
  return `swept at ${at}: ${counted(report.due, 'game')} due, ${counted(report.actions.length, 'action')}, ${counted(report.reread, 'status file')} read`;
}
