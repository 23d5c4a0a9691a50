/**
 * A reply read back into the parts its template lays out (templates/reply.txt): the refused lines
 * with their reasons, and the orders on file it lists. Tests assert on these parts (which line was
 * refused, and for which rule; which orders are on file) rather than on whole sentences, whose
 * wording a few tests per template keep.
 */

export interface RefusedLine {
  readonly line: string;
  readonly reason: string;
}

const REFUSED_HEADING = /^Lines not accepted \((\d+)\):$/;
const REFUSED_LINE = /^ {2}"(.*)": (.*)$/;

/** The refused lines the reply lists at its end, in order; the count in the heading must match. */
export function refusedLines(text: string): RefusedLine[] {
  const lines = text.split('\n');
  const heading = lines.findIndex((line) => REFUSED_HEADING.test(line));
  if (heading === -1) return [];
  const count = Number(REFUSED_HEADING.exec(lines[heading]!)![1]);
  const refused = lines.slice(heading + 1, heading + 1 + count).map((line) => {
    const match = REFUSED_LINE.exec(line);
    if (match === null) throw new Error(`not a refused line of a reply: ${JSON.stringify(line)}`);
    return { line: match[1]!, reason: match[2]! };
  });
  return refused;
}

/**
 * The orders the reply lists as on file, by power as it names them: each `Orders on file for
 * <power> for <phase>:` with the indented orders under it (none for `(none)`).
 */
export function ordersListed(text: string): Record<string, string[]> {
  const listed: Record<string, string[]> = {};
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const heading = /^Orders on file for (.+?) for .+:$/.exec(line);
    if (heading === null) continue;
    const orders: string[] = [];
    for (let next = index + 1; next < lines.length && lines[next]!.startsWith('  '); next++) orders.push(lines[next]!.trim());
    listed[heading[1]!] = orders.filter((order) => order !== '(none)');
  }
  return listed;
}

/**
 * The orders a results mail lists by power (templates/results.txt): each `<Power>:` heading with
 * its indented lines, an order with its outcome (`A PAR - BUR.`, `A MAR H.  (no order)`).
 */
export function resultsListed(text: string): Record<string, string[]> {
  const listed: Record<string, string[]> = {};
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const heading = /^([A-Z][a-z]+(?: [A-Z][a-z]+)*):$/.exec(line);
    if (heading === null) continue;
    const orders: string[] = [];
    for (let next = index + 1; next < lines.length && lines[next]!.startsWith('  '); next++) orders.push(lines[next]!.trim());
    listed[heading[1]!] = orders;
  }
  return listed;
}
