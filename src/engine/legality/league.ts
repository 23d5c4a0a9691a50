import type { Board, BoardUnit } from '../board.js';
import { accept, refuse, type Verdict } from '../../common/verdict.js';

/**
 * LEAGUE restrictions on supports and convoys. STRICT: only units of the power's own league may be
 * aided. BENIGN: no aid to an outsider's move into a space held by a member of a protected league.
 */
export function leagueAllows(board: Board, power: number, target: BoardUnit, destination: number | null): Verdict<void> {
  const league = board.mapPower(power)?.league;
  if (!league || league.mode === 'none' || target.power === power) return accept(undefined);
  const targetLeague = board.mapPower(target.power)?.league?.name ?? null;
  const who = board.displayName(target.power);
  if (league.mode === 'strict') {
    if (targetLeague === league.name) return accept(undefined);
    return refuse(`${board.displayName(power)} may aid only units of the ${league.name} league, not ${who}`);
  }
  if (destination === null || (targetLeague !== null && league.protects.includes(targetLeague))) return accept(undefined);
  const occupant = board.unitAt(destination);
  const occupantLeague = occupant ? board.mapPower(occupant.power)?.league?.name : undefined;
  if (occupantLeague === undefined || !league.protects.includes(occupantLeague)) return accept(undefined);
  return refuse(`${board.displayName(power)} may not aid ${who} against the ${occupantLeague} league`);
}
