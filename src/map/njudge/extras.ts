import type { Location, MapExtras, Power } from '../model.js';
import type { AreaIndex } from './area-index.js';
import { isWaterType } from './area-line.js';
import { isCenterType } from './centers.js';
import type { DiagnosticSink } from './diagnostics.js';
import type { Geography } from './geography.js';
import type { GatewayLine, HongKongLine, MapFile, RailwayLine } from './syntax.js';

/**
 * What the standard model has no place for: Hong Kong provinces, gateways, railways, and the
 * arctic (`v`) and high-sea (`h`) waters. Each entry is checked the way the how-to requires.
 */
class ExtrasBuilder {
  private readonly locations = new Map<string, Location>();

  constructor(
    private readonly map: MapFile,
    private readonly index: AreaIndex,
    private readonly geography: Geography,
    private readonly powers: readonly Power[],
    private readonly sink: DiagnosticSink,
  ) {
    for (const location of geography.locations) this.locations.set(location.abbrev, location);
  }

  run(): MapExtras {
    const specialCenters: MapExtras['specialCenters'] = [];
    for (const line of this.map.hongKong) this.hongKong(line, specialCenters);
    return {
      gateways: this.map.gateways.flatMap((line) => this.gateway(line)),
      railways: this.map.railways.flatMap((line) => this.railway(line)),
      specialCenters,
      arcticWaters: this.areasOfType('v'),
      highSeas: this.areasOfType('h'),
    };
  }

  /** The provinces of the areas of a type. */
  private areasOfType(type: string): string[] {
    return this.map.areas.flatMap((area, index) => (area.type === type ? [this.geography.provinceOf[index]!] : []));
  }

  /** The area a name in an option block means, or undefined after an error naming the block. */
  private area(name: string, line: number, where: string): number | undefined {
    const area = this.index.find(name);
    if (area === undefined) this.sink.error(this.map.file, line, `unknown province '${name}' in ${where}`);
    return area;
  }

  private knownPowers(letters: string[], line: number, where: string): boolean {
    const unknown = letters.filter((letter) => !this.powers.some((power) => power.abbrev === letter));
    for (const letter of unknown) this.sink.error(this.map.file, line, `unknown power letter '${letter}' in ${where}`);
    return unknown.length === 0;
  }

  private hongKong(line: HongKongLine, into: MapExtras['specialCenters']): void {
    if (!this.knownPowers(line.powers, line.line, 'the HongKong settings')) return;
    for (const entry of line.provinces) {
      const area = this.area(entry.name, entry.line, 'the HongKong settings');
      if (area === undefined) continue;
      if (!isCenterType(this.map.areas[area]!.type))
        this.sink.warn(this.map.file, entry.line, `HongKong province ${this.map.areas[area]!.name} is not a supply center, so the setting changes nothing`);
      const province = this.geography.provinceOf[area]!;
      const existing = into.find((special) => special.province === province);
      const powers = [...new Set([...(existing?.powers ?? []), ...line.powers])];
      const names = powers.map((letter) => this.powers.find((power) => power.abbrev === letter)!.displayName);
      const note = `not counted for builds by ${names.join(', ')}`;
      if (existing) Object.assign(existing, { powers, note });
      else into.push({ province, note, powers });
    }
  }

  private adjacent(a: string, b: string): boolean {
    const touches = (from: string, to: string): boolean =>
      this.geography.locations.some((location) => location.province === from && location.abuts.some((abut) => this.locations.get(abut.to)!.province === to));
    return touches(a, b) && touches(b, a);
  }

  private gateway(line: GatewayLine): MapExtras['gateways'] {
    const where = `gateway ${line.gateway}`;
    const gateway = this.area(line.gateway, line.line, 'the gateway settings');
    const controller = this.area(line.controller, line.line, where);
    const pair = line.provinces.map((name) => this.area(name, line.line, where));
    if (gateway === undefined || controller === undefined || pair.includes(undefined)) return [];
    if (this.map.areas[gateway]!.type !== 'g') {
      this.sink.error(this.map.file, line.line, `${this.map.areas[gateway]!.name} is not a gateway area (type g), so it cannot be a gateway`);
      return [];
    }
    if (pair.length !== 2) {
      this.sink.error(this.map.file, line.line, `${where} must name its controlling province and then exactly two provinces, not ${pair.length}`);
      return [];
    }
    const [from, to] = pair.map((area) => this.geography.provinceOf[area!]!) as [string, string];
    if (!this.adjacent(from, to)) {
      this.sink.error(this.map.file, line.line, `${where} joins ${from} and ${to}, which cannot move to each other`);
      return [];
    }
    return [{ gateway: this.geography.provinceOf[gateway]!, controller: this.geography.provinceOf[controller]!, from, to }];
  }

  private railway(line: RailwayLine): MapExtras['railways'] {
    const where = `railway ${line.railway}`;
    const railway = this.area(line.railway, line.line, 'the railway settings');
    const stops = line.route.map((name) => this.area(name, line.line, where));
    if (railway === undefined || stops.includes(undefined) || !this.knownPowers(line.powers, line.line, where)) return [];
    const fail = (message: string): [] => {
      this.sink.error(this.map.file, line.line, `${where}: ${message}`);
      return [];
    };
    if (this.map.areas[railway]!.type !== 'r') return fail(`${this.map.areas[railway]!.name} is not a railway area (type r)`);
    if (stops.length < 2) return fail('a railway needs at least two provinces');
    const route = stops.map((area) => this.geography.provinceOf[area!]!);
    for (const [position, area] of stops.entries()) {
      if (isWaterType(this.map.areas[area!]!.type)) return fail(`${this.map.areas[area!]!.name} is water`);
      if (route.indexOf(route[position]!) !== position) return fail(`it passes ${route[position]} twice; a railway cannot be circular`);
      if (position === 0) continue;
      const abut = this.locations.get(route[position - 1]!)!.abuts.find((candidate) => candidate.to === route[position]);
      if (!abut?.armies) return fail(`${route[position - 1]} and ${route[position]} are next to each other on it but armies cannot move between them`);
    }
    return [{ province: this.geography.provinceOf[railway]!, powers: line.powers, route }];
  }
}

/** The map's nJudge extras. */
export function buildExtras(map: MapFile, index: AreaIndex, geography: Geography, powers: readonly Power[], sink: DiagnosticSink): MapExtras {
  return new ExtrasBuilder(map, index, geography, powers, sink).run();
}
