import { isAbsolute, relative } from 'node:path';

/** Paths in messages: relative to the working folder when inside it (`games/alpha/status`), else as given. */
export function displayPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}
