import type { DrawingPoint } from '../board-art.js';

/** The small pieces of SVG writing both drawing readers share. */

export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[character]!};`);
}

/** A number as the ground's markup writes it: at most `decimals` decimals (two unless said), no trailing zeros. */
export function markupNumber(value: number, decimals = 2): string {
  return String(Math.round(value * 10 ** decimals) / 10 ** decimals);
}

/** A point of the drawing's own space in the picture's pixels: scaled by `scale` after moving `origin` to 0,0. */
export function toPicture(point: DrawingPoint, origin: DrawingPoint, scale: number): DrawingPoint {
  return { x: (point.x - origin.x) * scale, y: (point.y - origin.y) * scale };
}
