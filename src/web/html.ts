import Mustache from 'mustache';
import { TemplateFiles } from '../templates/templates.js';

/** What a page template is rendered from: its title, for the layout, and anything else. */
export type PageView = { readonly title: string } & Readonly<Record<string, unknown>>;

/**
 * The pages' HTML templates, in `templates/web/` beside the mail texts so that a judgekeeper can
 * reword or restyle them. Mustache escapes every `{{value}}` for HTML; the one unescaped value is
 * a page's body, itself rendered from a template, inside the layout.
 */
export class HtmlTemplates {
  private readonly files: TemplateFiles;

  constructor(folder: string) {
    this.files = new TemplateFiles(folder);
  }

  text(file: string): string {
    return this.files.read(file);
  }

  /** A whole page: the named template's body inside the layout. */
  page(name: string, view: PageView, layout: object): string {
    const partials = { reply: this.text('reply.html'), variantPanels: this.text('variant-panels.html') };
    const body = Mustache.render(this.text(`${name}.html`), view, partials);
    return Mustache.render(this.text('layout.html'), { ...layout, title: view.title, body });
  }
}
