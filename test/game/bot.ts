import type { GameMap } from '../../src/map/game-map.js';
import type { Phase } from '../../src/map/model.js';
import type { Position } from '../../src/engine/types.js';

/**
 * A seeded, simple-minded player for whole-game tests: it moves units at random to places they
 * can reach, supports a neighbour now and then, retreats where it may, and builds in open homes.
 * Its orders are plain text, written the way players write them, and go through the order parser.
 */
export class Bot {
  constructor(private readonly random: () => number) {}

  private pick<T>(items: readonly T[]): T | undefined {
    return items.length === 0 ? undefined : items[Math.floor(this.random() * items.length)];
  }

  /** `immobile`: the power is a dummy under IMMOBILE_DUMMIES, whose units only hold. */
  orders(map: GameMap, phase: Phase, position: Position, power: string, adjustment: number, options: { immobile?: boolean } = {}): string[] {
    const state = position.powers.find((candidate) => candidate.name === power)!;
    if (phase.type === 'MOVEMENT') {
      // A unit its space no longer suits (HIBERNATE) may only hold, as may an immobile dummy's.
      const holding = state.units.filter((unit) => options.immobile || !map.mayOccupy(unit.type, unit.location));
      const moving = state.units.filter((unit) => !holding.includes(unit));
      return [...holding.map((unit) => `${unit.type} ${unit.location} H`), ...this.movement(map, moving, power)];
    }
    if (phase.type === 'RETREATS')
      return state.retreating.map((unit) => {
        const to = this.pick(unit.retreats);
        return to && this.random() < 0.8 ? `${unit.type} ${unit.location} R ${to}` : `${unit.type} ${unit.location} DISBAND`;
      });
    if (adjustment < 0) return state.units.slice(0, -adjustment).map((unit) => `REMOVE ${unit.type} ${unit.location}`);
    const occupied = new Set(position.powers.flatMap((other) => other.units.map((unit) => unit.location.split('/')[0])));
    // An `SC!` or `SC?` start builds in any vacant home, owned or not.
    const anyHome = state.centers.some((center) => center === 'SC!' || center === 'SC?');
    const open = state.homes.filter((home) => (anyHome || state.centers.includes(home)) && !occupied.has(home));
    return open.slice(0, adjustment).map((home) => {
      const coastal = map.mayOccupy('F', home) && this.random() < 0.4;
      return `BUILD ${coastal ? 'F' : 'A'} ${home}`;
    });
  }

  private movement(map: GameMap, units: readonly { type: 'A' | 'F'; location: string }[], power: string): string[] {
    const mover = { power: map.power(power)!.abbrev };
    const lines: string[] = [];
    const planned: { unit: string; to: string }[] = [];
    for (const unit of units) {
      const here = map.location(unit.location)?.province;
      // Some maps list a province among its own neighbours; nobody moves to where they stand.
      const targets = map.locations.filter((location) => location.province !== here && map.canMove(unit.type, unit.location, location.abbrev, mover));
      const roll = this.random();
      const friend = planned.find((move) => map.canSupportInto(unit.type, unit.location, move.to.split('/')[0]!, mover));
      if (friend && roll < 0.3) {
        lines.push(`${unit.type} ${unit.location} S ${friend.unit} - ${friend.to.split('/')[0]}`);
        continue;
      }
      const ride = unit.type === 'A' && roll >= 0.85 ? this.ride(map, here ?? '', mover.power) : undefined;
      if (ride) {
        lines.push(`A ${unit.location} - ${ride}`);
        continue;
      }
      const target = roll < 0.85 ? this.pick(targets) : undefined;
      if (!target) {
        lines.push(`${unit.type} ${unit.location} H`);
        continue;
      }
      planned.push({ unit: `${unit.type} ${unit.location}`, to: target.abbrev });
      lines.push(`${unit.type} ${unit.location} - ${target.abbrev}`);
    }
    return [...lines, ...this.gatewayOrders(map, units, planned)];
  }

  /** An nJudge railway ride from the province, as `TSR - IRK`, when the power may ride one from there. */
  private ride(map: GameMap, province: string, power: string): string | undefined {
    const railway = map.data.extras.railways.find((candidate) => candidate.powers.includes(power) && candidate.route.includes(province));
    const to = railway ? this.pick(railway.route.filter((stop) => stop !== province)) : undefined;
    return to ? `${railway!.province} - ${to}` : undefined;
  }

  /** The gateways the power holds (a unit in the controlling province) let its own planned moves through. */
  private gatewayOrders(map: GameMap, units: readonly { location: string }[], planned: readonly { unit: string; to: string }[]): string[] {
    const held = map.data.extras.gateways.filter((gateway) => units.some((unit) => map.location(unit.location)?.province === gateway.controller));
    return held.flatMap((gateway) => {
      const ends = [gateway.from, gateway.to];
      const crossing = planned.find((move) => {
        const from = map.location(move.unit.slice(2))?.province ?? '';
        return from !== map.location(move.to)?.province && ends.includes(from) && ends.includes(map.location(move.to)?.province ?? '');
      });
      return crossing ? [`${gateway.gateway} S ${crossing.unit} - ${crossing.to}`] : [];
    });
  }
}
