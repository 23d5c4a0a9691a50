import type { Power } from '../map/model.js';

/**
 * A colour for each power of a map: the colours players of the standard game know for its seven
 * powers, and for any other power the next colour of a palette of well-separated ones, in map
 * order, so that the same map always gets the same colours.
 */

const CUSTOMARY: Readonly<Record<string, string>> = {
  ENGLAND: '#1f4e9c',
  FRANCE: '#5aa9e6',
  GERMANY: '#6b5b4b',
  ITALY: '#2e9b46',
  AUSTRIA: '#d2352f',
  RUSSIA: '#8e5cc4',
  TURKEY: '#e5c22b',
};

const PALETTE = [
  '#e6194b',
  '#3cb44b',
  '#ffe119',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#46f0f0',
  '#f032e6',
  '#bcf60c',
  '#fabebe',
  '#008080',
  '#e6beff',
  '#9a6324',
  '#800000',
  '#aaffc3',
  '#808000',
  '#ffd8b1',
  '#000075',
  '#808080',
  '#ff7f50',
];

export function powerColours(powers: readonly Power[]): Map<string, string> {
  const colours = new Map<string, string>();
  let next = 0;
  for (const power of powers) {
    // More powers than colours: the palette starts again (a map with over twenty powers is rare).
    colours.set(power.name, CUSTOMARY[power.name] ?? PALETTE[next++ % PALETTE.length]!);
  }
  return colours;
}

/** Black or white, whichever reads better on `colour` (`#rrggbb`). */
export function textColourOn(colour: string): string {
  const value = Number.parseInt(colour.slice(1), 16);
  const luminance = 0.299 * ((value >> 16) & 255) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255);
  return luminance > 150 ? '#000000' : '#ffffff';
}
