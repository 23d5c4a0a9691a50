import { GameRuleError } from '../../game/lifecycle.js';
import type { AccountActivity } from '../../engine/payola/transfers.js';
import { findPower } from '../../status/model.js';
import { noticeTo } from '../context/announcements.js';
import { actorOf, currentMap, displayName, loadGame, type ExecutionContext } from '../context/context.js';
import type { PowerSession } from '../context/sender.js';
import type { Step } from '../context/step.js';

/** TRANSFER and ACCEPT: a Payola power's treasury and acceptance list (DPjudge's Transfer and Accept pages, by mail). */

function payolaGame(context: ExecutionContext, session: PowerSession, keyword: string) {
  const game = loadGame(context, session.game).game;
  if (context.service.listings.variant(game).name !== 'payola') throw new GameRuleError(`${keyword} is for Payola games, and '${session.game}' is not one`);
  return game;
}

/** One side's ledger entry, in DPjudge's format (PayolaGame.transferCash): the giver's and the receiver's alike. */
function activityLines(activity: AccountActivity): string[] {
  const heading = `ACCOUNT ACTIVITY FOR ${activity.power}`;
  return [
    heading,
    '='.repeat(heading.length),
    `BALANCE FORWARD            ${String(activity.balanceForward).padStart(4)} AgP`,
    `${activity.activity.padEnd(27)}${String(activity.amount).padStart(4)} AgP`,
    `CURRENT BALANCE            ${String(activity.balance).padStart(4)} AgP`,
  ];
}

export async function transfer(context: ExecutionContext, session: PowerSession, command: { amount: number; to: string }): Promise<Step> {
  const game = payolaGame(context, session, 'TRANSFER');
  const move = { from: session.power, to: command.to, amount: command.amount };
  const done = await context.service.transferFunds(session.game, move, actorOf(context, 'TRANSFER'), ({ notices: [, received] }) => {
    const receiver = findPower(game, received.power);
    const view = { game: session.game, lines: activityLines(received) };
    return receiver && receiver.addresses.length > 0
      ? [noticeTo(context, receiver.addresses, `${session.game}: Payola funds transfer`, 'account-activity', view)]
      : [];
  });
  const [given] = done.notices;
  const name = displayName(currentMap(context, done.game), done.notices[1].power);
  return { lines: [`${command.amount} AgP transferred to ${name}.`, ...activityLines(given)] };
}

export async function setAcceptance(context: ExecutionContext, session: PowerSession, list: string): Promise<Step> {
  payolaGame(context, session, 'ACCEPT');
  const loaded = await context.service.setAcceptance(session.game, session.power, list, actorOf(context, 'ACCEPT'));
  return { lines: [`Your acceptance list is ${findPower(loaded.game, session.power)!.accept}.`] };
}
