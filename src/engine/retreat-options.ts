import type { Board, BoardUnit } from './board.js';
import { moveAbut } from './reach.js';

/**
 * Where a dislodged unit may retreat: any location it could move to without a convoy, except
 * provinces occupied after the moves, left empty by a standoff, or the one its attacker came from
 * (unless the attacker came by convoy).
 */
export function retreatOptions(board: Board, unit: BoardUnit, closed: (province: number) => boolean, attackerFrom: number): string[] {
  const tables = board.tables;
  const options: string[] = [];
  for (const to of tables.neighbours[unit.location]!) {
    const province = tables.provinceOf[to]!;
    if (province === attackerFrom || province === unit.province || closed(province)) continue;
    if (moveAbut(board, unit.type, unit.location, to, unit.power)) options.push(tables.abbrev(to));
  }
  return options;
}
