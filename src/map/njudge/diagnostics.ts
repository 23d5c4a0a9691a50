import type { Diagnostic } from '../model.js';

/** Collects the errors and warnings of one nJudge variant, each tied to a file and line. */
export class DiagnosticSink {
  readonly items: Diagnostic[] = [];

  error(file: string, line: number, message: string): void {
    this.items.push({ file, line, severity: 'error', message });
  }

  warn(file: string, line: number, message: string): void {
    this.items.push({ file, line, severity: 'warning', message });
  }
}
