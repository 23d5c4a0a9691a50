/**
 * A small well-formedness check for the SVG the judge writes, so that the tests need no XML
 * library: one XML declaration, then elements with quoted attributes, balanced tags, one root,
 * and text in which `<` never stands and `&` only starts one of the five entities.
 */

const NAME = '[A-Za-z_:][-A-Za-z0-9_.:]*';
const ATTRIBUTE = new RegExp(`^\\s+(${NAME})\\s*=\\s*"([^"<]*)"`);
const ENTITY = /&(?!(amp|lt|gt|quot|apos);)/;
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function attributeProblem(rest: string, tag: string): string | null {
  const seen = new Set<string>();
  let text = rest;
  for (;;) {
    const match = ATTRIBUTE.exec(text);
    if (!match) break;
    if (seen.has(match[1]!)) return `attribute ${match[1]} twice in <${tag}>`;
    seen.add(match[1]!);
    if (ENTITY.test(match[2]!)) return `a bare & in attribute ${match[1]} of <${tag}>`;
    text = text.slice(match[0].length);
  }
  return text.trim() === '' ? null : `cannot read the attributes of <${tag}> at '${text.slice(0, 30)}'`;
}

/** Every problem found (empty: well-formed), and the names of the elements in document order. */
export function checkXml(document: string): { problems: string[]; elements: string[] } {
  const problems: string[] = [];
  const elements: string[] = [];
  if (NOT_XML.test(document)) problems.push('a character XML does not allow');
  let text = document.replace(/^<\?xml [^?]*\?>\s*/, '');
  const open: string[] = [];
  let roots = 0;
  while (text.length > 0) {
    const lt = text.indexOf('<');
    const chunk = lt < 0 ? text : text.slice(0, lt);
    if (ENTITY.test(chunk)) problems.push(`a bare & in text '${chunk.slice(0, 30)}'`);
    if (chunk.includes('>')) problems.push(`a bare > in text '${chunk.slice(0, 30)}'`);
    if (open.length === 0 && chunk.trim() !== '') problems.push(`text outside the root: '${chunk.slice(0, 30)}'`);
    if (lt < 0) break;
    const gt = text.indexOf('>', lt);
    if (gt < 0) {
      problems.push('a tag that does not end');
      break;
    }
    const tag = text.slice(lt + 1, gt);
    text = text.slice(gt + 1);
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const expected = open.pop();
      if (expected !== name) problems.push(`</${name}> closes <${expected ?? 'nothing'}>`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const name = new RegExp(`^${NAME}`).exec(body)?.[0];
    if (name === undefined) {
      problems.push(`a tag without a name: <${tag.slice(0, 30)}>`);
      continue;
    }
    elements.push(name);
    if (open.length === 0 && ++roots > 1) problems.push('more than one root element');
    const attributes = attributeProblem(body.slice(name.length), name);
    if (attributes !== null) problems.push(attributes);
    if (!selfClosing) open.push(name);
  }
  if (open.length > 0) problems.push(`elements left open: ${open.join(' ')}`);
  if (roots === 0) problems.push('no root element');
  return { problems, elements };
}

/** The text content of every <title> (tooltips name each unit and center), entities decoded. */
export function titles(document: string): string[] {
  const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!);
  return [...document.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => decode(match[1]!));
}
