import { accept, refuse, type Verdict } from '../../common/verdict.js';
import { GameRuleError, isForming } from '../../game/lifecycle.js';
import { unhonouredRules } from '../../game/rule-support.js';
import { variantNamed, type Variant } from '../../game/variant.js';
import { MAP_POWER_ROLE, type GameStatus } from '../../status/model.js';
import { GameExistsError } from '../../store/game-store.js';
import type { CommandBody } from '../language/types.js';
import { tellEveryone } from '../context/announcements.js';
import { actorOf, type ExecutionContext } from '../context/context.js';
import { logIn } from '../context/login.js';
import { CLOSED_SESSION, type Step } from '../context/step.js';

/** CREATE, PURGE and RENAME: a game as a whole, by its Master. */

type Create = Extract<CommandBody, { kind: 'create' }>;
type Purge = Extract<CommandBody, { kind: 'purge' }>;
type Rename = Extract<CommandBody, { kind: 'rename' }>;

/** Games one address may create in a day: enough for any Master, too few to fill a judge's disk. */
const CREATIONS_PER_DAY = 5;

/**
 * The variant CREATE names (standard when none), as the main status file lists it: every variant
 * DPjudge plays is played here. The web's create form asks the same before it mails its code.
 */
export function createdVariant(variant: string | undefined): Verdict<Variant> {
  const played = variantNamed((variant ?? 'standard').toLowerCase());
  if (played !== null) return accept(played);
  return refuse(`there is no rule variant '${variant}'; DPjudge knows standard, payola and xtalball`);
}

export async function create(context: ExecutionContext, command: Create): Promise<Step> {
  const named = createdVariant(command.variant);
  if (!named.ok) throw new GameRuleError(named.reason);
  const variant = named.value.name;
  const master = { id: null, email: context.sender, name: '' };
  const actor = actorOf(context, 'CREATE');
  const created = context.service.creationsBy(context.sender, context.now.minus({ days: 1 }).toJSDate());
  if (created >= CREATIONS_PER_DAY)
    throw new GameRuleError(
      `your address created ${created} games in the last day, the most this judge takes; create the next one tomorrow, or ask the judgekeeper (${context.judge.keeper})`,
    );
  try {
    await context.service.lifecycle.create({ name: command.game, master, masterPassword: command.password, map: null }, actor, 'preparation');
    if (variant !== 'standard') await context.service.listings.updateListing(command.game, actor, (listing) => ({ ...listing, variant }));
  } catch (error) {
    if (error instanceof GameExistsError) throw new GameRuleError(`there is a game '${command.game}' already; choose another name`);
    throw error;
  }
  const brought = variant === 'standard' ? [] : await playVariant(context, command.game, variant);
  const mapRules = context.service.maps(context.service.load(command.game).game).base.rules();
  return {
    lines: [
      `Game '${command.game}' is created${variant === 'standard' ? '' : ` to play ${variant}`}, with you as its Master. Until FORM (later in this mail or in another) it is in preparation, hidden from everyone else; FORM lets players JOIN it.`,
      `The lines after CREATE go into its status file; sign on later with SIGNON M${command.game} and your password.`,
      ...(brought.length === 0 ? [] : [`Every ${variant} game plays under RULE ${brought.join(' ')}, which its status file now has.`]),
      ...unhonouredRules(mapRules, variant).map(({ rule, reason }) => `Note: the map's rule ${rule} is ${reason}; the game runs as if it were not there.`),
    ],
    session: { kind: 'master', game: command.game },
  };
}

/** The main status file lists the game under its variant, and its status file takes the rules the variant always plays under (XtalballGame.reinit). */
async function playVariant(context: ExecutionContext, game: string, variant: string): Promise<readonly string[]> {
  const actor = actorOf(context, 'CREATE');
  await context.service.listings.updateListing(game, actor, (listing) => ({ ...listing, variant }));
  const brought = variantNamed(variant)!.broughtRules;
  if (brought.length > 0) await context.service.writeStatusLines(game, { block: null, lines: [`RULE ${brought.join(' ')}`], creating: true }, actor);
  return brought;
}

type MasterLogin = { readonly ok: true; readonly game: GameStatus } | { readonly ok: false; readonly refusal: Step };

async function masterLogin(context: ExecutionContext, keyword: string, game: string, password: string): Promise<MasterLogin> {
  const login = await logIn(context, game, { form: 'master' }, password);
  if (!login.ok)
    return {
      ok: false,
      refusal: { lines: [`${keyword} refused: ${login.reason}.`], failed: true, reason: login.reason, notices: login.notices, session: CLOSED_SESSION },
    };
  return { ok: true, game: login.loaded.game };
}

/** Only a game nobody has joined yet may be purged: once players are in, it is theirs too. */
export async function purge(context: ExecutionContext, command: Purge): Promise<Step> {
  const login = await masterLogin(context, 'PURGE', command.game, command.password);
  if (!login.ok) return login.refusal;
  const joined = login.game.powers.some((power) => power.role === MAP_POWER_ROLE && power.player !== null);
  if (!isForming(login.game) || joined)
    throw new GameRuleError(`game '${command.game}' has players; only a forming game nobody has joined may be purged (TERMINATE ends a game)`);
  await context.service.listings.purge(command.game, actorOf(context, 'PURGE'));
  context.pressArchive.forget(command.game);
  return { lines: [`Game '${command.game}' is purged.`] };
}

export async function rename(context: ExecutionContext, command: Rename): Promise<Step> {
  const login = await masterLogin(context, 'RENAME', command.game, command.password);
  if (!login.ok) return login.refusal;
  const loaded = await context.service.listings.rename(command.game, command.newGame, actorOf(context, 'RENAME'));
  context.pressArchive.rename(command.game, command.newGame);
  const view = { game: command.game, newName: command.newGame };
  return {
    lines: [`Game '${command.game}' is now called '${command.newGame}'.`],
    notices: tellEveryone(context, loaded.game, `${command.newGame}: the game has a new name`, 'renamed', view, [context.sender]),
  };
}
