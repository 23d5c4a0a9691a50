import { phaseRules, type ExecutionContext } from '../commands/context/context.js';
import { transferChoices } from '../game/payola/funds.js';
import { acceptanceOf, balanceOf } from '../game/payola/treasuries.js';
import { positionOf } from '../game/position.js';
import { listBeingWritten } from '../game/variants/xtalball.js';
import type { GameMap } from '../map/game-map.js';
import { MOVEMENT } from '../map/phase.js';
import { findPower, playedPhase, type GameStatus } from '../status/model.js';

/**
 * What a variant asks of a power's player beside the standard order form: a Payola power's treasury
 * and acceptance list in every phase (TRANSFER and ACCEPT are taken whenever the game is played, by
 * mail as on DPjudge's pages), its offer sheet in a movement phase; a Crystal Ball power's two order
 * lists. Their forms send the lines a player would mail, so the command processor checks them as it
 * checks a mail.
 */

export interface VariantPanels {
  /** A Payola game being played: the treasury, and in a movement phase the offer sheet, which the standard order form cannot write. */
  readonly payola: {
    readonly balance: number;
    readonly acceptance: string;
    /** The offer sheet on file; null outside movement phases, whose orders are the standard game's. */
    readonly offers: { readonly sheet: readonly string[] } | null;
    /** The transfer form's choices: null when the rules let the power send nothing now, which `transferBar` explains. */
    readonly transfer: { readonly recipients: readonly { readonly value: string; readonly label: string }[] } | null;
    readonly transferBar: string | null;
  } | null;
  readonly crystalBall: {
    readonly lists: readonly { readonly title: string; readonly orders: readonly string[]; readonly writing: boolean }[];
    readonly writing: string;
  } | null;
}

const NONE: VariantPanels = { payola: null, crystalBall: null };

export function variantPanels(context: ExecutionContext, power: string, game: GameStatus, map: GameMap): VariantPanels {
  const phase = playedPhase(game);
  const status = findPower(game, power);
  if (phase === null || status === undefined) return NONE;
  const variant = context.service.listings.variant(game);
  if (variant.name === 'payola') {
    const rules = phaseRules(context, game);
    const choices = transferChoices(game, map, rules, status);
    const transfer = choices.bar === null ? { recipients: choices.recipients.map((each) => ({ value: each, label: map.power(each)!.displayName })) } : null;
    const balance = balanceOf(game, map, positionOf(game, map), rules, status);
    const offers = phase.type === MOVEMENT ? { sheet: status.offers } : null;
    return { ...NONE, payola: { balance, acceptance: acceptanceOf(map, status), offers, transfer, transferBar: choices.bar } };
  }
  if (variant.name === 'xtalball' && phase.type === MOVEMENT) {
    return { ...NONE, crystalBall: { lists: variant.listsOnFile(game, status, phase), writing: listBeingWritten(game) } };
  }
  return NONE;
}
