import type { Diagnostic, SourceRef } from '../model.js';

/**
 * Reading a DPjudge map file into a script: the flat list of its directives in file order, with
 * USE/MAP files spliced in where they are named, IN/FROM scopes attached, and DIRECTIVES stanzas
 * collected. Building the map from the script is the builder's job; keeping the two apart lets a
 * map be rebuilt for any phase without reading its files again.
 */

/** How the loader finds and reads files; the only I/O the map engine needs, injected. */
export interface MapFileSystem {
  /** The path `name` refers to when USEd from a file in `fromDir`, or null when there is none. */
  resolve(name: string, fromDir: string): string | null;
  /** The file's text, decoded. */
  read(path: string): string;
  dirname(path: string): string;
  /** How diagnostics name a file (usually relative to the current folder). */
  display(path: string): string;
}

/** When a directive is in force: always, in phases matching IN, or from a phase on (FROM). */
export type Scope = { kind: 'always' } | { kind: 'in'; phase: string } | { kind: 'from'; phase: string };

export interface Statement {
  /** The directive's words, split on white space, case preserved. */
  words: string[];
  /** The line without its leading and trailing white space. */
  text: string;
  source: SourceRef;
  scope: Scope;
}

interface StanzaLines {
  variant: string | null;
  lines: string[];
  source: SourceRef;
}

export interface MapScript {
  statements: Statement[];
  stanzas: StanzaLines[];
  files: string[];
  /** The graphical map named by a MAP line of the main file (or of a file it USEs). */
  graphicalMap: string | null;
  diagnostics: Diagnostic[];
}

const ALWAYS: Scope = { kind: 'always' };

function isDirectiveStart(words: string[]): { variant: string | null } | null {
  const last = words[words.length - 1]!.toUpperCase();
  if (last !== 'DIRECTIVE' && last !== 'DIRECTIVES') return null;
  if (words.length === 1) return { variant: null };
  if (words.length === 2) return { variant: words[0]!.toUpperCase() };
  return null;
}

function isDirectiveEnd(words: string[]): boolean {
  return words.length === 2 && words[0]!.toUpperCase() === 'END' && /^DIRECTIVES?$/i.test(words[1]!);
}

/** A file a map may USE: a plain name in a maps folder, never a path (`/etc/passwd`, `../games/x/status`). */
function isMapFileName(name: string): boolean {
  return /^[A-Za-z0-9_+-][A-Za-z0-9_.+-]*$/.test(name) && !name.includes('..');
}

/** Splits `IN SPRING 1904: WATER ARC` into the phase text and the directive after the colon. */
function splitScoped(text: string): { phase: string; rest: string | null } {
  const afterKeyword = text.replace(/^\S+\s*/, '');
  const colon = afterKeyword.indexOf(':');
  if (colon < 0) return { phase: afterKeyword.trim(), rest: null };
  const rest = afterKeyword.slice(colon + 1).trim();
  return { phase: afterKeyword.slice(0, colon).trim(), rest: rest === '' ? null : rest };
}

class ScriptReader {
  private readonly script: MapScript = { statements: [], stanzas: [], files: [], graphicalMap: null, diagnostics: [] };
  private readonly reading: string[] = [];

  constructor(private readonly fs: MapFileSystem) {}

  run(path: string): MapScript {
    this.readFile(path, null, ALWAYS);
    return this.script;
  }

  private error(source: SourceRef, message: string): void {
    this.script.diagnostics.push({ ...source, severity: 'error', message });
  }

  private warn(source: SourceRef, message: string): void {
    this.script.diagnostics.push({ ...source, severity: 'warning', message });
  }

  private readFile(path: string, usedFrom: SourceRef | null, inheritedScope: Scope): void {
    const shown = this.fs.display(path);
    if (this.reading.includes(path)) {
      const chain = [...this.reading.slice(this.reading.indexOf(path)), path].map((p) => this.fs.display(p));
      this.error(usedFrom ?? { file: shown, line: 0 }, `USE cycle: ${chain.join(' -> ')}`);
      return;
    }
    let text: string;
    try {
      text = this.fs.read(path);
    } catch (error) {
      this.error(usedFrom ?? { file: shown, line: 0 }, `cannot read ${shown}: ${(error as Error).message}`);
      return;
    }
    this.reading.push(path);
    if (!this.script.files.includes(path)) this.script.files.push(path);
    const dir = this.fs.dirname(path);
    let scope = inheritedScope;
    let stanza: StanzaLines | null = null;
    const lines = text.split(/\r\n|\r|\n/);
    for (let index = 0; index < lines.length; index++) {
      const source: SourceRef = { file: shown, line: index + 1 };
      const trimmed = lines[index]!.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      const words = trimmed.split(/\s+/);
      if (stanza) {
        if (isDirectiveEnd(words)) stanza = null;
        else stanza.lines.push(trimmed);
        continue;
      }
      if (isDirectiveEnd(words)) {
        this.error(source, 'END DIRECTIVES without a DIRECTIVES line before it');
        continue;
      }
      const start = isDirectiveStart(words);
      if (start) {
        stanza = { variant: start.variant, lines: [], source };
        this.script.stanzas.push(stanza);
        continue;
      }
      const keyword = words[0]!.toUpperCase();
      if (keyword === 'USE' || keyword === 'USES' || keyword === 'MAP') {
        if (words.length < 2) this.error(source, `${keyword} needs a file name`);
        for (const name of words.slice(1)) {
          if (!isMapFileName(name)) {
            this.error(
              source,
              `${keyword} ${name}: a map file is named without a folder (letters, digits and . _ + -), so that no map can read a file outside the maps folders`,
            );
            continue;
          }
          const fileName = keyword === 'MAP' && !name.includes('.') ? `${name}.map` : name;
          if (keyword === 'MAP' && this.script.graphicalMap === null) this.script.graphicalMap = name.replace(/\.map$/i, '');
          const target = this.fs.resolve(fileName, dir) ?? (fileName.includes('.') ? null : this.fs.resolve(`${fileName}.map`, dir));
          if (target === null) this.error(source, `${keyword} ${name}: no such map file`);
          else this.readFile(target, source, scope);
        }
        continue;
      }
      if (keyword === 'IN' || keyword === 'FROM') {
        const { phase, rest } = splitScoped(trimmed);
        if (phase === '') {
          this.error(source, `${keyword} needs a phase`);
          continue;
        }
        const lineScope: Scope =
          keyword === 'FROM' && phase.toUpperCase() === 'START' ? ALWAYS : { kind: keyword === 'IN' ? 'in' : 'from', phase: phase.toUpperCase() };
        if (rest === null) scope = lineScope;
        else this.script.statements.push({ words: rest.split(/\s+/), text: rest, source, scope: lineScope });
        continue;
      }
      this.script.statements.push({ words, text: trimmed, source, scope });
    }
    if (stanza) this.warn(stanza.source, 'DIRECTIVES stanza runs to the end of the file without END DIRECTIVES');
    this.reading.pop();
  }
}

export function readMapScript(path: string, fs: MapFileSystem): MapScript {
  return new ScriptReader(fs).run(path);
}
