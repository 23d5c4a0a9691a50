import type { GameMap } from '../../map/game-map.js';
import type { Position } from '../../engine/types.js';
import { startingBalance, type IncomeSettings } from '../../engine/payola/income.js';
import { initialAcceptance, readFunds } from '../../engine/payola/treasury.js';
import type { RulesInForce } from '../../rules/in-force.js';
import { MAP_POWER_ROLE, playedPhase, type GameStatus, type PowerStatus } from '../../status/model.js';

/**
 * A Payola game's treasuries and acceptance lists as its status file keeps them. A power without a
 * FUNDS line (a game just started, or a status file a judgekeeper wrote by hand) has the starting
 * treasury its centres and units give it: every reader of a treasury goes through `balanceOf`, so
 * the first phase, transfer or listing sees the same amount, and the first change writes it down.
 */

export function incomeSettings(game: GameStatus, map: GameMap, rules: RulesInForce, year: number): IncomeSettings {
  return {
    zeroSum: rules.has('ZEROSUM'),
    flatTax: rules.has('FLAT_TAX'),
    tax: game.taxes.find((tax) => tax.center === null)?.amount ?? null,
    centerTaxes: new Map(game.taxes.flatMap((tax) => (tax.center === null ? [] : [[tax.center, tax.amount] as const]))),
    cap: game.cap,
    mapPowers: map.powers.length,
    victoryCenters: map.victoryCenters(year),
    vassalDummies: rules.has('VASSAL_DUMMIES'),
  };
}

export function isDummy(power: PowerStatus): boolean {
  return power.player?.current === 'DUMMY';
}

/** The centres a power owns that count for income: build rights (`SC?`, `SC*`) left out. */
export function incomeCenters(map: GameMap, position: Position, power: string): string[] {
  return (position.powers.find((each) => each.name === power)?.centers ?? []).filter((center) => map.isCenter(center));
}

export function balanceOf(game: GameStatus, map: GameMap, position: Position, rules: RulesInForce, power: PowerStatus): number {
  const written = readFunds(power.funds).balance;
  if (written !== null) return written;
  const units = position.powers.find((each) => each.name === power.name)?.units.length ?? 0;
  const centers = incomeCenters(map, position, power.name);
  const year = playedPhase(game)?.year ?? 0;
  return startingBalance(incomeSettings(game, map, rules, year), { centers, bribeProfits: 0, dummy: isDummy(power), vassals: [] }, units);
}

/** A power's acceptance list: its ACCEPT line, or the one DPjudge gives a power that has none. */
export function acceptanceOf(map: GameMap, power: PowerStatus): string {
  return power.accept ?? initialAcceptance(letterOf(map, power.name) ?? '', isDummy(power));
}

export function letterOf(map: GameMap, power: string): string | null {
  return map.power(power)?.abbrev ?? null;
}

export function mapPowers(game: GameStatus): PowerStatus[] {
  return game.powers.filter((power) => power.role === MAP_POWER_ROLE);
}

/** Each power's controller (CONTROL), when it has one. */
export function controllers(game: GameStatus): Map<string, string> {
  return new Map(mapPowers(game).flatMap((power) => (power.control[0] === undefined ? [] : [[power.name, power.control[0]] as const])));
}

/** The powers a power controls: under RESTRICT_SIGNAL it gives their units SIGNAL_SUPPORT orders as its own. */
export function controlledBy(game: GameStatus, power: string): Set<string> {
  return new Set([...controllers(game)].filter(([, controller]) => controller === power).map(([controlled]) => controlled));
}

/** A Payola game's treasuries and acceptance lists, those `reads` lets a reader see (`ledger.ts`, `readsTreasury`), as LIST gives them. */
export function treasuryLines(game: GameStatus, map: GameMap, position: Position, rules: RulesInForce, reads: (power: string) => boolean): string[] {
  const shown = mapPowers(game).filter((power) => reads(power.name));
  if (shown.length === 0) return [];
  return [
    'Payola treasuries:',
    ...shown.map(
      (power) =>
        `  ${map.power(power.name)?.displayName ?? power.name}: ${balanceOf(game, map, position, rules, power)} AgP, acceptance list ${acceptanceOf(map, power)}`,
    ),
  ];
}

/**
 * A power's treasury and acceptance list as a reply on its orders (and the start mail) tells them,
 * so that a player knows what it may spend before writing an offer sheet (DPjudge shows both beside
 * the offers); under ONE_TRANSFER the powers it has sent funds to this phase too (its SENT lines).
 */
export function accountLines(game: GameStatus, map: GameMap, position: Position, rules: RulesInForce, power: PowerStatus): string[] {
  const named = (name: string) => map.power(name)?.displayName ?? name;
  const lines = [`Treasury of ${named(power.name)}: ${balanceOf(game, map, position, rules, power)} AgP; acceptance list ${acceptanceOf(map, power)}.`];
  if (rules.has('ONE_TRANSFER'))
    lines.push(`Funds sent this phase (ONE_TRANSFER: once a phase to each power): ${power.sent.length > 0 ? power.sent.map(named).join(', ') : 'none'}.`);
  return lines;
}

/** Every treasury as the game ends, for everyone: DPjudge opens every ledger once a game is over. */
export function finalTreasuryLines(game: GameStatus, map: GameMap, position: Position, rules: RulesInForce): string[] {
  const heading = 'FINAL TREASURY BALANCES';
  return [
    heading,
    '='.repeat(heading.length),
    ...[...mapPowers(game)]
      .sort((one, other) => one.name.localeCompare(other.name))
      .map((power) => `${power.name.padEnd(20)}${String(balanceOf(game, map, position, rules, power)).padStart(6)} AgP`),
  ];
}
