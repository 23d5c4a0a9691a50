import { createRequire } from 'node:module';

/**
 * PNG on request: the SVG picture rasterised by resvg, a renderer shipped as a prebuilt native
 * binary (no browser, no network). It is loaded on the first PNG asked for, not when the judge
 * starts, so that a machine without a binary for its platform still runs and still draws SVG.
 * Text is set in the system's fonts; the picture names common ones first.
 */

type ResvgModule = typeof import('@resvg/resvg-js');

let resvg: ResvgModule | null = null;

function renderer(): ResvgModule {
  resvg ??= createRequire(import.meta.url)('@resvg/resvg-js') as ResvgModule;
  return resvg;
}

export function svgToPng(svg: string): Buffer {
  const { Resvg } = renderer();
  return new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
}
