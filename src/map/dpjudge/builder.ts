import {
  DEFAULT_BEGIN,
  DEFAULT_FLOW,
  type Abut,
  type Diagnostic,
  type FlowStep,
  type Phase,
  type Rotation,
  type RuleSetting,
  type SourceRef,
  type Terrain,
  type UnitType,
} from '../model.js';
import { normalisePhaseType } from '../phase.js';
import { parseRotation } from '../rotation.js';
import { parseAbutToken, parseCenterToken, letterCase, isAbbreviation, type CenterToken } from './tokens.js';
import type { Statement } from './script.js';

/**
 * The mutable state a map script is applied to, one directive at a time, in the order DPjudge
 * applies them. `finish` in `finish.ts` turns it into the immutable MapData.
 */

export interface PlaceDraft {
  abbrev: string;
  name: string | null;
  aliases: { text: string; ambiguous: boolean }[];
  nameSource: SourceRef | null;
  terrain: Terrain | null;
  /** Written in lower-case on its terrain line: fleets may not stand here. */
  fleetBarred: boolean;
  abuts: Abut[];
  terrainSource: SourceRef | null;
}

export interface PowerDraft {
  name: string;
  ownWord: string | null;
  abbrev: string | null;
  homes: string[];
  factories: string[];
  partisans: string[];
  alternatives: { center: string; insteadOf: string[] }[];
  claimCredits: number;
  claimable: string[];
  hidden: string[];
  owns: string[] | null;
  units: { type: UnitType; location: string; source: SourceRef }[];
  reserves: number;
  militia: number;
  league: { name: string; mode: 'none' | 'strict' | 'benign'; protects: string[] } | null;
  dummy: boolean;
  control: string[];
  flag: string | null;
  /** INHABITS replaces the power line's homes the first time it is seen. */
  inhabitsSeen: boolean;
  source: SourceRef;
}

type DummySelection = { all: boolean; except: string[]; source: SourceRef };

/** One directive line of a map script, split into its keyword and what follows. */
interface Directive {
  /** The first word, in capitals. */
  readonly keyword: string;
  readonly args: string[];
  readonly source: SourceRef;
  readonly statement: Statement;
}

type DirectiveHandler = (builder: MapBuilder, directive: Directive) => void;

export class MapBuilder {
  readonly places = new Map<string, PlaceDraft>();
  readonly powers = new Map<string, PowerDraft>();
  readonly unowned: string[] = [];
  readonly diagnostics: Diagnostic[] = [];
  current: PowerDraft | null = null;
  victory: number[] = [];
  flow: FlowStep[] = [];
  begin: Phase = DEFAULT_BEGIN;
  rules: RuleSetting[] = [];
  newHomes: number[] = [];
  rotation: Rotation | null = null;
  flags: string[] | null = null;
  notify: string[] = [];
  textOnly = false;
  dummySelections: DummySelection[] = [];

  error(source: SourceRef, message: string): void {
    this.diagnostics.push({ ...source, severity: 'error', message });
  }

  warn(source: SourceRef, message: string): void {
    this.diagnostics.push({ ...source, severity: 'warning', message });
  }

  effectiveFlow(): FlowStep[] {
    return this.flow.length > 0 ? this.flow : DEFAULT_FLOW;
  }

  /**
   * The handler of each directive, by its first word in capitals; a line whose first word is none
   * of these is a power line.
   */
  private static readonly DIRECTIVES: ReadonlyMap<string, DirectiveHandler> = new Map([
    ...forEach(['COAST', 'LAND', 'WATER', 'PORT', 'SHUT', 'AMEND'], (builder, directive) =>
      builder.terrainLine(directive.keyword, directive.args, directive.source, directive.statement.scope.kind === 'always'),
    ),
    ['DROP', (builder, { args, source }) => builder.drop(args, source)],
    ['TEXTONLY', (builder) => builder.textOnlyLine()],
    ...forEach(['UNOWNED', 'NEUTRAL'], (builder, { args, source }) => builder.neutralLine(args, source)),
    ['CENTERS', (builder, { args, source }) => builder.centersLine(args, source)],
    ['OWNS', (builder, { keyword, args, source }) => builder.withPower(keyword, source, (power) => builder.ownsLine(power, args, source))],
    ...forEach(['HOME', 'HOMES'], (builder, { keyword, args, source }) =>
      builder.withPower(keyword, source, (power) => builder.homesLine(power, args, source)),
    ),
    ['INHABITS', (builder, { keyword, args, source }) => builder.withPower(keyword, source, (power) => builder.inhabitsLine(power, args, source))],
    ...forEach(['RESERVES', 'MILITIA'], (builder, { keyword, args, source }) =>
      builder.withPower(keyword, source, (power) => builder.countLine(power, keyword, args, source)),
    ),
    ['UNITS', (builder, { keyword, source }) => builder.withPower(keyword, source, clearUnits)],
    ...forEach(['A', 'F'], (builder, directive) => builder.unitOrPowerLine(directive)),
    ['VICTORY', (builder, { args, source }) => builder.victoryLine(args, source)],
    ['FLOW', (builder, { args, source }) => builder.flowLine(args, source)],
    ['BEGIN', (builder, { args, source }) => builder.beginLine(args, source)],
    ...forEach(['RULE', 'RULES'], (builder, { args, source }) => builder.rulesLine(args, source)),
    ...forEach(['DUMMY', 'DUMMIES'], (builder, { keyword, args, source }) => builder.dummyLine(keyword, args, source)),
    ['UNPLAYED', (builder, { args, source }) => builder.unplayedLine(args, source)],
    ['CONTROL', (builder, { keyword, args, source }) => builder.withPower(keyword, source, (power) => controlLine(power, args))],
    ['ROTATE', (builder, { args, source }) => builder.rotateLine(args, source)],
    ['NEWHOMES', (builder, { args, source }) => builder.newHomesLine(args, source)],
    ['LEAGUE', (builder, { keyword, args, source }) => builder.withPower(keyword, source, (power) => builder.leagueLine(power, args, source))],
    ['FLAGS', (builder, { args }) => builder.flagsLine(args)],
    ['FLAG', (builder, { keyword, args, source }) => builder.withPower(keyword, source, (power) => builder.flagLine(power, args, source))],
    ['NOTIFY', (builder, { args }) => builder.notifyLine(args)],
  ]);

  apply(statement: Statement): void {
    if (statement.text.includes('=')) return this.placeLine(statement);
    const [first, ...args] = statement.words;
    const keyword = first!.toUpperCase();
    const handler = MapBuilder.DIRECTIVES.get(keyword);
    if (handler) handler(this, { keyword, args, source: statement.source, statement });
    else this.powerLine(statement.words, statement.source);
  }

  private withPower(keyword: string, source: SourceRef, action: (power: PowerDraft) => void): void {
    if (!this.current) return this.error(source, `${keyword} needs a power line before it`);
    action(this.current);
  }

  private textOnlyLine(): void {
    this.textOnly = true;
  }

  private notifyLine(args: string[]): void {
    this.notify.push(...args);
  }

  private flagsLine(args: string[]): void {
    this.flags = args.map((name) => name.toLowerCase());
  }

  private flagLine(power: PowerDraft, args: string[], source: SourceRef): void {
    if (args.length !== 1) return this.error(source, 'FLAG needs one power name');
    power.flag = args[0]!.toUpperCase();
  }

  private rulesLine(args: string[], source: SourceRef): void {
    for (const word of args) {
      const on = !word.startsWith('!');
      this.rules.push({ rule: word.replace(/^!/, '').toUpperCase(), on, source });
    }
  }

  private newHomesLine(args: string[], source: SourceRef): void {
    for (const word of args) {
      if (!/^-?\d+$/.test(word)) return this.error(source, `NEWHOMES needs years, got '${word}'`);
      this.newHomes.push(Number(word));
    }
  }

  // ----- geography -----

  private placeLine(statement: Statement): void {
    const { text, source } = statement;
    const equals = text.indexOf('=');
    let left = text.slice(0, equals).trim();
    const right = text
      .slice(equals + 1)
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '');
    let renamedFrom: string | null = null;
    const arrow = left.indexOf('->');
    if (arrow >= 0) {
      renamedFrom = left.slice(0, arrow).trim().toUpperCase();
      left = left.slice(arrow + 2).trim();
    }
    if (left === '') return this.error(source, 'place line needs a name before =');
    if (right.length === 0) return this.error(source, `place '${left}' needs an abbreviation after =`);
    const abbrevWord = right[0]!;
    if (!isAbbreviation(abbrevWord)) return this.error(source, `bad abbreviation '${abbrevWord}' for '${left}'`);
    const abbrev = abbrevWord.toUpperCase();
    const aliases: PlaceDraft['aliases'] = [];
    for (const alias of right.slice(1)) {
      const ambiguous = alias.endsWith('?');
      if (ambiguous && alias.includes('+')) return this.error(source, `ambiguous alias '${alias}' may not contain '+'`);
      aliases.push({ text: alias.replace(/\?$/, '').replace(/\+/g, ' '), ambiguous });
    }
    if (renamedFrom !== null) {
      if (!this.places.has(renamedFrom)) return this.error(source, `rename of unknown place '${renamedFrom}'`);
      this.renamePlace(renamedFrom, abbrev, source);
    }
    const existing = this.places.get(abbrev);
    if (existing?.nameSource && renamedFrom === null && existing.nameSource.file === source.file)
      this.error(source, `place '${abbrev}' is already named at line ${existing.nameSource.line}`);
    const place = existing ?? this.newPlace(abbrev);
    place.name = left;
    place.aliases = aliases;
    place.nameSource = source;
  }

  private newPlace(abbrev: string): PlaceDraft {
    const place: PlaceDraft = {
      abbrev,
      name: null,
      aliases: [],
      nameSource: null,
      terrain: null,
      fleetBarred: false,
      abuts: [],
      terrainSource: null,
    };
    this.places.set(abbrev, place);
    return place;
  }

  /** Renaming re-points every reference: abuts, centers, homes and units. */
  private renamePlace(from: string, to: string, source: SourceRef): void {
    if (from === to) return;
    if (this.places.has(to)) return this.error(source, `cannot rename '${from}' to '${to}': '${to}' exists`);
    const place = this.places.get(from)!;
    const entries = [...this.places.entries()].map(([key, value]): [string, PlaceDraft] => (key === from ? [to, value] : [key, value]));
    this.places.clear();
    for (const [key, value] of entries) this.places.set(key, value);
    place.abbrev = to;
    const swap = (name: string): string => (name === from ? to : name);
    for (const other of this.places.values()) {
      for (const abut of other.abuts) {
        abut.to = swap(abut.to);
        abut.centers = abut.centers.map(swap);
      }
    }
    const swapList = (list: string[]): void => {
      for (let i = 0; i < list.length; i++) list[i] = swap(list[i]!);
    };
    swapList(this.unowned);
    for (const power of this.powers.values()) {
      for (const list of [power.homes, power.factories, power.partisans, power.claimable, power.hidden]) swapList(list);
      if (power.owns) swapList(power.owns);
      for (const alternative of power.alternatives) {
        alternative.center = swap(alternative.center);
        swapList(alternative.insteadOf);
      }
      for (const unit of power.units) unit.location = swap(unit.location);
    }
  }

  /** `permanent` is false inside IN/FROM blocks, whose whole point is to replace terrain. */
  private terrainLine(keyword: string, args: string[], source: SourceRef, permanent: boolean): void {
    if (args.length === 0) return this.error(source, `${keyword} needs an abbreviation`);
    const written = args[0]!;
    if (!isAbbreviation(written)) return this.error(source, `bad abbreviation '${written}'`);
    const abbrev = written.toUpperCase();
    let abutWords = args.slice(1);
    const givesAbuts = abutWords.length > 0;
    if (givesAbuts) {
      if (abutWords[0]!.toUpperCase() !== 'ABUTS') return this.error(source, `expected ABUTS after ${keyword} ${written}, got '${abutWords[0]}'`);
      abutWords = abutWords.slice(1);
    }
    const place = this.places.get(abbrev) ?? this.newPlace(abbrev);
    const fleetBarred = letterCase(written) === 'lower';
    if (keyword === 'AMEND') {
      if (place.terrain === null) return this.error(source, `AMEND of '${written}', which has no terrain yet`);
      place.fleetBarred = fleetBarred;
    } else {
      if (permanent && place.terrainSource && place.terrainSource.file === source.file)
        this.warn(source, `terrain of '${abbrev}' given again (line ${place.terrainSource.line} is replaced)`);
      place.terrain = keyword as Terrain;
      place.fleetBarred = fleetBarred;
      // A bare `WATER ARC` (as in `IN SPRING: WATER ARC`) changes the terrain and keeps the adjacencies.
      if (givesAbuts) place.abuts = [];
      place.terrainSource = source;
    }
    for (const word of abutWords) {
      const token = parseAbutToken(word);
      if (typeof token === 'string') {
        this.error(source, `${token} in ABUTS of ${abbrev}`);
        continue;
      }
      const index = place.abuts.findIndex((abut) => abut.to === token.to);
      if (token.removal) {
        if (keyword !== 'AMEND') this.error(source, `'-${token.to}' removes an adjacency only in AMEND`);
        else if (index < 0) this.warn(source, `AMEND ${abbrev} removes '${token.to}', which it does not abut`);
        else place.abuts.splice(index, 1);
        continue;
      }
      const abut: Abut = {
        to: token.to,
        fleets: token.letterCase !== 'lower',
        armies: token.letterCase !== 'capitalised',
        powers: token.powers,
        centers: token.centers,
        weak: token.weak,
        half: token.half,
      };
      if (index >= 0) {
        if (keyword !== 'AMEND') this.warn(source, `${abbrev} lists '${token.to}' twice`);
        place.abuts[index] = abut;
      } else place.abuts.push(abut);
    }
  }

  private drop(args: string[], source: SourceRef): void {
    if (args.length === 0) return this.error(source, 'DROP needs abbreviations');
    for (const word of args) {
      const abbrev = word.toUpperCase();
      const dropped = [...this.places.keys()].filter((key) => key === abbrev || key.startsWith(`${abbrev}/`));
      if (dropped.length === 0) {
        this.error(source, `DROP of unknown place '${word}'`);
        continue;
      }
      const gone = new Set(dropped);
      for (const key of dropped) this.places.delete(key);
      for (const place of this.places.values()) place.abuts = place.abuts.filter((abut) => !gone.has(abut.to));
      const keep = (name: string): boolean => !gone.has(name);
      removeWhere(this.unowned, (name) => !keep(name));
      for (const power of this.powers.values()) {
        for (const list of [power.homes, power.factories, power.partisans, power.claimable, power.hidden]) removeWhere(list, (name) => !keep(name));
        if (power.owns) removeWhere(power.owns, (name) => !keep(name));
        power.alternatives = power.alternatives.filter((alternative) => keep(alternative.center));
        power.units = power.units.filter((unit) => keep(unit.location));
      }
    }
  }

  // ----- politics -----

  /** UNOWNED and NEUTRAL end the power block: the centers after them belong to no one. */
  private neutralLine(args: string[], source: SourceRef): void {
    this.current = null;
    this.unownedLine(args, source);
  }

  /** CENTERS in a power block replaces the centers it owns; outside one, it lists unowned centers. */
  private centersLine(args: string[], source: SourceRef): void {
    if (!this.current) return this.unownedLine(args, source);
    this.current.owns = [];
    this.ownsLine(this.current, args, source);
  }

  /** HOME and HOMES replace the power line's home centers every time. */
  private homesLine(power: PowerDraft, args: string[], source: SourceRef): void {
    clearHomes(power);
    power.inhabitsSeen = true;
    this.addCenters(power, args, source);
  }

  private inhabitsLine(power: PowerDraft, args: string[], source: SourceRef): void {
    if (!power.inhabitsSeen) clearHomes(power);
    power.inhabitsSeen = true;
    this.addCenters(power, args, source);
  }

  /** RESERVES and MILITIA: a count, 1 when none is written. */
  private countLine(power: PowerDraft, keyword: string, args: string[], source: SourceRef): void {
    const count = args.length === 0 ? 1 : Number(args[0]);
    if (args.length > 1 || !Number.isInteger(count) || count < 0) return this.error(source, `${keyword} takes one optional count, got '${args.join(' ')}'`);
    if (keyword === 'RESERVES') power.reserves = count;
    else power.militia = count;
  }

  /** `A PAR` places a unit; any other line starting with A or F names a power (such as `F-1`). */
  private unitOrPowerLine({ keyword, args, source, statement }: Directive): void {
    if (args.length === 1 && isAbbreviation(args[0]!)) this.unitLine(keyword, args[0]!, source);
    else this.powerLine(statement.words, source);
  }

  private powerLine(words: string[], source: SourceRef): void {
    let rest = words;
    let renamedFrom: string | null = null;
    if (rest.length >= 3 && rest[1] === '->') {
      renamedFrom = rest[0]!.toUpperCase();
      rest = rest.slice(2);
    }
    const name = rest[0]!.toUpperCase();
    if (!/^[\p{L}\p{N}_+\-.']+$/u.test(name)) return this.error(source, `not a map directive or power name: '${rest[0]}'`);
    rest = rest.slice(1);
    let ownWord: string | null = null;
    let abbrev: string | null = null;
    if (rest.length > 0 && rest[0]!.startsWith('(')) {
      const closing = rest.findIndex((word) => word.endsWith(')'));
      if (closing < 0) return this.error(source, `unclosed '(' after power ${name}`);
      const inside = rest
        .slice(0, closing + 1)
        .join(' ')
        .slice(1, -1);
      rest = rest.slice(closing + 1);
      const colon = inside.indexOf(':');
      const ownText = colon < 0 ? inside : inside.slice(0, colon);
      ownWord = ownText.trim() === '' ? null : ownText.trim();
      if (colon >= 0) {
        const abbrevText = inside.slice(colon + 1).trim();
        if (abbrevText.length > 1) return this.error(source, `power abbreviation must be one character, got '${abbrevText}'`);
        abbrev = abbrevText === '' ? null : abbrevText.toUpperCase();
      }
    }
    let power: PowerDraft;
    if (renamedFrom !== null) {
      const old = this.powers.get(renamedFrom);
      if (!old) return this.error(source, `rename of unknown power '${renamedFrom}'`);
      if (renamedFrom !== name && this.powers.has(name)) return this.error(source, `power '${name}' already exists`);
      this.powers.delete(renamedFrom);
      old.name = name;
      this.powers.set(name, old);
      for (const other of this.powers.values()) other.control = other.control.map((n) => (n === renamedFrom ? name : n));
      power = old;
      if (ownWord === null) power.ownWord = null;
      if (abbrev === null) power.abbrev = null;
    } else {
      power = this.powers.get(name) ?? this.newPower(name, source);
    }
    if (ownWord !== null) power.ownWord = ownWord;
    if (abbrev !== null) power.abbrev = abbrev;
    this.current = power;
    this.addCenters(power, rest, source);
  }

  private newPower(name: string, source: SourceRef): PowerDraft {
    const power: PowerDraft = {
      name,
      ownWord: null,
      abbrev: null,
      homes: [],
      factories: [],
      partisans: [],
      alternatives: [],
      claimCredits: 0,
      claimable: [],
      hidden: [],
      owns: null,
      units: [],
      reserves: 0,
      militia: 0,
      league: null,
      dummy: false,
      control: [],
      flag: null,
      inhabitsSeen: false,
      source,
    };
    this.powers.set(name, power);
    return power;
  }

  private parseCenters(args: string[], source: SourceRef): CenterToken[] {
    const tokens: CenterToken[] = [];
    for (const word of args) {
      const token = parseCenterToken(word);
      if (typeof token === 'string') this.error(source, token);
      else tokens.push(token);
    }
    return tokens;
  }

  /** Adds the centers of a power line, INHABITS or HOMES line with their prefixes. */
  private addCenters(power: PowerDraft, args: string[], source: SourceRef): void {
    for (const token of this.parseCenters(args, source)) {
      const center = token.center;
      if (token.removal) {
        const wasHome = power.homes.includes(center);
        for (const list of [power.homes, power.factories, power.partisans, power.claimable, power.hidden]) removeWhere(list, (name) => name === center);
        power.alternatives = power.alternatives.filter((alternative) => alternative.center !== center);
        if (wasHome) addOnce(this.unowned, center);
        continue;
      }
      if (token.claimable && center === 'SC') {
        power.claimCredits++;
        continue;
      }
      if (token.hidden) addOnce(power.hidden, center);
      if (token.factory) addOnce(power.factories, center);
      else if (token.partisan) addOnce(power.partisans, center);
      else if (token.alternative) power.alternatives.push({ center, insteadOf: token.insteadOf });
      else if (token.claimable) addOnce(power.claimable, center);
      else addOnce(power.homes, center);
    }
  }

  private ownsLine(power: PowerDraft, args: string[], source: SourceRef): void {
    power.owns ??= [];
    for (const token of this.parseCenters(args, source)) {
      if (token.removal) removeWhere(power.owns, (name) => name === token.center);
      else addOnce(power.owns, token.center);
    }
  }

  private unownedLine(args: string[], source: SourceRef): void {
    for (const token of this.parseCenters(args, source)) {
      if (token.removal) removeWhere(this.unowned, (name) => name === token.center);
      else addOnce(this.unowned, token.center);
    }
  }

  private unitLine(type: string, location: string, source: SourceRef): void {
    if (!this.current) return this.error(source, `unit '${type} ${location}' needs a power line before it`);
    const abbrev = location.toUpperCase();
    const province = abbrev.split('/')[0]!;
    for (const power of this.powers.values()) power.units = power.units.filter((unit) => unit.location.split('/')[0] !== province);
    this.current.units.push({ type: type as UnitType, location: abbrev, source });
  }

  private selection(args: string[], source: SourceRef): { all: boolean; except: string[]; names: string[] } {
    // The `diplomacy` package's maps separate the names with commas.
    const upper = args
      .flatMap((word) => word.split(','))
      .filter((word) => word !== '')
      .map((word) => word.toUpperCase());
    if (upper[0] === 'ALL') {
      if (upper[1] === 'EXCEPT') {
        if (upper.length < 3) this.error(source, 'ALL EXCEPT needs power names');
        return { all: true, except: upper.slice(2), names: [] };
      }
      if (upper.length > 1) this.error(source, `expected EXCEPT after ALL, got '${args[1]}'`);
      return { all: true, except: [], names: [] };
    }
    return { all: false, except: [], names: upper };
  }

  private dummyLine(keyword: string, args: string[], source: SourceRef): void {
    const chosen = this.selection(args, source);
    if (chosen.all) {
      this.dummySelections.push({ all: true, except: chosen.except, source });
      return;
    }
    if (chosen.names.length === 0) {
      if (keyword === 'DUMMIES') return this.error(source, 'DUMMIES needs ALL or power names');
      return this.withPower(keyword, source, (power) => {
        power.dummy = true;
      });
    }
    for (const name of chosen.names) {
      const power = this.powers.get(name);
      if (power) power.dummy = true;
      else this.error(source, `${keyword} of unknown power '${name}'`);
    }
  }

  private unplayedLine(args: string[], source: SourceRef): void {
    const chosen = this.selection(args, source);
    let victims: PowerDraft[];
    if (chosen.all) victims = [...this.powers.values()].filter((power) => !chosen.except.includes(power.name));
    else if (chosen.names.length === 0) victims = this.current ? [this.current] : [];
    else {
      victims = [];
      for (const name of chosen.names) {
        const power = this.powers.get(name);
        if (power) victims.push(power);
        else this.error(source, `UNPLAYED names unknown power '${name}'`);
      }
    }
    if (victims.length === 0 && chosen.names.length === 0 && !chosen.all) return this.error(source, 'UNPLAYED needs a power line before it or power names');
    for (const power of victims) {
      for (const home of power.homes) addOnce(this.unowned, home);
      this.powers.delete(power.name);
      if (this.current === power) this.current = null;
    }
  }

  private rotateLine(args: string[], source: SourceRef): void {
    const rotation = parseRotation(args);
    if (typeof rotation === 'string') return this.error(source, rotation);
    this.rotation = rotation;
  }

  private leagueLine(power: PowerDraft, args: string[], source: SourceRef): void {
    if (args.length === 0) return this.error(source, 'LEAGUE needs a league name');
    const name = args[0]!.toUpperCase();
    const mode = args[1]?.toUpperCase();
    if (mode === undefined) power.league = { name, mode: 'none', protects: [] };
    else if (mode === 'STRICT' && args.length === 2) power.league = { name, mode: 'strict', protects: [] };
    else if (mode === 'BENIGN') {
      const listed = args.slice(2).map((word) => word.toUpperCase());
      power.league = { name, mode: 'benign', protects: listed.length > 0 ? listed : [name] };
    } else this.error(source, `LEAGUE ${name} takes STRICT or BENIGN [leagues], got '${args.slice(1).join(' ')}'`);
  }

  // ----- military -----

  private victoryLine(args: string[], source: SourceRef): void {
    if (args.length === 0) return this.error(source, 'VICTORY needs center counts');
    const counts = args.map(Number);
    if (counts.some((count) => !Number.isInteger(count) || count <= 0))
      return this.error(source, `VICTORY needs positive whole numbers, got '${args.join(' ')}'`);
    this.victory = counts;
  }

  private flowLine(args: string[], source: SourceRef): void {
    if (args.length === 0) {
      this.flow = [];
      return;
    }
    for (const word of args) {
      const colon = word.indexOf(':');
      const head = (colon < 0 ? word : word.slice(0, colon)).toUpperCase();
      const tail = colon < 0 ? '' : word.slice(colon + 1);
      if (head === 'NEWYEAR') {
        const by = tail === '' ? 1 : Number(tail);
        if (!Number.isInteger(by)) return this.error(source, `NEWYEAR needs a whole number, got '${tail}'`);
        this.flow.push({ kind: 'newyear', by });
      } else if (head === 'IFYEARDIV') {
        const match = /^(\d+)(?:=(\d+))?$/.exec(tail);
        if (!match || Number(match[1]) === 0) return this.error(source, `IFYEARDIV needs n or n=m, got '${tail}'`);
        this.flow.push({ kind: 'ifyeardiv', divisor: Number(match[1]), remainder: Number(match[2] ?? 0) });
      } else {
        if (colon < 0 || tail === '') return this.error(source, `FLOW needs season:phase[,phase...], got '${word}'`);
        for (const type of tail.split(',')) {
          if (type === '') return this.error(source, `empty phase type in '${word}'`);
          this.flow.push({ kind: 'phase', season: head, type: normalisePhaseType(type) });
        }
      }
    }
    this.checkFlowLetters(source);
  }

  /** DPjudge abbreviates phases by initial letters, so each type must start with its own letter. */
  private checkFlowLetters(source: SourceRef): void {
    const byLetter = new Map<string, string>();
    for (const step of this.flow) {
      if (step.kind !== 'phase') continue;
      const seen = byLetter.get(step.type[0]!);
      if (seen && seen !== step.type) return this.error(source, `phase types ${seen} and ${step.type} begin with the same letter`);
      byLetter.set(step.type[0]!, step.type);
    }
  }

  private beginLine(args: string[], source: SourceRef): void {
    if (args.length !== 3 || !/^-?\d+$/.test(args[1]!)) return this.error(source, `BEGIN needs 'season year phaseType', got '${args.join(' ')}'`);
    this.begin = { season: args[0]!.toUpperCase(), year: Number(args[1]), type: normalisePhaseType(args[2]!) };
  }
}

/** The same handler under each of several keywords (HOME and HOMES, RULE and RULES...). */
function forEach(keywords: readonly string[], handler: DirectiveHandler): [string, DirectiveHandler][] {
  return keywords.map((keyword) => [keyword, handler]);
}

function clearUnits(power: PowerDraft): void {
  power.units = [];
}

function controlLine(power: PowerDraft, args: string[]): void {
  power.control = args.map((name) => name.toUpperCase());
}

function clearHomes(power: PowerDraft): void {
  power.homes = [];
  power.factories = [];
  power.partisans = [];
  power.alternatives = [];
  power.claimable = [];
  power.hidden = [];
}

function addOnce(list: string[], item: string): void {
  if (!list.includes(item)) list.push(item);
}

function removeWhere(list: string[], drop: (item: string) => boolean): void {
  for (let i = list.length - 1; i >= 0; i--) if (drop(list[i]!)) list.splice(i, 1);
}
