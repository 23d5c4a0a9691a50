/**
 * Writing SVG as text safely. Every name in a picture comes from a map file or a status file,
 * which anyone may have written, so text and attribute values always go through `escapeXml`.
 */

export type Attributes = Readonly<Record<string, string | number | undefined>>;

/**
 * Characters XML 1.0 does not allow even escaped (control characters, lone surrogates, U+FFFE and
 * U+FFFF): they are dropped rather than let through to make the picture unreadable.
 */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Anything escapeXml would change; most names need nothing, and skip both replacements. */
const NEEDS_ESCAPING = /[&<>"'\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** Below this many tenths a float has room for every tenth, and `String` writes each as its digits. */
const EXACT_TENTHS = 1e15;

/**
 * A coordinate or length with one decimal at most: enough for a screen, and a smaller file. The
 * text is `String(Math.round(value * 10) / 10)`'s, written from the whole number of tenths: a
 * picture holds thousands of them, and a float's shortest form is the slower way to the same digits.
 */
export function num(value: number): string {
  const tenths = Math.round(value * 10);
  if (tenths % 10 === 0 || !(Math.abs(tenths) < EXACT_TENTHS)) return String(tenths / 10);
  const whole = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${(whole - (whole % 10)) / 10}.${whole % 10}`;
}

/** A `points` list (`x,y x,y ...`) of a polyline or polygon. */
export function pointList(points: readonly { readonly x: number; readonly y: number }[]): string {
  let text = '';
  for (const point of points) text += `${text === '' ? '' : ' '}${num(point.x)},${num(point.y)}`;
  return text;
}

function attributeText(attributes: Attributes): string {
  let text = '';
  for (const name in attributes) {
    const value = attributes[name];
    if (value !== undefined) text += ` ${name}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`;
  }
  return text;
}

/** An element; `content` is markup already (use `escapeXml` or `textElement` for text). */
export function element(name: string, attributes: Attributes, content?: string): string {
  return content === undefined ? `<${name}${attributeText(attributes)}/>` : `<${name}${attributeText(attributes)}>${content}</${name}>`;
}

export function textElement(name: string, attributes: Attributes, text: string): string {
  return element(name, attributes, escapeXml(text));
}

/** A tooltip for the element it is put in. */
export function tooltip(text: string): string {
  return textElement('title', {}, text);
}

/** A rectangle on the picture. */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Advance widths in ems of the bold sans-serif faces the picture names, rounded up (DejaVu Sans Bold is the widest). */
const WIDE = /[MWmw@%]/;
const NARROW = /[a-z0-9 .,:;'()!|-]/;

/** How wide a text is drawn at `size`: generous, so that what is placed by it never touches. */
function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const character of text) ems += WIDE.test(character) ? 1.12 : NARROW.test(character) ? 0.72 : 0.86;
  return ems * size;
}

/** The box a line of text fills, anchored at the middle of its baseline (`text-anchor="middle"`): capitals above, descenders below. */
export function textBox(text: string, x: number, baseline: number, size: number): Box {
  const half = textWidth(text, size) / 2;
  return { left: x - half, top: baseline - 0.8 * size, right: x + half, bottom: baseline + 0.24 * size };
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
