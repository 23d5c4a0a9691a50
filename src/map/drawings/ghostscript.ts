import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DrawingReadError, type DrawingPoint } from '../board-art.js';
import { markupNumber } from './markup.js';

/**
 * A DPjudge map drawing's ground drawn by Ghostscript (Debian's `ghostscript`), once per drawing:
 * the drawing's own `DrawMap` procedure on the page it was made for (psinfo's paper size, letter
 * unless it says), with nothing after it, so that no unit, center, name or order of the drawing's
 * is drawn. A first run on Ghostscript's bbox device measures where the ground lies and how
 * `DrawMap` turns and scales the page (a landscape board is drawn turned on a portrait page); a
 * second draws the page as a PNG, which the picture holds as an image, turned upright and cut to
 * the board. The result is kept by the drawing's content (in memory, and in the cache folder when
 * there is one), so a drawing is converted once, not per picture.
 */

/** A 2-D affine transform as PostScript writes one: x' = a·x + c·y + e, y' = b·x + d·y + f. */
type Matrix = readonly [number, number, number, number, number, number];

export interface ConvertedGround {
  readonly width: number;
  readonly height: number;
  /** An `<image>` of the ground, from 0,0 to width,height. */
  readonly markup: string;
  /** From the drawing's coordinates (those of its INFO block) to the picture's pixels. */
  readonly transform: Matrix;
}

/** Picture pixels per PostScript point: a letter-size board comes out about 1000 pixels wide. */
const PIXELS_PER_POINT = 1.8;
/** The PNG holds this many pixels per picture pixel, so that the ground stays sharp when the picture is zoomed, printed, or turned. */
const DENSITY = 2;
/** Raised when the conversion changes, so that grounds kept by an older judge are made anew. */
const CONVERSION = 'dpjudge-ps-2';
const PROBE = 'DrawMap matrix currentmatrix matrix defaultmatrix matrix invertmatrix matrix concatmatrix == showpage\n';

function multiply(first: Matrix, then: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = then;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

function invert([a, b, c, d, e, f]: Matrix): Matrix {
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

export function applyMatrix([a, b, c, d, e, f]: Matrix, point: DrawingPoint): DrawingPoint {
  return { x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f };
}

const kept = new Map<string, ConvertedGround>();
let missingSaid = false;

/**
 * The ground of the drawing `path` (whose text is `text`), from the cache when it was converted
 * before. Null when Ghostscript is not installed (said once in the log). Throws DrawingReadError
 * when Ghostscript cannot draw it.
 */
export function convertedGround(path: string, text: string, file: string, paper: string, cacheFolder: string | null): ConvertedGround | null {
  const key = createHash('sha256').update(CONVERSION).update(paper).update(text).digest('hex').slice(0, 32);
  const known = kept.get(key) ?? (cacheFolder === null ? undefined : fromCache(cacheFolder, key));
  if (known !== undefined) {
    kept.set(key, known);
    return known;
  }
  // The page the drawing was made for: some drawings lay themselves out by its size.
  const page = [`-sPAPERSIZE=${paper}`, '-dFIXEDMEDIA'];
  const probe = ghostscript(['-sDEVICE=bbox', ...page, path, '-'], PROBE, file);
  if (probe === null) return null;
  const matrix = /\[([^\]]+)\]/.exec(probe.stdout.toString('latin1'))?.[1]?.trim().split(/\s+/).map(Number);
  // The bbox device measures to about a hundredth of a point past the marks: a tenth is what the drawings are written to.
  const box = /%%HiResBoundingBox:\s*([\d.\s-]+)/
    .exec(probe.stderr.toString('latin1'))?.[1]
    ?.trim()
    .split(/\s+/)
    .map((value) => Math.round(Number(value) * 10) / 10);
  if (matrix?.length !== 6 || !matrix.every(Number.isFinite) || box?.length !== 4)
    throw new DrawingReadError(file, 1, 'Ghostscript ran its DrawMap but drew nothing: not a DPjudge map drawing');
  const pageFromDrawing = matrix as unknown as Matrix;
  const drawingFromPage = invert(pageFromDrawing);
  const corners = [
    [box[0]!, box[1]!],
    [box[2]!, box[1]!],
    [box[0]!, box[3]!],
    [box[2]!, box[3]!],
  ].map(([x, y]) => applyMatrix(drawingFromPage, { x: x!, y: y! }));
  const left = Math.min(...corners.map((corner) => corner.x));
  const right = Math.max(...corners.map((corner) => corner.x));
  const bottom = Math.min(...corners.map((corner) => corner.y));
  const top = Math.max(...corners.map((corner) => corner.y));
  const scale = PIXELS_PER_POINT * Math.hypot(pageFromDrawing[0], pageFromDrawing[1]);
  // The drawing's y grows upwards, the picture's downwards.
  const transform: Matrix = [scale, 0, 0, -scale, -scale * left, scale * top];
  const width = Math.ceil(scale * (right - left) - 1e-6);
  const height = Math.ceil(scale * (top - bottom) - 1e-6);
  // The whole page, as the drawing lays itself out on it, turned and cut to the board by the picture.
  const perPoint = PIXELS_PER_POINT * DENSITY;
  const png = ghostscript(
    ['-sDEVICE=png16m', ...page, `-r${72 * perPoint}`, '-dGraphicsAlphaBits=4', '-dTextAlphaBits=4', '-sOutputFile=-', path, '-'],
    'DrawMap showpage\n',
    file,
  );
  if (png === null) return null;
  const [pixelsWide, pixelsHigh] = [png.stdout.readUInt32BE(16), png.stdout.readUInt32BE(20)];
  const pageFromPixel: Matrix = [1 / perPoint, 0, 0, -1 / perPoint, 0, pixelsHigh / perPoint];
  const placed = multiply(multiply(pageFromPixel, drawingFromPage), transform);
  const markup =
    `<svg x="0" y="0" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns:xlink="http://www.w3.org/1999/xlink">` +
    `<image width="${pixelsWide}" height="${pixelsHigh}" transform="matrix(${placed.map((value) => markupNumber(value, 6)).join(' ')})" ` +
    `xlink:href="data:image/png;base64,${png.stdout.toString('base64')}"/></svg>`;
  const ground: ConvertedGround = { width, height, markup, transform };
  kept.set(key, ground);
  if (cacheFolder !== null) toCache(cacheFolder, key, ground);
  return ground;
}

function ghostscript(args: readonly string[], input: string, file: string): { stdout: Buffer; stderr: Buffer } | null {
  const run = spawnSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', ...args], { input, maxBuffer: 64 * 1024 * 1024 });
  if (run.error !== undefined) {
    if ((run.error as NodeJS.ErrnoException).code !== 'ENOENT') throw new DrawingReadError(file, 1, `Ghostscript could not be run: ${run.error.message}`);
    if (!missingSaid)
      process.emitWarning('Ghostscript (gs) is not installed: maps with a DPjudge .ps drawing are drawn without it (apt-get install ghostscript)');
    missingSaid = true;
    return null;
  }
  const said = `${run.stdout.toString('latin1')}\n${run.stderr.toString('latin1')}`;
  if (run.status !== 0 || /^Error: /m.test(said)) {
    const error = /Error: .*/.exec(said)?.[0] ?? `it ended with exit code ${run.status}`;
    throw new DrawingReadError(file, 1, `Ghostscript could not draw it (${error}): not a DPjudge map drawing`);
  }
  return { stdout: run.stdout, stderr: run.stderr };
}

function fromCache(folder: string, key: string): ConvertedGround | undefined {
  try {
    return JSON.parse(readFileSync(join(folder, `${key}.json`), 'utf8')) as ConvertedGround;
  } catch {
    return undefined;
  }
}

/** Written under a temporary name and renamed, so that a judge reading it meanwhile never sees half a file. */
function toCache(folder: string, key: string, ground: ConvertedGround): void {
  try {
    mkdirSync(folder, { recursive: true });
    const temporary = join(folder, `${key}.${process.pid}.tmp`);
    writeFileSync(temporary, JSON.stringify(ground));
    renameSync(temporary, join(folder, `${key}.json`));
  } catch (error) {
    process.emitWarning(`the converted drawing could not be kept in ${folder}: ${(error as Error).message}`);
  }
}
