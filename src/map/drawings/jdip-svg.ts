import { SaxesParser } from 'saxes';
import { DrawingReadError, type BoardDrawing, type DrawingPoint, type DrawnPlace } from '../board-art.js';
import type { Diagnostic } from '../model.js';
import { escapeMarkup, markupNumber, toPicture } from './markup.js';

/**
 * A jDip SVG map (`<map>.svg`, the format jDip and the `diplomacy` package draw with) read into a
 * board drawing. Its ground is the `MapLayer` group, with the definitions it refers to and its
 * style sheet's rules written into each element (so that no rule of the drawing reaches the rest
 * of the picture). Each place's unit and dislodged-unit positions come from
 * `jdipNS:PROVINCE_DATA`, its supply center's from the `sc_<place>` marks of `SupplyCenterLayer`,
 * its name's from the texts of `BriefLabelLayer`. Place names are the drawing's province ids in
 * upper case, a coast's `-` read as `/` (`stp-nc` is `STP/NC`); matching them to the map's is the
 * loader's (drawing-match.ts). Pure: the loader reads the file and hands its text here.
 */

interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: (XmlElement | string)[];
  readonly line: number;
  readonly parent: XmlElement | null;
}

/** The side of a unit's badge in the picture; a drawing is scaled so that its own army symbol is this wide. */
const PICTURE_UNIT = 22;
/** The picture's width stays within these, whatever the drawing's symbols say. */
const NARROWEST = 500;
const WIDEST = 1600;
const ID_PREFIX = 'art-';
const XLINK = 'http://www.w3.org/1999/xlink';

function parseXml(text: string, file: string): XmlElement {
  const parser = new SaxesParser({ position: true });
  let root: XmlElement | null = null;
  let open: XmlElement | null = null;
  let failure: DrawingReadError | null = null;
  parser.on('error', (error) => {
    failure ??= new DrawingReadError(file, parser.line, `not well-formed XML: ${error.message.replace(/^[^:]*:\d+:\d+: /, '')}`);
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: { ...tag.attributes } as Record<string, string>, children: [], line: parser.line, parent: open };
    if (open === null) root = element;
    else open.children.push(element);
    open = element;
  });
  parser.on('closetag', () => {
    open = open?.parent ?? null;
  });
  const addText = (content: string) => {
    if (open !== null) open.children.push(content);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text).close();
  if (failure !== null) throw failure;
  if (root === null) throw new DrawingReadError(file, 1, 'no XML element in it: not an SVG drawing');
  return root;
}

function* descendants(element: XmlElement): Generator<XmlElement> {
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    yield child;
    yield* descendants(child);
  }
}

function textOf(element: XmlElement): string {
  return element.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
}

type Declarations = ReadonlyMap<string, string>;

/** The style sheets' rules for one class (`.water`) or one element (`text`); rules with other selectors are not applied. */
interface StyleRules {
  readonly byClass: Map<string, Map<string, string>>;
  readonly byElement: Map<string, Map<string, string>>;
}

function styleRules(root: XmlElement): StyleRules {
  const rules: StyleRules = { byClass: new Map(), byElement: new Map() };
  const sheets = [...descendants(root)].filter((element) => element.name === 'style').map(textOf);
  for (const sheet of sheets) {
    for (const [, selectors, body] of sheet.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)) {
      const declarations = parseDeclarations(body!);
      for (const selector of selectors!.split(',').map((part) => part.trim())) {
        const [table, key] = /^\.[\w-]+$/.test(selector)
          ? [rules.byClass, selector.slice(1)]
          : /^[a-zA-Z]+$/.test(selector)
            ? [rules.byElement, selector]
            : [null, ''];
        if (table === null) continue;
        const merged = table.get(key) ?? new Map<string, string>();
        for (const [property, value] of declarations) merged.set(property, value);
        table.set(key, merged);
      }
    }
  }
  return rules;
}

function parseDeclarations(text: string): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (property !== '' && value !== '') declarations.set(property, value);
  }
  return declarations;
}

/** An element's own declarations: its element rules, its classes' rules, then its style attribute. */
function ownStyle(element: XmlElement, rules: StyleRules): Declarations {
  const style = new Map(rules.byElement.get(element.name) ?? []);
  for (const name of (element.attributes['class'] ?? '').split(/\s+/))
    for (const [property, value] of rules.byClass.get(name) ?? []) style.set(property, value);
  for (const [property, value] of parseDeclarations(element.attributes['style'] ?? '')) style.set(property, value);
  return style;
}

/** A property as the element gets it: its own, else inherited from its nearest ancestor that sets it. */
function inherited(element: XmlElement, property: string, rules: StyleRules): string | undefined {
  for (let at: XmlElement | null = element; at !== null; at = at.parent) {
    const value = ownStyle(at, rules).get(property) ?? at.attributes[property];
    if (value !== undefined) return value;
  }
  return undefined;
}

const URL_REFERENCE = /url\(\s*#([^)\s]+)\s*\)/g;

/** Serialises a part of the drawing for the picture: styles written in, ids prefixed, scripts, foreign elements and external references left out. */
class GroundWriter {
  readonly left: Diagnostic[] = [];
  readonly referenced = new Set<string>();

  constructor(
    private readonly rules: StyleRules,
    private readonly file: string,
  ) {}

  /** A value with its `url(#id)` references to the prefixed ids, each noted as wanted. */
  private prefixed(value: string): string {
    return value.replace(URL_REFERENCE, (_, id: string) => {
      this.referenced.add(id);
      return `url(#${ID_PREFIX}${id})`;
    });
  }

  write(element: XmlElement): string {
    if (element.name.includes(':') || element.name === 'script' || element.name === 'style' || element.name === 'title') return '';
    const attributes: string[] = [];
    for (const [name, value] of Object.entries(element.attributes)) {
      if (name === 'class' || name === 'style' || name.startsWith('on') || name.startsWith('xmlns')) continue;
      if (name.includes(':') && name !== 'xlink:href' && name !== 'xml:space') continue;
      if (name === 'id') {
        attributes.push(`id="${ID_PREFIX}${escapeMarkup(value)}"`);
        continue;
      }
      if (name === 'href' || name === 'xlink:href') {
        if (!value.startsWith('#')) {
          this.left.push({
            file: this.file,
            line: element.line,
            severity: 'warning',
            message: `<${element.name}> refers outside the drawing (${value}): left out`,
          });
          return '';
        }
        this.referenced.add(value.slice(1));
        attributes.push(`${name}="#${ID_PREFIX}${escapeMarkup(value.slice(1))}"`);
        continue;
      }
      attributes.push(`${name}="${escapeMarkup(this.prefixed(value))}"`);
    }
    const style = [...ownStyle(element, this.rules)].map(([property, value]) => `${property}:${this.prefixed(value)}`).join(';');
    if (style !== '') attributes.push(`style="${escapeMarkup(style)}"`);
    const content = element.children.map((child) => (typeof child === 'string' ? escapeMarkup(child) : this.write(child))).join('');
    const head = [element.name, ...attributes].join(' ');
    return content === '' ? `<${head}/>` : `<${head}>${content}</${element.name}>`;
  }
}

function number(value: string | undefined): number | null {
  if (value === undefined) return null;
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : null;
}

function pointOf(element: XmlElement | undefined): DrawingPoint | null {
  if (element === undefined) return null;
  const [x, y] = [number(element.attributes['x']), number(element.attributes['y'])];
  return x === null || y === null ? null : { x, y };
}

/** The drawing's own space: its viewBox, else its width and height. */
function viewBox(root: XmlElement, file: string): { origin: DrawingPoint; width: number; height: number } {
  const box = (root.attributes['viewBox'] ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0)
    return { origin: { x: box[0]!, y: box[1]! }, width: box[2]!, height: box[3]! };
  const [width, height] = [number(root.attributes['width']), number(root.attributes['height'])];
  if (width !== null && height !== null && width > 0 && height > 0) return { origin: { x: 0, y: 0 }, width, height };
  throw new DrawingReadError(file, root.line, 'the <svg> element has neither a viewBox nor a width and a height');
}

function pictureScale(root: XmlElement, width: number): number {
  const army = [...descendants(root)].find((element) => element.name === 'jdipNS:SYMBOLSIZE' && element.attributes['name'] === 'Army');
  const armyWidth = number(army?.attributes['width']);
  const scale = armyWidth !== null && armyWidth > 0 ? PICTURE_UNIT / armyWidth : 1000 / width;
  return Math.min(WIDEST / width, Math.max(NARROWEST / width, scale));
}

/** The drawing's name of a place as the judge writes places: `stp-nc` is `STP/NC`. */
function placeName(id: string): string {
  return id.trim().toUpperCase().replace(/-/g, '/');
}

/** The offset of a text's translate() transforms, from the text up to the root; null when one is another kind of transform. */
function translation(element: XmlElement): DrawingPoint | null {
  let x = 0;
  let y = 0;
  for (let at: XmlElement | null = element; at !== null; at = at.parent) {
    const transform = at.attributes['transform'];
    if (transform === undefined || at.name === 'svg') continue;
    const match = /^\s*translate\(\s*(-?[\d.]+)(?:[\s,]+(-?[\d.]+))?\s*\)\s*$/.exec(transform);
    if (match === null) return null;
    x += Number(match[1]);
    y += Number(match[2] ?? 0);
  }
  return { x, y };
}

function fontSize(value: string | undefined): number {
  const match = /^([\d.]+)\s*(px|pt|em)?$/.exec(value ?? '');
  if (match === null) return 16;
  const size = Number(match[1]);
  return match[2] === 'pt' ? (size * 4) / 3 : match[2] === 'em' ? size * 16 : size;
}

/** Where each name of the label layer is centred, in the drawing's space. */
function labelCentres(root: XmlElement, rules: StyleRules): Map<string, DrawingPoint> {
  const centres = new Map<string, DrawingPoint>();
  const layer = [...descendants(root)].find((element) => element.attributes['id'] === 'BriefLabelLayer');
  if (layer === undefined) return centres;
  for (const text of [...descendants(layer)].filter((element) => element.name === 'text')) {
    const at = pointOf(text);
    const moved = translation(text);
    const name = placeName(textOf(text));
    if (at === null || moved === null || name === '' || centres.has(name)) continue;
    const size = fontSize(inherited(text, 'font-size', rules));
    const anchor = inherited(text, 'text-anchor', rules) ?? 'start';
    const width = 0.55 * size * name.length;
    const shift = anchor === 'middle' ? 0 : anchor === 'end' ? -width / 2 : width / 2;
    centres.set(name, { x: at.x + moved.x + shift, y: at.y + moved.y - 0.35 * size });
  }
  return centres;
}

/** Where each supply center's mark stands (the `sc_<place>` uses of the supply center layer), in the drawing's space. */
function centerMarks(root: XmlElement): Map<string, DrawingPoint> {
  const marks = new Map<string, DrawingPoint>();
  for (const element of descendants(root)) {
    const id = element.attributes['id'] ?? '';
    const at = pointOf(element);
    if (!id.startsWith('sc_') || at === null) continue;
    const [width, height] = [number(element.attributes['width']) ?? 0, number(element.attributes['height']) ?? 0];
    marks.set(placeName(id.slice(3)), { x: at.x + width / 2, y: at.y + height / 2 });
  }
  return marks;
}

/** Reads a jDip SVG map; throws DrawingReadError (file:line) for a file that is not one. Positions it cannot read are warnings. */
export function readJdipSvg(text: string, file: string): { drawing: BoardDrawing; diagnostics: Diagnostic[] } {
  const root = parseXml(text, file);
  if (root.name !== 'svg') throw new DrawingReadError(file, root.line, `its root element is <${root.name}>, not <svg>: not an SVG drawing`);
  const all = [...descendants(root)];
  const data = all.find((element) => element.name === 'jdipNS:PROVINCE_DATA');
  if (data === undefined) throw new DrawingReadError(file, root.line, 'no jdipNS:PROVINCE_DATA: not a jDip map (it gives no unit positions)');
  const ground = all.find((element) => element.name === 'g' && element.attributes['id'] === 'MapLayer');
  if (ground === undefined) throw new DrawingReadError(file, root.line, 'no <g id="MapLayer">: not a jDip map (it has no ground to draw on)');
  const space = viewBox(root, file);
  const scale = pictureScale(root, space.width);
  const picture = (point: DrawingPoint): DrawingPoint => toPicture(point, space.origin, scale);
  const diagnostics: Diagnostic[] = [];
  const warn = (line: number, message: string) => void diagnostics.push({ file, line, severity: 'warning', message });
  const rules = styleRules(root);
  const labels = labelCentres(root, rules);
  const centers = centerMarks(root);
  const places = new Map<string, DrawnPlace>();
  for (const province of data.children) {
    if (typeof province === 'string' || province.name !== 'jdipNS:PROVINCE') continue;
    const name = placeName(province.attributes['name'] ?? '');
    const positions = province.children.filter((child): child is XmlElement => typeof child !== 'string');
    const unit = pointOf(positions.find((child) => child.name === 'jdipNS:UNIT'));
    if (name === '' || unit === null) {
      warn(province.line, `a jdipNS:PROVINCE without ${name === '' ? 'a name' : 'a jdipNS:UNIT with x and y'}: left out`);
      continue;
    }
    if (places.has(name)) {
      warn(province.line, `${name} is placed a second time; the first counts`);
      continue;
    }
    const dislodged = pointOf(positions.find((child) => child.name === 'jdipNS:DISLODGED_UNIT'));
    const label = labels.get(name);
    const center = centers.get(name);
    places.set(name, {
      unit: picture(unit),
      dislodged: dislodged === null ? null : picture(dislodged),
      label: label === undefined ? null : picture(label),
      center: center === undefined ? null : picture(center),
    });
  }
  if (places.size === 0) throw new DrawingReadError(file, data.line, 'jdipNS:PROVINCE_DATA places no province (no jdipNS:PROVINCE with a jdipNS:UNIT)');
  const writer = new GroundWriter(rules, file);
  const layer = writer.write(ground);
  const byId = new Map(all.flatMap((element) => (element.attributes['id'] === undefined ? [] : [[element.attributes['id'], element] as const])));
  const definitions: string[] = [];
  const written = new Set<string>();
  for (let pending = [...writer.referenced]; pending.length > 0; pending = [...writer.referenced].filter((id) => !written.has(id))) {
    for (const id of pending) {
      written.add(id);
      const element = byId.get(id);
      if (element !== undefined && !isInside(element, ground)) definitions.push(writer.write(element));
    }
  }
  diagnostics.push(...writer.left);
  const width = Number(markupNumber(space.width * scale));
  const height = Number(markupNumber(space.height * scale));
  const markup =
    `<svg x="0" y="0" width="${markupNumber(width)}" height="${markupNumber(height)}" ` +
    `viewBox="${[space.origin.x, space.origin.y, space.width, space.height].map(markupNumber).join(' ')}" preserveAspectRatio="none" xmlns:xlink="${XLINK}">` +
    `${definitions.length === 0 ? '' : `<defs>${definitions.join('')}</defs>`}${layer}</svg>`;
  return { drawing: { kind: 'jdip', file, width, height, ground: markup, places, fullNames: new Map() }, diagnostics };
}

function isInside(element: XmlElement, ancestor: XmlElement): boolean {
  for (let at: XmlElement | null = element; at !== null; at = at.parent) if (at === ancestor) return true;
  return false;
}
