/** nJudge files come from every kind of system: any line ending counts. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
