import type { Decisions } from './decided.js';
import { dislodger } from './hold.js';
import { attackOn, holdStrength, preventStrength } from './strength.js';

/** A convoying fleet stays in place to convoy unless it is dislodged, or a convoy rule stops it. */
export function convoyHeld(decisions: Decisions, fleet: number): boolean {
  return dislodger(decisions, fleet) < 0 && !convoyStopped(decisions, fleet);
}

/**
 * Whether a convoy rule stops a fleet's convoy although nobody dislodges it. SAFE_CONVOYS: the fleet
 * is a beleaguered garrison, two or more attacks standing each other off in its space, each stronger
 * than its defence, one of them foreign (DPjudge's checkDisruptions). WEAK_CONVOYS: a foreign attack
 * at least as strong as the fleet's defence, so that an unsupported fleet's convoy fails even under
 * an unsupported attack.
 */
function convoyStopped(decisions: Decisions, fleet: number): boolean {
  const battle = decisions.battle;
  if (!battle.safeConvoys && !battle.weakConvoys) return false;
  const province = battle.province[fleet]!;
  const defence = holdStrength(decisions, province);
  let strongest = defence;
  let tied = 0;
  let foreignAmongStrongest = false;
  for (let mover = battle.firstMoveInto[province]!; mover >= 0; mover = battle.nextMoveInto[mover]!) {
    const foreign = battle.power[mover] !== battle.power[fleet];
    if (battle.weakConvoys && foreign && attackOn(decisions, mover, fleet) >= defence) return true;
    if (!battle.safeConvoys) continue;
    const strength = preventStrength(decisions, mover);
    if (strength > strongest) {
      strongest = strength;
      tied = 1;
      foreignAmongStrongest = foreign;
    } else if (strength === strongest && strongest > defence) {
      tied++;
      foreignAmongStrongest ||= foreign;
    }
  }
  return tied >= 2 && foreignAmongStrongest;
}

/** A convoyed army's route survives: its written route's fleets all stayed, or some chain of the offering fleets that stayed. */
export function convoyRouteSurvives(decisions: Decisions, army: number): boolean {
  const battle = decisions.battle;
  const route = battle.route[army];
  if (!route) return battle.convoyChainReaches(army, (fleet) => decisions.order(fleet));
  for (const space of route) {
    const fleet = fleetOffering(decisions, army, space);
    if (fleet < 0 || !decisions.order(fleet)) return false;
  }
  return true;
}

/** The fleet at `location` offering to convoy the army, or -1. */
function fleetOffering(decisions: Decisions, army: number, location: number): number {
  const battle = decisions.battle;
  for (let fleet = battle.firstConvoy[army]!; fleet >= 0; fleet = battle.nextConvoy[fleet]!) {
    if (battle.board.units[fleet]!.location === location) return fleet;
  }
  return -1;
}
