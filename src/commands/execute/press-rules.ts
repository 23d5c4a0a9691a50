import type { GameMap } from '../../map/game-map.js';
import { findPower, MAP_POWER_ROLE, type GameStatus, type PowerStatus } from '../../status/model.js';
import type { Press, PowerList } from '../types.js';

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
  readonly rules: readonly string[];
  readonly sender: Party;
  readonly press: Press;
  /** The sender has orders on file (or in this mail) for the phase: MUST_ORDER asks for them. */
  readonly hasOrders: boolean;
  /** The phase's deadline has passed: FTF_PRESS then allows press to the Master only. */
  readonly deadlinePassed: boolean;
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
function everyone(game: GameStatus, rules: readonly string[]): Party[] {
  const powers: Party[] = game.powers.filter((power) => power.role !== 'MONITOR').map((power) => ({ kind: 'power', power }));
  return rules.includes('PRESS_MASTER') ? powers : [...powers, MASTER];
}

function onlyMaster(parties: readonly Party[]): boolean {
  return parties.length > 0 && parties.every((party) => party.kind === 'master');
}

/** The rules a player's press must pass before its options are looked at. */
function playerRefusal(request: PressRequest, power: PowerStatus, toMasterOnly: boolean): string | null {
  const { rules, press } = request;
  if (power.role === 'MONITOR') return 'a MONITOR receives results only and sends no press';
  if (toMasterOnly) return null;
  if (rules.includes('NO_PRESS')) return 'the game has NO_PRESS: press may go to the Master only';
  const observer = power.role !== MAP_POWER_ROLE;
  if (observer && rules.includes('MUTE_OBSERVERS')) return 'the game has MUTE_OBSERVERS: observers may write to the Master only';
  if (rules.includes('BACKSEAT_PRESS')) {
    if (!observer) return 'the game has BACKSEAT_PRESS: powers on the map may write to the Master only';
    if (!press.broadcast) return 'the game has BACKSEAT_PRESS: players without a power may only BROADCAST';
  }
  if (!press.broadcast && (rules.includes('PUBLIC_PRESS') || rules.includes('NO_PARTIAL')))
    return 'the game has PUBLIC_PRESS: only BROADCAST and PRESS TO MASTER are allowed';
  const phase = request.game.phase?.phase;
  if (rules.includes('FTF_PRESS') && phase && typeof phase === 'object') {
    if (phase.type !== 'MOVEMENT') return 'the game has FTF_PRESS: press other than to the Master only in movement phases';
    if (request.deadlinePassed) return 'the game has FTF_PRESS: once the deadline has passed, press goes to the Master only';
  }
  if (rules.includes('MUST_ORDER') && !observer && !request.hasOrders) return 'the game has MUST_ORDER: enter orders for this phase before sending press';
  return null;
}

function claimedSender(request: PressRequest, toMasterOnly: boolean): Party | null | string {
  const { rules, press, sender, game, map } = request;
  const master = sender.kind === 'master';
  const greyAllowed = master || rules.includes('GREY_PRESS') || rules.includes('WHITE_GREY') || rules.includes('FAKE_PRESS');
  const alwaysGrey = !master && !toMasterOnly && (rules.includes('GREY_PRESS') || (press.broadcast && rules.includes('YELLOW_PRESS')));
  const from = press.from;
  if (from === undefined) return alwaysGrey ? null : sender;
  if (from === 'white') {
    if (alwaysGrey && !rules.includes('WHITE_GREY')) return `the game has ${rules.includes('GREY_PRESS') ? 'GREY_PRESS' : 'YELLOW_PRESS'}: press goes out without its sender's name, so WHITE is not allowed`;
    return sender;
  }
  if (from === 'grey') {
    if (!greyAllowed) return 'the game allows no grey press (it has none of GREY_PRESS, WHITE_GREY and FAKE_PRESS)';
    if (toMasterOnly && !master) return 'press to the Master always names its sender';
    return null;
  }
  if (!master && !rules.includes('FAKE_PRESS')) return 'the game has no FAKE_PRESS: press may not claim to come from someone else';
  const claimed = resolveList([from.power], game, map);
  if (typeof claimed === 'string') return claimed;
  if (claimed.length !== 1 || claimed[0]!.kind === 'master') return 'press may claim to come from one player, never the Master';
  return claimed[0]!;
}

function claimedRecipients(request: PressRequest, recipients: readonly Party[]): readonly Party[] | null | string {
  const { rules, press, sender, game, map } = request;
  if (press.fakeTo === undefined) return press.broadcast ? null : recipients;
  if (sender.kind !== 'master' && !rules.includes('FAKE_PRESS')) return 'the game has no FAKE_PRESS: FAKE TO and FAKE BROADCAST are not allowed';
  const claimed = press.fakeTo === 'everyone' ? null : resolveList(press.fakeTo, game, map);
  if (typeof claimed === 'string') return claimed;
  const masterClaimed = claimed === null || claimed.some((party) => party.kind === 'master');
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
    const refusal = playerRefusal(request, sender.power, toMasterOnly);
    if (refusal !== null) return refuse(refusal);
  }
  const shownFrom = claimedSender(request, toMasterOnly);
  if (typeof shownFrom === 'string') return refuse(shownFrom);
  const shownTo = claimedRecipients(request, recipients);
  if (typeof shownTo === 'string') return refuse(shownTo);
  const masterListens = rules.includes('EAVESDROP') && !press.broadcast && !recipients.some((party) => party.kind === 'master');
  return { ok: true, plan: { broadcast: press.broadcast, recipients, shownFrom, shownTo, masterListens } };
}
