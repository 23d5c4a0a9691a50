import type { DiagnosticSink } from './diagnostics.js';
import type { GatewayLine, HongKongLine, NameAt, RailwayLine } from './syntax.js';

/**
 * The third section of a map file: blocks opened by a header line and chosen, as nJudge chooses
 * them, by the header's first letter. List blocks (C, O, V, L and the F/P/S disaster tables) hold
 * indented lines; table blocks (H, G, R) hold unindented entries up to a `#` or indented line.
 */

export interface Options {
  centerOrder: NameAt[] | null;
  hongKong: HongKongLine[];
  gateways: GatewayLine[];
  railways: RailwayLine[];
  /** Line numbers of Machiavelli-only blocks, for the Diplomacy maps that carry one. */
  machiavelliBlocks: { header: string; line: number }[];
}

export interface NumberedLine {
  text: string;
  line: number;
}

const INDENTED_BLOCKS = new Set(['C', 'O', 'V', 'L', 'F', 'P', 'S']);
const MACHIAVELLI_BLOCKS = new Set(['O', 'V', 'L', 'F', 'P', 'S']);

function isIndented(text: string): boolean {
  return /^\s/.test(text);
}

/** `SC:Egy med red`, `TSR:R Mos Prm`, `C: HK`: the key before the colon and the words after it. */
function splitEntry(text: string): { key: string; words: string[] } | null {
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  return {
    key: text.slice(0, colon).trim(),
    words: text
      .slice(colon + 1)
      .trim()
      .split(/\s+/)
      .filter((word) => word !== ''),
  };
}

class OptionsReader {
  private readonly options: Options = { centerOrder: null, hongKong: [], gateways: [], railways: [], machiavelliBlocks: [] };
  private index = 0;

  constructor(
    private readonly lines: NumberedLine[],
    private readonly file: string,
    private readonly sink: DiagnosticSink,
  ) {}

  run(): Options {
    while (this.index < this.lines.length) {
      const { text, line } = this.lines[this.index++]!;
      if (text.trim() === '' || text.startsWith('#') || isIndented(text)) continue;
      const letter = text[0]!;
      if (letter === 'H' || letter === 'G' || letter === 'R') this.table(letter);
      else if (INDENTED_BLOCKS.has(letter)) this.indented(letter, text.trim(), line);
      else
        this.sink.error(
          this.file,
          line,
          `unrecognised block '${text.trim()}' in the options section (expected the center list, HongKong, Gateway or Railway settings)`,
        );
    }
    return this.options;
  }

  private indented(letter: string, header: string, line: number): void {
    const body: NumberedLine[] = [];
    while (this.index < this.lines.length && (isIndented(this.lines[this.index]!.text) || this.lines[this.index]!.text === '')) {
      body.push(this.lines[this.index++]!);
    }
    if (MACHIAVELLI_BLOCKS.has(letter)) {
      this.options.machiavelliBlocks.push({ header, line });
      return;
    }
    if (this.options.centerOrder !== null) this.sink.warn(this.file, line, 'a second summary center list; its centers are added to the first');
    const order = this.options.centerOrder ?? [];
    for (const entry of body) for (const name of entry.text.split(/[\s,]+/)) if (name !== '') order.push({ name, line: entry.line });
    this.options.centerOrder = order;
  }

  private table(letter: string): void {
    while (this.index < this.lines.length) {
      const { text, line } = this.lines[this.index]!;
      if (text.trim() === '' || text.startsWith('#') || isIndented(text)) return;
      this.index++;
      const entry = splitEntry(text);
      if (!entry) {
        this.sink.error(this.file, line, `'${text.trim()}' is not a '<name>: <values>' entry`);
        continue;
      }
      if (letter === 'H') this.hongKong(entry, line);
      else if (letter === 'G') this.gateway(entry, line);
      else this.railway(entry, line);
    }
  }

  private hongKong(entry: { key: string; words: string[] }, line: number): void {
    if (!/^[0-9A-Z]+$/.test(entry.key)) {
      this.sink.error(this.file, line, `HongKong entry '${entry.key}' must start with power letters`);
      return;
    }
    if (entry.words.length === 0) this.sink.warn(this.file, line, `HongKong entry for ${entry.key} lists no province`);
    this.options.hongKong.push({ powers: [...entry.key], provinces: entry.words.map((name) => ({ name, line })), line });
  }

  private gateway(entry: { key: string; words: string[] }, line: number): void {
    const [controller, ...provinces] = entry.words;
    if (controller === undefined) {
      this.sink.error(this.file, line, `gateway ${entry.key} names no controlling province`);
      return;
    }
    this.options.gateways.push({ gateway: entry.key, controller, provinces, line });
  }

  private railway(entry: { key: string; words: string[] }, line: number): void {
    const [letters, ...route] = entry.words;
    if (letters === undefined || !/^[0-9A-Z]+$/.test(letters)) {
      this.sink.error(this.file, line, `railway ${entry.key} must give the power letters that may use it before its route`);
      return;
    }
    this.options.railways.push({ railway: entry.key, powers: [...letters], route, line });
  }
}

export function readOptions(lines: NumberedLine[], file: string, sink: DiagnosticSink): Options {
  return new OptionsReader(lines, file, sink).run();
}
