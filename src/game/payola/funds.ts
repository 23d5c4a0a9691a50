import { Refusal } from '../../common/errors.js';
import { giverBar, makeTransfer, receiverBar, type AccountActivity, type Treasury, type TransferRules } from '../../engine/payola/transfers.js';
import type { Position } from '../../engine/types.js';
import type { GameMap } from '../../map/game-map.js';
import { checkAcceptance, readFunds, writeFunds } from '../../engine/payola/treasury.js';
import type { MapDefinition } from '../../map/definition.js';
import type { RulesInForce } from '../../rules/in-force.js';
import { findPower, playedPhase, updatePower, type GameStatus, type PowerStatus } from '../../status/model.js';

import { positionOf } from '../position.js';
import { balanceOf, isDummy, letterOf, mapPowers } from './treasuries.js';

/** A Payola transfer or acceptance list the rules, the treasury or the list itself do not allow. */
class PayolaFundsError extends Refusal {
  override name = 'PayolaFundsError';
  readonly code = 'PAYOLA_FUNDS';
}

export interface TransferDone {
  readonly game: GameStatus;
  /** What each side is told (DPjudge's ACCOUNT ACTIVITY notice): the giver's, then the receiver's. */
  readonly notices: readonly [AccountActivity, AccountActivity];
}

function treasuryOf(game: GameStatus, map: GameMap, position: Position, rules: RulesInForce, power: PowerStatus): Treasury {
  const state = position.powers.find((each) => each.name === power.name);
  return {
    name: power.name,
    displayName: map.power(power.name)?.displayName ?? power.name,
    balance: balanceOf(game, map, position, rules, power),
    dummy: isDummy(power),
    eliminated: !state || (state.units.length === 0 && state.centers.length === 0),
    sent: power.sent,
  };
}

function transferRulesOf(rules: RulesInForce): TransferRules {
  return {
    noTransfer: rules.has('NO_TRANSFER'),
    oneTransfer: rules.has('ONE_TRANSFER'),
    noDonations: rules.has('NO_DONATIONS'),
    noLooting: rules.has('NO_LOOTING'),
    vassalDummies: rules.has('VASSAL_DUMMIES'),
    anonymous: rules.has('ANON_TRANSFER'),
  };
}

/**
 * What a transfer form may offer `power` now, so that it offers only what a TRANSFER mail would take:
 * why the rules let it send nothing (NO_TRANSFER, NO_DONATIONS, NO_LOOTING), or the powers it may
 * send funds to (none a dummy under VASSAL_DUMMIES, none sent to this phase under ONE_TRANSFER).
 */
export function transferChoices(game: GameStatus, map: GameMap, rules: RulesInForce, power: PowerStatus): { bar: string | null; recipients: string[] } {
  const position = positionOf(game, map);
  const transferRules = transferRulesOf(rules);
  const giver = treasuryOf(game, map, position, rules, power);
  const bar = giverBar(transferRules, giver);
  if (bar !== null) return { bar, recipients: [] };
  const recipients = mapPowers(game)
    .filter((each) => map.power(each.name) !== undefined && receiverBar(transferRules, giver, treasuryOf(game, map, position, rules, each)) === null)
    .map((each) => each.name);
  return { bar: recipients.length === 0 ? 'the rules in force leave no power to send funds to this phase' : null, recipients };
}

/** A funds transfer between two powers' treasuries, checked against the Payola rules in force (`engine/payola/transfers.ts`). */
export function transferFunds(game: GameStatus, maps: MapDefinition, rules: RulesInForce, from: string, to: string, amount: number): TransferDone {
  const phase = playedPhase(game);
  if (phase === null) throw new PayolaFundsError('funds are transferred only while the game is being played');
  const map = maps.at(phase);
  const position = positionOf(game, map);
  const giverStatus = findPower(game, from);
  const receiverStatus = mapPowers(game).find((power) => power.name === to.toUpperCase() || letterOf(map, power.name) === to.toUpperCase());
  if (!giverStatus) throw new PayolaFundsError(`${from} is not a power of the game`);
  if (!receiverStatus) throw new PayolaFundsError(`${to} is not a power of the game`);
  const treasury = (power: PowerStatus) => treasuryOf(game, map, position, rules, power);
  const made = makeTransfer(transferRulesOf(rules), treasury(giverStatus), treasury(receiverStatus), amount, false);
  if (!made.ok) throw new PayolaFundsError(made.reason);
  const { giver, receiver } = made.value;
  let next = updatePower(game, giver.name, (power) => ({
    ...power,
    funds: writeFunds(power.funds, { ...readFunds(power.funds), balance: giver.balance }),
    sent: [...giver.sent],
  }));
  next = updatePower(next, receiver.name, (power) => ({ ...power, funds: writeFunds(power.funds, { ...readFunds(power.funds), balance: receiver.balance }) }));
  return { game: next, notices: made.value.notices };
}

/** ACCEPT: a power's new acceptance list, checked against the map's power letters. */
export function setAcceptance(game: GameStatus, maps: MapDefinition, power: string, list: string): GameStatus {
  const letters = maps.base.powers.map((each) => each.abbrev);
  const checked = checkAcceptance(list, letters);
  if (!checked.ok) throw new PayolaFundsError(checked.reason);
  return updatePower(game, power, (status) => ({ ...status, accept: checked.value }));
}
