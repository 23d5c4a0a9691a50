import type { GameMap, Mover } from '../../map/game-map.js';
import { findPower, MAP_POWER_ROLE, playedPhase, type GameStatus, type PowerStatus, type StatusUnit } from '../../status/model.js';
import type { Press, PowerList } from '../language/types.js';
import { displayName } from '../context/context.js';
import type { RulesInForce } from '../../rules/in-force.js';

/**
 * Whether a game's press rules let a message go, and as what: who truly gets it, who it claims to
 * come from and to go to. Pure; the refusal names the rule that refused. The Master is bound by
 * none of the rules.
 */

export type Party = { readonly kind: 'master' } | { readonly kind: 'power'; readonly power: PowerStatus };

export interface PressPlan {
  readonly broadcast: boolean;
  /** Who truly receives it, the sender left out. */
  readonly recipients: readonly Party[];
  /** The sender shown to recipients; null: anonymous (grey). */
  readonly shownFrom: Party | null;
  /** The recipients shown; null: everyone (a broadcast, or FAKE BROADCAST). */
  readonly shownTo: readonly Party[] | null;
  /** EAVESDROP: the Master silently gets a copy of private press. */
  readonly masterListens: boolean;
}

export interface PressRequest {
  readonly game: GameStatus;
  readonly map: GameMap;
  readonly rules: RulesInForce;
  readonly sender: Party;
  readonly press: Press;
  /** The sender has orders on file (or in this mail) for the phase: MUST_ORDER asks for them. */
  readonly hasOrders: boolean;
  /** The phase's deadline has passed: FTF_PRESS then allows press to the Master only. */
  readonly deadlinePassed: boolean;
  /** Powers that owe orders for the phase and have none: once the deadline has passed, LATE_SEND and NO_LATE_RECEIVE look at them. */
  readonly late: ReadonlySet<string>;
}

export type PressVerdict = { readonly ok: true; readonly plan: PressPlan } | { readonly ok: false; readonly reason: string };

const MASTER: Party = { kind: 'master' };

function refuse(reason: string): PressVerdict {
  return { ok: false, reason };
}

function sameParty(a: Party, b: Party): boolean {
  return a.kind === 'master' ? b.kind === 'master' : b.kind === 'power' && a.power.name === b.power.name;
}

/** One item of a list: a full name, `M`/`MASTER`, or initials and digits run together (`FRA`, `124M`). */
function partiesOf(item: string, game: GameStatus, map: GameMap): Party[] | string {
  if (item === 'MASTER' || item === 'M') return [MASTER];
  const named = findPower(game, item) ?? findPower(game, map.power(item)?.name ?? '');
  if (named) return [{ kind: 'power', power: named }];
  const parties: Party[] = [];
  for (const character of item) {
    if (character === 'M') parties.push(MASTER);
    else {
      const name = /\d/.test(character) ? `POWER#${character}` : (map.powerWithAbbrev(character)?.name ?? '');
      const power = findPower(game, name);
      if (!power) return `${item} is not a power or player in game '${game.name}'`;
      parties.push({ kind: 'power', power });
    }
  }
  return parties;
}

function resolveList(list: PowerList, game: GameStatus, map: GameMap): Party[] | string {
  const parties: Party[] = [];
  for (const item of list) {
    const found = partiesOf(item, game, map);
    if (typeof found === 'string') return found;
    for (const party of found) if (!parties.some((known) => sameParty(known, party))) parties.push(party);
  }
  return parties;
}

/** Everyone a broadcast reaches: players and observers with an address (not MONITORs, who get results only), and the Master. */
function everyone(game: GameStatus, rules: RulesInForce): Party[] {
  const powers: Party[] = game.powers.filter((power) => power.role !== 'MONITOR').map((power) => ({ kind: 'power', power }));
  return rules.has('PRESS_MASTER') ? powers : [...powers, MASTER];
}

function onlyMaster(parties: readonly Party[]): boolean {
  return parties.length > 0 && parties.every((party) => party.kind === 'master');
}

/** PUBLIC_PRESS under the name the game gave it (NO_PARTIAL is the same rule). */
function publicPressRule(rules: RulesInForce): string | null {
  return rules.first('NO_PARTIAL', 'PUBLIC_PRESS') ?? null;
}

/** The rule that makes private press depend on where the units stand. REMOTE_PRESS wins: DPjudge derives it from TOUCH_PRESS's list. */
function boardRule(rules: RulesInForce): 'TOUCH_PRESS' | 'REMOTE_PRESS' | null {
  return rules.first('REMOTE_PRESS', 'TOUCH_PRESS') ?? null;
}

function powersAmong(parties: readonly Party[]): PowerStatus[] {
  return parties.flatMap((party) => (party.kind === 'power' ? [party.power] : []));
}

function namesOf(map: GameMap, powers: readonly PowerStatus[]): string {
  return powers.map((power) => displayName(map, power.name)).join(', ');
}

/** The game's own press rules, those that do not look at the recipients. */
function pressRuleRefusal(request: PressRequest, power: PowerStatus): string | null {
  const { rules, press } = request;
  if (rules.has('NO_PRESS')) return 'the game has NO_PRESS: press may go to the Master only';
  const observer = power.role !== MAP_POWER_ROLE;
  if (observer && rules.has('MUTE_OBSERVERS')) return 'the game has MUTE_OBSERVERS: observers may write to the Master only';
  if (rules.has('BACKSEAT_PRESS')) {
    if (!observer) return 'the game has BACKSEAT_PRESS: powers on the map may write to the Master only';
    if (!press.broadcast) return 'the game has BACKSEAT_PRESS: players without a power may only BROADCAST';
  }
  const publicRule = publicPressRule(rules);
  // Beside TOUCH_PRESS or REMOTE_PRESS, PUBLIC_PRESS adds broadcasts rather than taking private press away.
  if (!press.broadcast && publicRule !== null && boardRule(rules) === null) return `the game has ${publicRule}: only BROADCAST and PRESS TO MASTER are allowed`;
  const phase = playedPhase(request.game);
  if (rules.has('FTF_PRESS') && phase) {
    if (phase.type !== 'MOVEMENT') return 'the game has FTF_PRESS: press other than to the Master only in movement phases';
    if (request.deadlinePassed) return 'the game has FTF_PRESS: once the deadline has passed, press goes to the Master only';
  }
  if (rules.has('MUST_ORDER') && !observer && !request.hasOrders) return 'the game has MUST_ORDER: enter orders for this phase before sending press';
  return null;
}

/** DPjudge's default: once the deadline has passed, a power still owing orders keeps to public press, unless the game has LATE_SEND. */
function lateSenderRefusal(request: PressRequest, power: PowerStatus): string | null {
  const { rules, press } = request;
  if (!request.deadlinePassed || rules.has('LATE_SEND') || !request.late.has(power.name)) return null;
  const board = boardRule(rules);
  // There a broadcast needs PUBLIC_PRESS too, so without it a late power has no public press to fall back on.
  if (board !== null && publicPressRule(rules) === null)
    return `the game has ${board} and no LATE_SEND: you are late with orders and the deadline has passed, so you may write to the Master only`;
  if (press.broadcast) return null;
  return 'the game has no LATE_SEND: you are late with orders and the deadline has passed, so only BROADCAST and PRESS TO MASTER are allowed';
}

/** Broadcasts still reach late powers: Rules.txt and DPjudge keep only private press from them. */
function lateRecipientRefusal(request: PressRequest, recipients: readonly Party[]): string | null {
  const { rules, press } = request;
  if (!request.deadlinePassed || !rules.has('NO_LATE_RECEIVE') || press.broadcast) return null;
  const late = powersAmong(recipients).filter((power) => request.late.has(power.name));
  if (late.length === 0) return null;
  // Under HIDE_LATE_POWERS the refusal must not tell who is late.
  if (rules.has('HIDE_LATE_POWERS'))
    return 'the game has NO_LATE_RECEIVE: after the deadline no private press goes to a power that is late with orders, and one of the recipients is';
  const verb = late.length === 1 ? 'is' : 'are';
  return `the game has NO_LATE_RECEIVE: ${namesOf(request.map, late)} ${verb} late with orders, and after the deadline no private press goes to a late power`;
}

/** Dislodged units waiting to retreat are not on the board: DPjudge leaves them out of a power's units. */
function standingUnits(power: PowerStatus): StatusUnit[] {
  return power.units.filter((unit) => unit.retreats === null);
}

function moverOf(map: GameMap, power: PowerStatus): Mover {
  return { power: map.power(power.name)?.abbrev, owns: (center) => power.owns.includes(center) };
}

/** Whether a unit of `power` could support into the province (DPjudge asks its validOrder for an `S`). */
function reaches(map: GameMap, power: PowerStatus, province: string): boolean {
  const mover = moverOf(map, power);
  return standingUnits(power).some((unit) => map.canSupportInto(unit.type, unit.location, province, mover));
}

function reachesUnitOf(map: GameMap, power: PowerStatus, other: PowerStatus): boolean {
  return standingUnits(other).some((unit) => reaches(map, power, map.location(unit.location)?.province ?? unit.location));
}

/** In touch: a unit of either could support a unit of the other to hold. */
function inTouch(map: GameMap, a: PowerStatus, b: PowerStatus): boolean {
  return reachesUnitOf(map, a, b) || reachesUnitOf(map, b, a);
}

function reachesCenterOf(map: GameMap, power: PowerStatus, other: PowerStatus): boolean {
  return other.owns.some((center) => reaches(map, power, center));
}

/** REMOTE_PRESS, as DPjudge reads it: only powers with centers, out of touch, and out of reach of each other's centers. */
function remoteRefusal(map: GameMap, sender: PowerStatus, other: PowerStatus): string | null {
  const name = displayName(map, other.name);
  if (other.owns.length === 0) return `${name} owns no supply center, and only powers on the board out of your reach may be written to`;
  if (inTouch(map, sender, other)) return `${name} has a unit next to yours`;
  if (reachesCenterOf(map, sender, other)) return `a unit of yours could move into a supply center of ${name}`;
  if (reachesCenterOf(map, other, sender)) return `a unit of ${name} could move into one of your supply centers`;
  return null;
}

function touchRefusal(map: GameMap, sender: PowerStatus, other: PowerStatus): string | null {
  return inTouch(map, sender, other) ? null : `${displayName(map, other.name)} has no unit next to yours`;
}

/** TOUCH_PRESS and REMOTE_PRESS: private press by where the units stand; a broadcast only with PUBLIC_PRESS. */
function boardRefusal(request: PressRequest, sender: PowerStatus, recipients: readonly Party[]): string | null {
  const { rules, press, map } = request;
  const rule = boardRule(rules);
  if (rule === null) return null;
  if (press.broadcast) return publicPressRule(rules) === null ? `the game has ${rule} and no PUBLIC_PRESS: players may not BROADCAST` : null;
  const refusalFor = rule === 'TOUCH_PRESS' ? touchRefusal : remoteRefusal;
  for (const other of powersAmong(recipients)) {
    const reason = refusalFor(map, sender, other);
    if (reason !== null) return `the game has ${rule}: ${reason}`;
  }
  return null;
}

/** The rules a player's press must pass before its options are looked at. */
function playerRefusal(request: PressRequest, power: PowerStatus, recipients: readonly Party[], toMasterOnly: boolean): string | null {
  if (power.role === 'MONITOR') return 'a MONITOR receives results only and sends no press';
  if (toMasterOnly) return null;
  return (
    pressRuleRefusal(request, power) ??
    lateSenderRefusal(request, power) ??
    lateRecipientRefusal(request, recipients) ??
    boardRefusal(request, power, recipients)
  );
}

/** The rule that sends this press out without its sender's name: GREY_PRESS for all press but to the Master, YELLOW_PRESS for broadcasts. */
function greyingRule(request: PressRequest, toMasterOnly: boolean): string | null {
  const { rules, press, sender } = request;
  if (sender.kind === 'master' || toMasterOnly) return null;
  if (rules.has('GREY_PRESS')) return 'GREY_PRESS';
  return press.broadcast && rules.has('YELLOW_PRESS') ? 'YELLOW_PRESS' : null;
}

function claimedSender(request: PressRequest, toMasterOnly: boolean): Party | null | string {
  const { rules, press, sender, game, map } = request;
  const master = sender.kind === 'master';
  const from = press.from;
  const greying = greyingRule(request, toMasterOnly);
  if (greying !== null) {
    // DPjudge blanks the name whatever the sender asked (WHITE_GREY only lets a sender choose grey); say so rather than drop the option.
    if (from === undefined || from === 'grey') return null;
    return `the game has ${greying}: press goes out without its sender's name, so ${from === 'white' ? 'WHITE' : 'FROM'} is not allowed`;
  }
  if (from === undefined || from === 'white') return sender;
  if (from === 'grey') {
    const greyAllowed = master || rules.has('GREY_PRESS') || rules.has('WHITE_GREY') || rules.has('FAKE_PRESS');
    if (!greyAllowed) return 'the game allows no grey press (it has none of GREY_PRESS, WHITE_GREY and FAKE_PRESS)';
    if (toMasterOnly && !master) return 'press to the Master always names its sender';
    return null;
  }
  if (!master && !rules.has('FAKE_PRESS')) return 'the game has no FAKE_PRESS: press may not claim to come from someone else';
  const claimed = resolveList([from.power], game, map);
  if (typeof claimed === 'string') return claimed;
  if (claimed.length !== 1 || claimed[0]!.kind === 'master') return 'press may claim to come from one player, never the Master';
  return claimed[0]!;
}

function claimedRecipients(request: PressRequest, recipients: readonly Party[]): readonly Party[] | null | string {
  const { rules, press, sender, game, map } = request;
  if (press.fakeTo === undefined) return press.broadcast ? null : recipients;
  if (sender.kind !== 'master' && !rules.has('FAKE_PRESS')) return 'the game has no FAKE_PRESS: FAKE TO and FAKE BROADCAST are not allowed';
  const claimed = press.fakeTo === 'everyone' ? null : resolveList(press.fakeTo, game, map);
  if (typeof claimed === 'string') return claimed;
  // Email.txt's rule binds two written lists; its own examples PRESS TO AUSTRIA FAKE BROADCAST and
  // BROADCAST FAKE TO AIRE show that a broadcast on either side is not held to it.
  if (claimed === null || press.broadcast) return claimed;
  const masterClaimed = claimed.some((party) => party.kind === 'master');
  const masterReached = recipients.some((party) => party.kind === 'master');
  if (masterClaimed !== masterReached) return 'the Master must be among both the true and the claimed recipients, or among neither';
  return claimed;
}

export function planPress(request: PressRequest): PressVerdict {
  const { press, sender, game, map, rules } = request;
  const listed = press.broadcast ? everyone(game, rules) : resolveList(press.to ?? [], game, map);
  if (typeof listed === 'string') return refuse(listed);
  const recipients = listed.filter((party) => !sameParty(party, sender));
  if (recipients.length === 0) return refuse('the press has nobody to go to but yourself');
  const toMasterOnly = !press.broadcast && onlyMaster(recipients);
  if (sender.kind === 'power') {
    const refusal = playerRefusal(request, sender.power, recipients, toMasterOnly);
    if (refusal !== null) return refuse(refusal);
  }
  const shownFrom = claimedSender(request, toMasterOnly);
  if (typeof shownFrom === 'string') return refuse(shownFrom);
  const shownTo = claimedRecipients(request, recipients);
  if (typeof shownTo === 'string') return refuse(shownTo);
  const masterListens = rules.has('EAVESDROP') && !press.broadcast && !recipients.some((party) => party.kind === 'master');
  return { ok: true, plan: { broadcast: press.broadcast, recipients, shownFrom, shownTo, masterListens } };
}
