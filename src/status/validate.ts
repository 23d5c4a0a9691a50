import type { GameMap } from '../map/game-map.js';
import { splitLocation } from '../map/game-map.js';
import type { Diagnostic, Phase } from '../map/model.js';
import { parsePhaseAbbrev } from '../map/phase.js';
import type { RulesInForce } from '../rules/in-force.js';
import { isPowerNumber, MAP_POWER_ROLE, type GameStatus, type PowerStatus } from './model.js';
import { unknownPlacesInOrder } from './order-places.js';
import { GAME_OWNER, lineOfEntry } from './source.js';

export interface ValidationOptions {
  /** The game's map in its current phase; without it only the checks that need no map are made. */
  map?: GameMap;
  /** The rules in force in the game, computed by the caller: a unit may wait in a closed space under HIBERNATE. */
  rules?: RulesInForce;
  /** The name of the folder the file is in: the GAME line must give it. */
  folder?: string;
  /** The name diagnostics give the file when the model was not read from one. */
  file?: string;
  /** The game's rules variant as the main status file lists it (`standard`, `payola`...); unknown when not given. */
  variant?: string;
}

/** DPjudge's longest DELAY: a full day of twenty-minute checks. */
const LONGEST_DELAY = 72;
const BUILD_RIGHTS = new Set(['SC!', 'SC?', 'SC*']);

/**
 * Checks a game's model for what the reader cannot see line by line: values that contradict each
 * other, and (given the map) powers, places, centers and phases the map does not have. Each
 * problem names the line it comes from when the model was read from a file.
 */
export function validateStatus(game: GameStatus, options: ValidationOptions = {}): Diagnostic[] {
  return new StatusValidator(game, options).run();
}

class StatusValidator {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly file: string;

  constructor(
    private readonly game: GameStatus,
    private readonly options: ValidationOptions,
  ) {
    this.file = game.source?.file ?? options.file ?? 'status';
  }

  run(): Diagnostic[] {
    this.checkGameLines();
    this.checkPowerBlocks();
    this.checkOffersOutsidePayola();
    this.checkPositions();
    const map = this.options.map;
    if (map) {
      this.checkPhases(map);
      for (const power of this.game.powers) this.checkAgainstMap(power, map);
      this.checkPowerNames(map);
      this.checkPayolaLines(map);
    }
    return this.diagnostics.sort((a, b) => a.line - b.line);
  }

  private report(line: number, message: string, severity: Diagnostic['severity'] = 'error'): void {
    this.diagnostics.push({ file: this.file, line, severity, message });
  }

  /** The line of the n-th value of a kind in a block; the block's (or the file's) first line when unknown. */
  private lineOf(owner: PowerStatus | null, kind: string, position = 0): number {
    const key = owner === null ? GAME_OWNER : owner.line === null ? null : owner.line - 1;
    const line = key === null ? null : lineOfEntry(this.game.source, key, kind, position);
    return line ?? owner?.line ?? 1;
  }

  private checkGameLines(): void {
    const { game, options } = this;
    if (options.folder !== undefined && game.name !== null && game.name !== options.folder)
      this.report(this.lineOf(null, 'GAME'), `GAME names '${game.name}', but the game's folder is '${options.folder}'`);
    if (game.phase === null) this.report(1, 'the file has no PHASE line (FORMING, COMPLETED or season year type)');
    if (game.zone !== null && !isTimeZone(game.zone))
      this.report(this.lineOf(null, 'ZONE'), `ZONE '${game.zone}' is not a time zone this system knows (e.g. Europe/Paris)`);
    if (game.delay !== null && game.delay > LONGEST_DELAY)
      this.report(this.lineOf(null, 'DELAY'), `DELAY ${game.delay} is more than a day of checks (${LONGEST_DELAY})`, 'warning');
  }

  private checkPowerBlocks(): void {
    const seen = new Map<string, PowerStatus>();
    const forming = this.game.phase?.phase === 'FORMING';
    for (const power of this.game.powers) {
      const key = `${power.role.toUpperCase()} ${power.name.toUpperCase()}`;
      const earlier = seen.get(key);
      if (earlier) this.report(this.lineOf(power, 'header'), `${power.name} has a second block (the first starts on line ${earlier.line ?? '?'})`);
      seen.set(key, power);
      if (power.password !== null && power.control.length > 0)
        this.report(this.lineOf(power, 'CONTROL'), `${power.name} has both a PASSWORD and a CONTROL; a controlled power has no password of its own`);
      if (isPowerNumber(power.name) && !forming)
        this.report(this.lineOf(power, 'header'), `${power.name} is a place-holder for a forming game, but the game is not forming`);
      const mapPower = power.role.toUpperCase() === MAP_POWER_ROLE;
      if (!mapPower && (power.units.length > 0 || power.owns.length > 0))
        this.report(
          this.lineOf(power, power.units.length > 0 ? 'unit' : 'OWNS'),
          `${power.role} ${power.name} is not a map power and cannot hold units or centers`,
        );
    }
  }

  /** Two units in one province (but an nJudge high sea, which takes any number of fleets), or one center owned twice. */
  private checkPositions(): void {
    const highSeas = new Set(this.options.map?.data.extras.highSeas);
    const standing = new Map<string, string>();
    const dislodged = new Map<string, string>();
    const owners = new Map<string, string>();
    for (const power of this.game.powers) {
      power.units.forEach((unit, index) => {
        const province = splitLocation(unit.location).province;
        const taken = unit.retreats === null ? standing : dislodged;
        if (taken === standing && highSeas.has(province)) return;
        const other = taken.get(province);
        if (other) this.report(this.lineOf(power, 'unit', index), `${unit.type} ${unit.location}: ${other} already has a unit in ${province}`);
        taken.set(province, power.name);
      });
      for (const center of power.owns) {
        if (BUILD_RIGHTS.has(center)) continue;
        const other = owners.get(center);
        if (other) this.report(this.lineOf(power, 'OWNS'), `OWNS ${center}: ${other === power.name ? 'listed twice' : `${other} owns it too`}`);
        owners.set(center, power.name);
      }
    }
  }

  private checkPhases(map: GameMap): void {
    const phaseLine = this.game.phase;
    if (phaseLine && typeof phaseLine.phase !== 'string' && phaseLine.mode !== 'WAIT' && !inFlow(map, phaseLine.phase))
      this.report(
        this.lineOf(null, 'PHASE'),
        `${phaseLine.phase.season} ${phaseLine.phase.type} is not in the FLOW of map ${map.name}; a phase the map does not know is written WAIT`,
      );
    const result = this.game.result;
    if (result && !parsePhaseAbbrev(result.phase, map.data.flow))
      this.report(this.lineOf(null, 'RESULT'), `RESULT phase ${result.phase} is not a phase of map ${map.name}`);
    for (const power of this.game.powers)
      for (const { until } of power.player?.earlier ?? [])
        if (!parsePhaseAbbrev(until, map.data.flow))
          this.report(this.lineOf(power, 'PLAYER'), `PLAYER history phase ${until} is not a phase of map ${map.name}`);
  }

  /** A TAX line's centre, and the letters of each ACCEPT line, must be the map's. */
  /**
   * A power-block line that names a unit and more, with no ORDERS line above it, reads as a Payola
   * bribe (`A PAR - BUR` is DPjudge's `0 : A PAR - BUR`); in a game of another variant it would be
   * kept and never played, so it is flagged rather than accepted.
   */
  private checkOffersOutsidePayola(): void {
    const { variant } = this.options;
    if (variant === undefined || variant === 'payola') return;
    for (const power of this.game.powers)
      power.offers.forEach((offer, index) =>
        this.report(this.lineOf(power, 'offer', index), `'${offer}' reads as a Payola bribe, and this is a ${variant} game: orders go after an ORDERS line`),
      );
  }

  private checkPayolaLines(map: GameMap): void {
    this.game.taxes.forEach((tax, index) => {
      if (tax.center !== null && !map.isCenter(tax.center))
        this.report(this.lineOf(null, 'TAX', index), `TAX ${tax.center}: not a supply center of map ${map.name}`);
    });
    const letters = new Set(map.powers.map((power) => power.abbrev));
    for (const power of this.game.powers) {
      const stranger = [...(power.accept ?? '')].find((letter) => letter !== '?' && !letters.has(letter));
      if (stranger !== undefined) this.report(this.lineOf(power, 'ACCEPT'), `ACCEPT ${power.accept}: ${stranger} is no power's initial on map ${map.name}`);
    }
  }

  private checkAgainstMap(power: PowerStatus, map: GameMap): void {
    const name = map.name;
    // A unit whose space closed under it waits there under HIBERNATE.
    const hibernating = this.options.rules?.has('HIBERNATE') ?? false;
    if (power.role.toUpperCase() === MAP_POWER_ROLE && !isPowerNumber(power.name) && !map.power(power.name))
      this.report(this.lineOf(power, 'header'), `${power.name} is not a power of map ${name}`);
    power.units.forEach((unit, index) => {
      const line = this.lineOf(power, 'unit', index);
      if (!map.location(unit.location)) this.report(line, `${unit.type} ${unit.location}: ${unit.location} is not a place on map ${name}`);
      else if (!map.mayOccupy(unit.type, unit.location) && !(hibernating && map.mayHibernate(unit.type, unit.location)))
        this.report(line, `${unit.type} ${unit.location}: ${unit.type === 'A' ? 'an army' : 'a fleet'} cannot stand in ${unit.location}`);
      for (const place of unit.retreats ?? [])
        if (!map.location(place)) this.report(line, `${unit.type} ${unit.location}: the retreat ${place} is not a place on map ${name}`);
    });
    power.phaseOrders.forEach((order, index) => {
      const places = order.kind === 'waive' ? [] : order.kind === 'retreat' ? [order.unit.location, order.to] : [order.unit.location];
      const keyword = order.kind.toUpperCase();
      for (const place of places)
        if (!map.location(place)) this.report(this.lineOf(power, 'phase-order', index), `${keyword} names ${place}, which is not a place on map ${name}`);
    });
    const firstPhase = this.isFirstPhase(map.data.begin);
    for (const [kind, centers] of [
      ['OWNS', power.owns],
      ['HOME', power.homes ?? []],
      ['SEES', power.sees],
    ] as const)
      for (const center of centers) {
        if (kind === 'OWNS' && BUILD_RIGHTS.has(center)) {
          if (!firstPhase) this.report(this.lineOf(power, kind), `OWNS ${center} is a build right of the first phase only`);
        } else if (!map.isCenter(center)) this.report(this.lineOf(power, kind), `${kind} ${center}: not a supply center of map ${name}`);
      }
    for (const kind of ['orders', 'sooner', 'later'] as const)
      power[kind].forEach((order, index) => {
        const unknown = unknownPlacesInOrder(order, map);
        if (unknown.length > 0)
          this.report(
            this.lineOf(power, kind, index),
            `the order '${order}' names ${unknown.map((word) => `'${word}'`).join(', ')}, not places on map ${name}`,
            'warning',
          );
      });
  }

  /** Names in CONTROL, TEAMS, PROPOSAL, RESULT and NEED must be powers of the map or of the game. */
  private checkPowerNames(map: GameMap): void {
    const known = new Set([...map.powers.map((power) => power.name), ...this.game.powers.map((power) => power.name.toUpperCase())]);
    const check = (line: number, what: string, names: readonly string[]) => {
      for (const name of names) if (!known.has(name.toUpperCase())) this.report(line, `${what} names ${name}, which is not a power of this game`);
    };
    for (const power of this.game.powers) check(this.lineOf(power, 'CONTROL'), 'CONTROL', power.control);
    this.game.teams.forEach((line, index) => check(this.lineOf(null, 'TEAMS', index), 'TEAMS', line.flat()));
    if (this.game.proposal) check(this.lineOf(null, 'PROPOSAL'), 'PROPOSAL', [this.game.proposal.proposer]);
    if (this.game.result) check(this.lineOf(null, 'RESULT'), 'RESULT', this.game.result.victors);
    check(
      this.lineOf(null, 'NEED'),
      'NEED',
      this.game.need.map((entry) => entry.power),
    );
  }

  private isFirstPhase(begin: Phase): boolean {
    const current = this.game.phase?.phase;
    if (current === undefined || current === 'FORMING') return true;
    return typeof current !== 'string' && current.season === begin.season && current.year === begin.year && current.type === begin.type;
  }
}

function inFlow(map: GameMap, phase: Phase): boolean {
  return map.data.flow.some((step) => step.kind === 'phase' && step.season === phase.season && step.type === phase.type);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
