/**
 * Lines that may hold a secret (PASSWORD, PRIVATE, and misspellings of them such as PASSWD) are
 * shown with the value hidden wherever a line is logged: the audit log, `game validate` reports.
 */
const SECRET_LINE = /^(\s*)((?:PASS|PRIV)\S*)(\s+\S.*)$/i;

export function redactLine(line: string): string {
  const match = SECRET_LINE.exec(line);
  return match ? `${match[1]}${match[2]} (hidden)` : line;
}
