import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Mustache from 'mustache';

/** Template files, each read once: the judgekeeper's changes show after a restart. */
export class TemplateFiles {
  private readonly cache = new Map<string, string>();

  constructor(private readonly folder: string) {}

  read(file: string): string {
    let template = this.cache.get(file);
    if (template === undefined) {
      template = readFileSync(join(this.folder, file), 'utf8');
      this.cache.set(file, template);
    }
    return template;
  }
}

/**
 * Every mail the judge writes comes from a plain-text template in `templates/`, so a judgekeeper
 * can reword them without touching code. Mail is plain text: nothing is HTML-escaped.
 */
export class Templates {
  private readonly files: TemplateFiles;

  constructor(folder: string) {
    this.files = new TemplateFiles(folder);
  }

  text(name: string): string {
    return this.files.read(`${name}.txt`);
  }

  render(name: string, view: object): string {
    return renderTemplate(this.text(name), view);
  }
}

function renderTemplate(template: string, view: object): string {
  return Mustache.render(template, view, {}, { escape: (value: string) => value })
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()
    .concat('\n');
}
