import type { DiagnosticSink } from './diagnostics.js';
import type { AreaLine } from './syntax.js';

/**
 * Finds areas by abbreviation or full name, case-insensitively, the way nJudge's name look-up
 * does: an abbreviation given to two areas means the first of them.
 */
export class AreaIndex {
  private readonly byAbbreviation = new Map<string, number>();
  private readonly byName = new Map<string, number>();

  constructor(
    readonly areas: readonly AreaLine[],
    file: string,
    sink: DiagnosticSink,
  ) {
    areas.forEach((area, index) => {
      const nameKey = area.name.toLowerCase();
      const namesake = this.byName.get(nameKey);
      if (namesake !== undefined) sink.error(file, area.line, `area name '${area.name}' is already used on line ${areas[namesake]!.line}`);
      else this.byName.set(nameKey, index);
      for (const abbreviation of area.abbreviations) {
        const key = abbreviation.toLowerCase();
        const owner = this.byAbbreviation.get(key);
        if (owner === undefined) this.byAbbreviation.set(key, index);
        else if (owner !== index && abbreviation === area.abbreviations[0])
          sink.error(
            file,
            area.line,
            `abbreviation '${abbreviation}' of ${area.name} already names ${areas[owner]!.name}, so ${area.name} cannot be named by it`,
          );
        else if (owner !== index)
          sink.warn(
            file,
            area.line,
            `abbreviation '${abbreviation}' of ${area.name} already names ${areas[owner]!.name}; nJudge reads it as ${areas[owner]!.name}`,
          );
      }
    });
  }

  /** An area by abbreviation or, failing that, by full name. */
  find(text: string): number | undefined {
    const key = text.toLowerCase().replace(/\s+/g, ' ').trim();
    return this.byAbbreviation.get(key) ?? this.byName.get(key);
  }
}
