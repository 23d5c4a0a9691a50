import { randomBytes } from 'node:crypto';
import { DateTime, IANAZone } from 'luxon';
import type { JudgeConfig } from '../config/config.js';
import { phaseRules, readerOf, type ExecutionContext } from '../commands/context/context.js';
import type { CommandExecutor } from '../commands/run/executor.js';
import type { Session } from '../commands/context/step.js';
import { help } from '../commands/listings/help.js';
import { gameListing, historyBlocks, openGames, summary } from '../commands/listings/listings.js';
import { showStatus } from '../commands/orders/orders.js';
import { NO_SESSION } from '../commands/context/step.js';
import type { GameService } from '../game/service.js';
import { currentBoardPicture, processedPhasePicture } from '../game/board-picture.js';
import { GameRuleError, isCompleted } from '../game/lifecycle.js';
import { orderChoices, type OrderChoices } from '../game/order-choices.js';
import { orderPhaseOf } from '../game/orders.js';
import { PLAYED_VARIANTS } from '../game/variant.js';
import type { OrderMarks } from '../render/order-marks.js';
import { describeDeadline, phaseTitle } from '../game/results.js';
import { RULES } from '../rules/catalog.js';
import { ruleSupport } from '../game/rule-support.js';
import type { GameMap } from '../map/game-map.js';
import { MAP_POWER_ROLE, playedPhase, type GameStatus } from '../status/model.js';
import { attachmentBytes } from '../store/outgoing-mail.js';
import type { HtmlTemplates, PageView } from './html.js';
import { BoundedCache } from './bounded-cache.js';
import { boardData } from './board-data.js';
import { givenOrderMarks } from './order-drawing.js';
import { variantPanels } from './variant-panels.js';
import type { SignedOn, Visitors } from './visitors.js';

/**
 * The pages, as view models for the HTML templates. What a page tells about a game comes from the
 * code that answers LIST, HISTORY, SUMMARY, MAP, STATUS and HELP by mail, run for the visitor's
 * session: a visitor signed on to a power sees what that power's player reads by mail, and anyone
 * else what a stranger reads. Nothing here decides on its own what may be seen.
 */

export interface Visitor {
  readonly id: string;
  readonly signedOn: SignedOn | null;
}

/** What a form did: the judge's reply, and the mails it sent the visitor too. */
export interface ActionResult {
  readonly reply: string;
  readonly mailed: readonly { readonly subject: string; readonly text: string }[];
}

export interface PageDeps {
  readonly commands: CommandExecutor;
  /** The games the commands run on: what a page is rendered from. */
  readonly service: GameService;
  readonly templates: HtmlTemplates;
  readonly judge: JudgeConfig['judge'];
  readonly visitors: Visitors;
  readonly now: () => Date;
}

/** The session a page about `game` is read under: the visitor's when signed on to that game. */
function readingSession(visitor: Visitor, game: string): Session {
  return visitor.signedOn?.game === game ? visitor.signedOn.session : NO_SESSION;
}

function mapOf(context: ExecutionContext, game: GameStatus): GameMap {
  const maps = context.service.maps(game);
  const phase = playedPhase(game);
  return phase ? maps.at(phase) : maps.base;
}

function option(value: string, label: string, selected: boolean) {
  return { value, label, selected };
}

/**
 * The order form: a list of choices per unit, or per build or removal due, and a row of its own for
 * every further order on file (several for a unit under NO_CHECK, or for units not listed), since
 * the form's orders replace all of them.
 */
function orderForm(choices: OrderChoices) {
  const adjustment = choices.adjustment;
  const slots =
    adjustment === null
      ? []
      : Array.from({ length: Math.abs(adjustment.count) }, (_, index) => ({
          label: `${adjustment.count > 0 ? 'Build' : 'Removal'} ${index + 1}`,
          options: [
            option('', adjustment.count > 0 ? '(none)' : '(choose)', adjustment.onFile[index] === undefined),
            ...adjustment.choices.map((text) => option(text, text, adjustment.onFile[index] === text)),
          ],
        }));
  // A unit with no order on file starts at "(no order)", even beside others' orders: sending the form files no hold nobody chose.
  const units = choices.units.flatMap((unit) => [
    {
      label: unit.unit,
      options: [option('', '(no order)', unit.onFile === null), ...unit.choices.map((text) => option(text, text, unit.onFile === text))],
    },
    ...unit.alsoOnFile.map((line) => ({ label: `${unit.unit}, another order`, options: droppable(line, unit.choices) })),
  ]);
  const others = choices.otherOnFile.map((line) => ({ label: 'Another order on file', options: droppable(line, []) }));
  const due =
    adjustment === null
      ? null
      : adjustment.count > 0
        ? `${adjustment.count} build${adjustment.count === 1 ? '' : 's'} due`
        : `${-adjustment.count} removal${adjustment.count === -1 ? '' : 's'} due`;
  const moreOnFile = others.length > 0 || choices.units.some((unit) => unit.alsoOnFile.length > 0);
  return { rows: [...units, ...others, ...slots], due, moreOnFile };
}

/** A row for an order on file beyond a unit's first, selected, which may be dropped or changed to one of `choices`. */
function droppable(line: string, choices: readonly string[]) {
  return [option('', '(none: drop this order)', false), ...[line, ...choices.filter((text) => text !== line)].map((text) => option(text, text, text === line))];
}

/** How many rendered game pages and pictures are kept: every reader kind of a few dozen busy games. */
const CACHED_PAGES = 500;

export class WebPages {
  /**
   * Game pages and board pictures as rendered for a reader, by the checksum of the game's status
   * file (processing, orders, a rollback or an edit by hand all change it): every visitor asks for
   * the same page, and rendering it again for each costs far more than serving it. The pages hold a
   * stand-in for the visitor's form token, random so that no text of a game can ask for the token.
   */
  private readonly gamePages = new BoundedCache<string>(CACHED_PAGES);
  private readonly boards = new BoundedCache<string>(CACHED_PAGES);
  private readonly tokenStandIn = `token-${randomBytes(16).toString('hex')}`;

  constructor(private readonly deps: PageDeps) {}

  private context(): ExecutionContext {
    return this.deps.commands.readingContext(this.deps.now());
  }

  private render(name: string, visitor: Visitor, view: PageView): string {
    return this.withToken(this.renderForAnyToken(name, visitor, view), visitor);
  }

  /** The page with the token stand-in where the visitor's form token goes. */
  private renderForAnyToken(name: string, visitor: Visitor, view: PageView): string {
    const signedOn = visitor.signedOn && { game: visitor.signedOn.game, label: visitor.signedOn.label };
    const layout = { judge: this.deps.judge.name, address: this.deps.judge.address, token: this.tokenStandIn, signedOn };
    return this.deps.templates.page(name, { ...view, token: this.tokenStandIn }, layout);
  }

  private withToken(page: string, visitor: Visitor): string {
    return page.replaceAll(this.tokenStandIn, this.deps.visitors.formToken(visitor.id));
  }

  front(visitor: Visitor, result: ActionResult | null = null): string {
    return this.render('front', visitor, { title: 'Games', games: openGames(this.context()), variants: PLAYED_VARIANTS, actionResult: result });
  }

  message(visitor: Visitor, title: string, text: string): string {
    return this.render('message', visitor, { title, text });
  }

  /** The form that takes a code the judge mailed, and the password the action needs. */
  confirm(visitor: Visitor, view: { title: string; text: string; label: string; autocomplete: string }): string {
    return this.render('confirm', visitor, view);
  }

  help(visitor: Visitor): string {
    const session = visitor.signedOn?.session ?? NO_SESSION;
    return this.render('help', visitor, { title: 'Help', text: help(this.context(), session, undefined).lines.join('\n') });
  }

  rules(visitor: Visitor): string {
    const rules = RULES.map((rule) => ({ name: rule.name, topic: rule.topic, state: ruleSupport(rule), summary: rule.summary }));
    return this.render('rules', visitor, { title: 'Rules', rules });
  }

  /** A game's page; `zone`: the time zone the visitor asked to read the deadline in. */
  game(name: string, visitor: Visitor, zone: string | null, result: ActionResult | null = null): string {
    const loaded = this.deps.service.load(name);
    if (result !== null) return this.withToken(this.renderGame(name, loaded.game, visitor, zone, result), visitor);
    // What else the page shows (the layout's sign-on line) is the visitor's, so it is part of the key.
    const key = [
      name,
      loaded.sha256,
      JSON.stringify(readingSession(visitor, name)),
      visitor.signedOn?.game ?? '',
      visitor.signedOn?.label ?? '',
      zone ?? '',
    ].join('\n');
    return this.withToken(
      this.gamePages.get(key, () => this.renderGame(name, loaded.game, visitor, zone, null)),
      visitor,
    );
  }

  private renderGame(name: string, game: GameStatus, visitor: Visitor, zone: string | null, result: ActionResult | null): string {
    const context = this.context();
    const session = readingSession(visitor, name);
    const listing = gameListing(context, session, name);
    const map = mapOf(context, game);
    const processed = context.service.archive(name).resultsBlocks().length;
    const view = {
      title: `Game ${name}`,
      name,
      heading: listing.board.heading,
      deadline: listing.board.deadline,
      zone: this.deadlineIn(game, zone),
      result: listing.board.result,
      powers: listing.board.powers.map((power) => ({
        ...power,
        centerCount: power.centers.length,
        centerList: power.centers.join(' '),
        unitCount: power.units.length,
      })),
      notes: listing.notes,
      summary: isCompleted(game) ? summary(context, session, name).lines.join('\n') : null,
      processed: processed > 0 ? { count: processed } : null,
      signOn: session.kind === 'none' ? { choices: this.signOnChoices(game, map) } : null,
      player: session.kind === 'power' ? this.playerPanel(context, session, game, map) : null,
      master: session.kind === 'master' ? { status: this.statusText(context, session) } : null,
      anyone: session.kind !== 'none' ? { recipients: this.pressRecipients(game, map, session) } : null,
      actionResult: result,
    };
    return this.renderForAnyToken('game', visitor, view);
  }

  history(name: string, visitor: Visitor): string {
    const { blocks } = historyBlocks(this.context(), readingSession(visitor, name), name);
    return this.render('history', visitor, {
      title: `History of ${name}`,
      name,
      blocks: blocks.map((block) => ({ phase: block.phase, text: block.text })),
      empty: blocks.length === 0,
    });
  }

  /** MAP's picture of the board as it stands, as the visitor may see it. */
  board(name: string, visitor: Visitor): string {
    const { service } = this.deps;
    const { game, sha256 } = service.load(name);
    const reader = readerOf(readingSession(visitor, name));
    return this.boards.get([name, sha256, JSON.stringify(reader)].join('\n'), () =>
      attachmentBytes(currentBoardPicture(name, game, service.maps(game), phaseRules(this.context(), game), service.archive(name), reader, 'svg')).toString(
        'utf8',
      ),
    );
  }

  /** The orders a power's player is giving on the clickable board, drawn as the results draw them; null when the visitor orders nothing in the game now. */
  givenOrders(name: string, visitor: Visitor, orders: readonly string[]): OrderMarks | null {
    const session = readingSession(visitor, name);
    const { service } = this.deps;
    const game = service.load(name).game;
    const phase = playedPhase(game);
    const orderPhase = phase && orderPhaseOf(phase);
    if (session.kind !== 'power' || !phase || !orderPhase) return null;
    const maps = service.maps(game);
    return givenOrderMarks(maps.at(phase), maps.art, orderPhase, session.power, orders);
  }

  /** HISTORY's picture of a processed phase, as its results mail drew it; null when the game kept none. */
  phaseBoard(name: string, phase: string, visitor: Visitor): string | null {
    const context = this.context();
    historyBlocks(context, readingSession(visitor, name), name, [phase]);
    const game = context.service.load(name).game;
    const reader = readerOf(readingSession(visitor, name));
    const picture = processedPhasePicture(name, phase, context.service.maps(game), context.service.archive(name), reader, {
      variant: context.service.listings.variant(game),
      now: DateTime.fromJSDate(this.deps.now()),
    });
    return picture === null ? null : attachmentBytes(picture).toString('utf8');
  }

  private deadlineIn(game: GameStatus, zone: string | null) {
    if (zone === null || zone === '') return null;
    if (!IANAZone.isValidZone(zone)) return { chosen: zone, shown: null, unknown: true };
    return { chosen: zone, shown: game.deadline ? describeDeadline(game.deadline, game.zone, zone) : null, unknown: false };
  }

  private signOnChoices(game: GameStatus, map: GameMap) {
    const powers = game.powers
      .filter((power) => power.role === MAP_POWER_ROLE && map.power(power.name) !== undefined)
      .map((power) => ({ value: power.name, label: map.power(power.name)!.displayName }));
    return [...powers, { value: 'MASTER', label: 'the Master' }];
  }

  private pressRecipients(game: GameStatus, map: GameMap, session: Session) {
    const self = session.kind === 'power' ? session.power : null;
    const powers = game.powers
      .filter((power) => power.role === MAP_POWER_ROLE && power.name !== self && map.power(power.name) !== undefined)
      .map((power) => ({ value: power.name, label: map.power(power.name)!.displayName }));
    return session.kind === 'master' ? powers : [...powers, { value: 'MASTER', label: 'the Master' }];
  }

  /** STATUS's answer: the orders on file the session may see; null when the game takes no orders now. */
  private statusText(context: ExecutionContext, session: Extract<Session, { kind: 'power' | 'master' }>): string | null {
    try {
      return showStatus(context, session).lines.join('\n');
    } catch (error) {
      if (error instanceof GameRuleError) return null;
      throw error;
    }
  }

  private playerPanel(context: ExecutionContext, session: Extract<Session, { kind: 'power' }>, game: GameStatus, map: GameMap) {
    const phase = playedPhase(game);
    const rules = phaseRules(context, game);
    const choices = orderChoices(game, context.service.maps(game), session.power, rules);
    const variant = variantPanels(context, session.power, game, map);
    return {
      power: map.power(session.power)?.displayName ?? session.power,
      status: this.statusText(context, session),
      ...variant,
      // A Payola movement phase takes an offer sheet, which the order choices cannot write.
      orders:
        choices === null || phase === null || (variant.payola?.offers ?? null) !== null
          ? null
          : { phase: phaseTitle(phase), ...orderForm(choices), board: boardData(choices, map, context.service.maps(game).art, rules.has('NO_CHECK')) },
    };
  }
}
