import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Mustache from 'mustache';

/**
 * Every mail the judge writes comes from a plain-text template in `templates/`, so a judgekeeper
 * can reword them without touching code. Mail is plain text: nothing is HTML-escaped.
 */
export class Templates {
  private readonly cache = new Map<string, string>();

  constructor(private readonly folder: string) {}

  text(name: string): string {
    let template = this.cache.get(name);
    if (template === undefined) {
      template = readFileSync(join(this.folder, `${name}.txt`), 'utf8');
      this.cache.set(name, template);
    }
    return template;
  }

  render(name: string, view: object): string {
    return renderTemplate(this.text(name), view);
  }
}

export function renderTemplate(template: string, view: object): string {
  return Mustache.render(template, view, {}, { escape: (value: string) => value })
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()
    .concat('\n');
}
