import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { folder, type LoadedConfig } from '../config/config.js';
import type { CommandExecutor } from '../commands/run/executor.js';
import type { Session } from '../commands/context/step.js';
import { placeAddresses, sessionPassword } from '../commands/context/login.js';
import { playerAtGame } from '../commands/language/login.js';
import { createdVariant } from '../commands/master/games.js';
import { mailAddressesOf } from '../game/control.js';
import { GameRuleError } from '../game/lifecycle.js';
import { STANDARD } from '../game/variant.js';
import type { GameMap } from '../map/game-map.js';
import type { GameStatus } from '../status/model.js';
import { isGameName } from '../status/game-name.js';
import type { JudgeDatabase } from '../store/database.js';
import { NoSuchGameError, StatusConflictError } from '../store/game-store.js';
import { WebCommands, webVisitorAddress, type MailQueue, type WebOutcome } from './commands.js';
import { checked, FormError, gameField, line, lines, optionalWord, pressLines, signonWord, text, word, type Fields } from './forms.js';
import { HtmlTemplates } from './html.js';
import { WebPages, type ActionResult, type Visitor } from './pages.js';
import { webSecret } from './secret.js';
import type { WebSettings } from './settings.js';
import { VISITOR_COOKIE, Visitors, type SignedOn } from './visitors.js';
import { Refusal } from '../common/errors.js';
import { CODE_VALID_MINUTES, MailedCodes, type PendingCommand } from './mailed-codes.js';
import { WebThrottle } from './throttle.js';

/**
 * The judge's web pages: fastify serving server-rendered HTML that works without JavaScript. Every
 * form carries the visitor's form token; every action runs as the commands of a mail through the
 * command executor (see commands.ts). Request logging is off: a form's body may hold a password,
 * and no password is ever put in a URL.
 */

export interface WebDeps {
  readonly loaded: LoadedConfig;
  /** The journal database: signed-on visitors are kept there. */
  readonly db: JudgeDatabase;
  readonly settings: WebSettings;
  /** The command executor the actions run through, and the reading commands the pages show. */
  readonly commands: CommandExecutor;
  readonly mails: MailQueue;
  readonly log: (line: string) => void;
  readonly now?: () => Date;
}

export interface RunningWeb {
  /** The address the pages are served at, port included. */
  readonly url: string;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    visitor: Visitor;
  }
}

/** Stops a form that did not come from the judge's pages: no token, another visitor's, a stale one. */
class StaleFormError extends Refusal {
  override name = 'StaleFormError';
  readonly code = 'FORM_STALE';
}

const STALE_FORM =
  'This form did not come from this page as you have it now: it has no form token, or one from before you signed on or off, or from another browser. Nothing was done. Load the page again and send the form from there.';

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; connect-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** A form's lines, as a player would mail them after their SIGNON. */
const ACTIONS: Readonly<Record<string, (fields: Fields) => string[]>> = {
  orders(fields) {
    const chosen = lines(fields, 'order');
    if (chosen.length === 0) throw new FormError('no order was chosen');
    return chosen;
  },
  clear: () => ['CLEAR'],
  // A Payola offer sheet and a Crystal Ball order list: one bribe or order a line, as a mail gives them.
  offers: (fields) => text(fields, 'offers', 'The offer sheet').split('\n'),
  list: (fields) => text(fields, 'list', 'The order list').split('\n'),
  transfer: (fields) => [`TRANSFER ${word(fields, 'amount', 'The amount')} TO ${word(fields, 'to', 'The power')}`],
  accept: (fields) => [`ACCEPT ${word(fields, 'accept', 'The acceptance list')}`],
  commands: (fields) => text(fields, 'commands', 'The commands').split('\n'),
  press: pressLines,
  wait(fields) {
    const choice = word(fields, 'wait', 'WAIT or NOWAIT').toUpperCase();
    if (choice !== 'WAIT' && choice !== 'NOWAIT') throw new FormError('choose WAIT or NOWAIT');
    return [`SET ${choice}`];
  },
  absence(fields) {
    const until = optionalWord(fields, 'until', 'The last day');
    return [`SET ABSENCE ${word(fields, 'from', 'The first day')}${until === null ? '' : ` TO ${until}`}`];
  },
  vote: (fields) => [`VOTE ${word(fields, 'vote', 'The vote')}`],
  propose: (fields) => [`PROPOSE ${word(fields, 'proposal', 'The proposal')}`],
  address: (fields) => [`SET ADDRESS ${word(fields, 'addresses', 'The address')}`],
  password: (fields) => [`SET PASSWORD ${word(fields, 'password', 'The new password')}`],
  resign(fields) {
    if (!checked(fields, 'sure')) throw new FormError('tick the box to say you mean to resign');
    return ['RESIGN'];
  },
  process: (fields) => [checked(fields, 'force') ? 'PROCESS!' : 'PROCESS'],
  preview: () => ['PREVIEW'],
  rollback(fields) {
    const phase = optionalWord(fields, 'phase', 'The phase');
    return [phase === null ? 'ROLLBACK' : `ROLLBACK ${phase}`];
  },
  deadline: (fields) => [`SET DEADLINE ${line(fields, 'deadline', 'The deadline')}`],
};

/** Where a signed-on visitor's commands come from: the address the game has for them, as their mails would. */
function senderOf(game: GameStatus, session: SignedOn['session']): string | null {
  if (session.kind === 'master' || session.master) return game.master?.email ?? null;
  return mailAddressesOf(game, session.power)[0] ?? null;
}

function labelOf(game: GameStatus, map: GameMap, session: SignedOn['session']): string {
  if (session.kind === 'master') return `the Master of ${game.name}`;
  const name = map.power(session.power)?.displayName ?? session.power;
  return `${name} in ${game.name}${session.master ? " (with the Master's password)" : ''}`;
}

function mailedOf(outcome: WebOutcome): ActionResult {
  return { reply: outcome.reply, mailed: outcome.mailedToVisitor.map((notice) => ({ subject: notice.subject, text: notice.text })) };
}

function signedSession(session: Session): session is SignedOn['session'] {
  return session.kind === 'power' || session.kind === 'master';
}

function sameSession(after: Session, before: SignedOn['session']): boolean {
  return JSON.stringify(after) === JSON.stringify(before);
}

export function buildWebApp(deps: WebDeps): FastifyInstance {
  const now = deps.now ?? (() => new Date());
  const secret = webSecret(deps.settings.varFolder);
  const visitors = new Visitors(secret, deps.db);
  const templates = new HtmlTemplates(join(folder(deps.loaded, 'templates'), 'web'));
  const service = deps.commands.readingContext(now()).service;
  const pages = new WebPages({ commands: deps.commands, service, templates, judge: deps.loaded.config.judge, visitors, now });
  const web = new WebCommands(deps.commands, deps.mails, now, deps.log);
  const { mails: formsPerWindow, minutes } = deps.loaded.config.mail.throttle;
  const throttle = new WebThrottle(deps.db, { count: formsPerWindow, windowMs: minutes * 60_000 });
  const codes = new MailedCodes(deps.db);

  const app = Fastify({
    logger: false,
    bodyLimit: 200_000,
    trustProxy: deps.settings.trustProxy.length > 0 ? [...deps.settings.trustProxy] : false,
    ...CONNECTION_LIMITS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: CHECK_CONNECTIONS_MS },
  });
  // Beyond the cap a connection is closed as soon as it is accepted: the mail loop and the sweeps keep their descriptors.
  app.server.maxConnections = connectionCap();
  app.register(fastifyCookie, { secret });
  app.register(fastifyFormbody);
  app.decorateRequest('visitor', null as unknown as Visitor);

  /** The visitor still signed on, unless the password that let them in has changed or the game is gone. */
  const stillSignedOn = (signedOn: SignedOn): SignedOn | null => {
    try {
      const game = service.load(signedOn.game).game;
      if (sessionPassword(game, signedOn.session) === signedOn.fingerprint) return signedOn;
    } catch (error) {
      if (!(error instanceof NoSuchGameError)) throw error;
    }
    return null;
  };

  // Secure whenever the page came over TLS: behind a trusted proxy, fastify reads that from X-Forwarded-Proto.
  const setVisitorCookie = (reply: FastifyReply, id: string) =>
    reply.setCookie(VISITOR_COOKIE, id, { signed: true, httpOnly: true, sameSite: 'strict', path: '/', secure: reply.request.protocol === 'https' });

  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[VISITOR_COOKIE];
    const unsigned = cookie === undefined ? null : request.unsignCookie(cookie);
    let id = unsigned?.valid ? unsigned.value : null;
    if (id === null) {
      id = visitors.newId();
      setVisitorCookie(reply, id);
    }
    const found = visitors.find(id, now().getTime());
    const signedOn = found === null ? null : stillSignedOn(found);
    if (found !== null && signedOn === null) visitors.signOff(id);
    request.visitor = { id, signedOn };
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST') return;
    const fields = (request.body ?? {}) as Fields;
    if (!visitors.formTokenMatches(request.visitor.id, fields.token)) throw new StaleFormError(STALE_FORM);
  });

  const html = (reply: FastifyReply, page: string, status = 200) => reply.code(status).type('text/html; charset=utf-8').send(page);
  const svg = (reply: FastifyReply, picture: string) => reply.type('image/svg+xml; charset=utf-8').send(picture);

  app.setErrorHandler((error, request, reply) => {
    const visitor = request.visitor ?? { id: visitors.newId(), signedOn: null };
    if (error instanceof StaleFormError) return html(reply, pages.message(visitor, 'Form refused', error.message), 403);
    if (error instanceof FormError)
      return html(reply, pages.message(visitor, 'Form not sent', `The form could not be sent: ${error.message}. Nothing was done.`), 400);
    if (error instanceof GameRuleError || error instanceof NoSuchGameError)
      return html(reply, pages.message(visitor, 'Not found', `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`), 404);
    // The judgekeeper is editing the game's status file (docs/durability.md, "Hand edits").
    if (error instanceof StatusConflictError)
      return html(reply, pages.message(visitor, 'Being edited', 'The game is being edited just now; try again in a moment. Nothing was done.'), 503);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return html(reply, pages.message(visitor, 'Request refused', 'The judge could not read this request. Nothing was done.'), status);
    deps.log(`web: ${request.method} ${request.routeOptions.url ?? 'unknown route'} failed: ${(error as Error).stack ?? String(error)}`);
    return html(
      reply,
      pages.message(
        visitor,
        'Something went wrong',
        'The judge failed to answer this request; the judgekeeper can find out why in its log. Nothing more than the judge could finish was done.',
      ),
      500,
    );
  });

  app.setNotFoundHandler((request, reply) => html(reply, pages.message(request.visitor, 'Not found', 'There is no such page on this judge.'), 404));

  app.get('/style.css', (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'max-age=3600').send(templates.text('style.css')));
  // The clickable board (issue 36): a plain ES module, the page's only script.
  app.get('/board.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'max-age=3600').send(templates.text('board.js')),
  );
  app.get('/', (request, reply) => html(reply, pages.front(request.visitor)));
  app.get('/help', (request, reply) => html(reply, pages.help(request.visitor)));
  app.get('/rules', (request, reply) => html(reply, pages.rules(request.visitor)));

  const gameName = (request: FastifyRequest): string => {
    const name = (request.params as { name: string }).name;
    if (!isGameName(name)) throw new GameRuleError(`there is no game '${name}' on this judge`);
    return name.toLowerCase();
  };

  app.get('/game/:name', (request, reply) => {
    const zone = (request.query as { zone?: unknown }).zone;
    return html(reply, pages.game(gameName(request), request.visitor, typeof zone === 'string' ? zone : null));
  });
  app.get('/game/:name/board.svg', (request, reply) => svg(reply, pages.board(gameName(request), request.visitor)));
  // The clickable board's orders being given, drawn as the results draw them (issue 36).
  app.get('/game/:name/given-orders', (request, reply) => {
    const order = (request.query as { order?: unknown }).order;
    const orders = (Array.isArray(order) ? order : [order]).filter((text): text is string => typeof text === 'string');
    const marks = pages.givenOrders(gameName(request), request.visitor, orders);
    if (marks === null) return reply.code(404).type('application/json').send({ error: 'You give no orders in this game now.' });
    return reply.type('application/json').header('cache-control', 'no-store').send(marks);
  });
  app.get('/game/:name/history', (request, reply) => html(reply, pages.history(gameName(request), request.visitor)));
  app.get('/game/:name/history/:phase.svg', (request, reply) => {
    const phase = (request.params as { phase: string }).phase.toUpperCase();
    const picture = /^[A-Z0-9]{1,12}$/.test(phase) ? pages.phaseBoard(gameName(request), phase, request.visitor) : null;
    if (picture === null) return html(reply, pages.message(request.visitor, 'Not found', 'The judge has no picture of that phase.'), 404);
    return svg(reply, picture);
  });

  /** Signs the visitor on to what the commands ended signed on to, under a new visitor id; null when they signed on to nothing. */
  const signOnAfter = (request: FastifyRequest, reply: FastifyReply, session: Session): Visitor | null => {
    if (!signedSession(session)) return null;
    const game = service.load(session.game).game;
    const map = service.maps(game).base;
    const signedOn: SignedOn = { game: session.game, session, label: labelOf(game, map, session), fingerprint: sessionPassword(game, session) };
    const id = visitors.signOn(request.visitor.id, signedOn, now().getTime());
    setVisitorCookie(reply, id);
    return { id, signedOn };
  };

  /** Runs what a visitor not signed on sends (SIGNON, JOIN, CREATE...), signing them on to where it leads. */
  const anonymousAction = async (request: FastifyRequest, reply: FastifyReply, commandText: string, from: string) => {
    const outcome = await web.run(commandText, from, null);
    const visitor = signOnAfter(request, reply, outcome.session);
    const result = mailedOf(outcome);
    if (visitor === null) return html(reply, pages.front(request.visitor, result));
    return html(reply, pages.game(visitor.signedOn!.game, visitor, null, result));
  };

  const tooMany = (request: FastifyRequest, reply: FastifyReply) =>
    html(
      reply,
      pages.message(
        request.visitor,
        'Too many forms',
        `This judge takes at most ${formsPerWindow} forms in ${minutes} minutes from one browser, one network address or one e-mail address. Nothing was done; wait, then send the form again.`,
      ),
      429,
    );
  const anonymousForm = (request: FastifyRequest, named: string | null) => throttle.anonymousForm(request.visitor.id, request.ip, named, now().getTime());

  /**
   * Mails `to` a code that does `command` from its first address, and shows the form that takes the
   * code and the password: a web form acts in an address's name only for whoever reads its mail.
   */
  const mailCode = (
    request: FastifyRequest,
    reply: FastifyReply,
    to: readonly string[],
    command: PendingCommand,
    what: string,
    password: PasswordAsked,
    shownTo: string,
  ) => {
    const instant = now().getTime();
    if (to.length > 0 && to.every((address) => throttle.codeMailed(address, instant))) {
      const code = codes.issue(command, instant);
      const text = service.templates.render('web-code', { judge: deps.loaded.config.judge.name, what, code, minutes: CODE_VALID_MINUTES });
      deps.mails.send([{ to: [...to], subject: `Judge ${deps.loaded.config.judge.name}: your code to ${what}`, text }], `web code ${what}`);
    }
    // The same answer whether or not a mail went: the page tells nobody whether a place has a player.
    const text = `Unless the judge has mailed it too many codes this hour, a code to ${what} was mailed to ${shownTo}. Enter it here within ${CODE_VALID_MINUTES} minutes, with ${password.label.toLowerCase()}. Without the code nothing is done.`;
    return html(reply, pages.confirm(request.visitor, { title: 'Enter the mailed code', text, ...password }));
  };

  app.post('/signon', async (request, reply) => {
    if (!anonymousForm(request, null)) return tooMany(request, reply);
    const fields = request.body as Fields;
    const game = gameField(fields);
    const password = word(fields, 'password', 'The password');
    const command = `SIGNON ${signonWord(word(fields, 'who', 'Who you are'), game)} ${password}`;
    return anonymousAction(request, reply, command, webVisitorAddress(request.ip));
  });

  /** A place's owner locked out by strangers' guesses signs on with a code mailed to the place's address. */
  app.post('/signon/code', async (request, reply) => {
    if (!anonymousForm(request, null)) return tooMany(request, reply);
    const fields = request.body as Fields;
    const game = gameField(fields).toLowerCase();
    const signon = signonWord(word(fields, 'who', 'Who you are'), game);
    const place = playerAtGame(signon);
    if (!place.ok) throw new FormError(place.reason);
    const status = service.load(game).game;
    const to = placeAddresses(status, service.maps(status).base, place.value.who).filter((address) => MAIL_ADDRESS.test(address));
    const command = { address: to[0] ?? '', before: `SIGNON ${signon}`, after: '' };
    return mailCode(request, reply, to, command, `sign on as ${signon}`, SIGNON_PASSWORD, "that place's registered address, if it has a player");
  });

  app.post('/join', async (request, reply) => {
    const fields = request.body as Fields;
    const game = gameField(fields);
    const address = mailAddress(fields);
    if (!anonymousForm(request, address)) return tooMany(request, reply);
    const power = optionalWord(fields, 'power', 'The power');
    const privacy = optionalWord(fields, 'privacy', 'The privacy word');
    const observer = optionalWord(fields, 'observer', "The observer's name");
    const target = observer !== null ? `OBSERVE ${observer}@${game}` : `JOIN ${power === null ? game : `${power}@${game}`}`;
    const command = { address, before: target, after: privacy === null ? '' : ` ${privacy}` };
    return mailCode(request, reply, [address], command, `${target.split(' ')[0]!.toLowerCase()} game '${game}'`, NEW_PASSWORD, address);
  });

  app.post('/takeover', async (request, reply) => {
    const fields = request.body as Fields;
    const address = mailAddress(fields);
    if (!anonymousForm(request, address)) return tooMany(request, reply);
    const game = gameField(fields);
    const power = word(fields, 'power', 'The power');
    const command = { address, before: `TAKEOVER ${signonWord(power, game)}`, after: '' };
    return mailCode(
      request,
      reply,
      [address],
      command,
      `take over ${power} in game '${game}'`,
      power.toUpperCase() === 'M' ? MASTER_PASSWORD : NEW_PASSWORD,
      address,
    );
  });

  app.post('/create', async (request, reply) => {
    const fields = request.body as Fields;
    const address = mailAddress(fields);
    if (!anonymousForm(request, address)) return tooMany(request, reply);
    if (!throttle.creation(request.ip, now().getTime())) return tooMany(request, reply);
    const game = gameField(fields);
    const map = optionalWord(fields, 'map', 'The map');
    // Refused here as CREATE refuses it, before a code is mailed for a command that could not run.
    const variant = createdVariant(optionalWord(fields, 'variant', 'The rule variant') ?? undefined);
    if (!variant.ok) throw new FormError(variant.reason);
    const played = variant.value === STANDARD ? '' : ` ${variant.value.name}`;
    // The web's create form is DPjudge's "allow the game to form": the game takes JOINs at once.
    const command = { address, before: `CREATE ${game}`, after: [played, ...(map === null ? [] : [`MAP ${map}`]), 'FORM'].join('\n') };
    const what = `create game '${game}'${played === '' ? '' : ` to play ${variant.value.displayName}`} as its Master`;
    return mailCode(request, reply, [address], command, what, NEW_MASTER_PASSWORD, address);
  });

  /** A mailed code, with the password: the command it stands for, done from the address it was mailed to. */
  app.post('/confirm', async (request, reply) => {
    if (!anonymousForm(request, null)) return tooMany(request, reply);
    const fields = request.body as Fields;
    const code = word(fields, 'code', 'The code');
    const password = word(fields, 'password', 'The password');
    const pending = codes.redeem(code, now().getTime());
    if (pending === null)
      return html(
        reply,
        pages.message(
          request.visitor,
          'Code refused',
          `That code is not one the judge mailed, or it was used already, or it is more than ${CODE_VALID_MINUTES} minutes old. Nothing was done.`,
        ),
        403,
      );
    return anonymousAction(request, reply, `${pending.before} ${password}${pending.after}`, pending.address);
  });

  app.post('/signoff', (request, reply) => {
    visitors.signOff(request.visitor.id);
    return html(reply, pages.front({ id: request.visitor.id, signedOn: null }, { reply: 'Signed off.', mailed: [] }));
  });

  app.post('/game/:name/:action', async (request, reply) => {
    const name = gameName(request);
    const action = ACTIONS[(request.params as { action: string }).action];
    if (action === undefined) return html(reply, pages.message(request.visitor, 'Not found', 'There is no such form on this judge.'), 404);
    const signedOn = request.visitor.signedOn;
    if (signedOn === null || signedOn.game !== name) {
      return html(reply, pages.message(request.visitor, 'Not signed on', `Sign on to game '${name}' first (on its page); nothing was done.`), 403);
    }
    const commandLines = action(request.body as Fields);
    const game = service.load(name).game;
    const from = senderOf(game, signedOn.session) ?? webVisitorAddress(request.ip);
    if (!throttle.signedOnForm(from, now().getTime())) return tooMany(request, reply);
    const outcome = await web.run(commandLines.join('\n'), from, signedOn.session, `${name}/${(request.params as { action: string }).action}`);
    const visitor = afterAction(request, signedOn, outcome);
    return html(reply, pages.game(name, visitor, null, mailedOf(outcome)));
  });

  /**
   * The visitor's sign-on after their commands: a new password they set for themselves keeps them
   * signed on; a SIGNOFF, or a change to their password by anyone else meanwhile, signs them off.
   */
  const afterAction = (request: FastifyRequest, signedOn: SignedOn, outcome: WebOutcome): Visitor => {
    const fingerprint = sessionPassword(service.load(signedOn.game).game, signedOn.session);
    if (!sameSession(outcome.session, signedOn.session)) {
      visitors.signOff(request.visitor.id);
      return { id: request.visitor.id, signedOn: null };
    }
    if (fingerprint === signedOn.fingerprint) return request.visitor;
    visitors.passwordChanged(request.visitor.id, fingerprint, now().getTime());
    return { id: request.visitor.id, signedOn: { ...signedOn, fingerprint } };
  };

  return app;
}

/**
 * What a slow or idle client may hold (issue 31: slow connections starved the judge of file
 * descriptors): the request line and headers within HEADERS_TIMEOUT_MS, the whole request within
 * requestTimeout, an idle connection closed after connectionTimeout, a kept-alive one after
 * keepAliveTimeout. A real browser sends a form in well under a second.
 */
const HEADERS_TIMEOUT_MS = 10_000;
const CONNECTION_LIMITS = { requestTimeout: 20_000, connectionTimeout: 30_000, keepAliveTimeout: 5_000 } as const;
/** How often Node looks for connections over their header or request time (its default is 30 s). */
const CHECK_CONNECTIONS_MS = 1_000;
/** Open connections served at most, whatever the descriptor limit. */
const MOST_CONNECTIONS = 1_000;

/**
 * The connections the pages may hold at once: a quarter of the process's limit on open files
 * (Linux's /proc/self/limits), so that the journal, the games' files, the Maildir, the SMTP
 * connections and the picture worker always find descriptors; 256 where the limit cannot be read.
 */
function connectionCap(limits = readLimits()): number {
  const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
  if (soft === undefined) return 256;
  return Math.max(16, Math.min(MOST_CONNECTIONS, Math.floor(Number(soft) / 4)));
}

function readLimits(): string {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return '';
  }
}

/** What the code's form asks for besides the code. */
interface PasswordAsked {
  readonly label: string;
  readonly autocomplete: 'current-password' | 'new-password';
}
const SIGNON_PASSWORD: PasswordAsked = { label: 'Your password', autocomplete: 'current-password' };
const NEW_PASSWORD: PasswordAsked = { label: 'A password of your choice', autocomplete: 'new-password' };
const MASTER_PASSWORD: PasswordAsked = { label: "The Master's password", autocomplete: 'current-password' };
const NEW_MASTER_PASSWORD: PasswordAsked = { label: "A Master's password of your choice", autocomplete: 'new-password' };

const MAIL_ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

function mailAddress(fields: Fields): string {
  const address = word(fields, 'address', 'Your e-mail address');
  if (!MAIL_ADDRESS.test(address)) throw new FormError(`'${address}' is not an e-mail address`);
  return address;
}

/** Serves the pages; the promise is refused when the address cannot be listened on. */
export async function startWebServer(deps: WebDeps): Promise<RunningWeb> {
  const app = buildWebApp(deps);
  await app.listen({ host: deps.settings.host, port: deps.settings.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : deps.settings.port;
  const host = deps.settings.host.includes(':') ? `[${deps.settings.host}]` : deps.settings.host;
  return { url: `http://${host}:${port}/`, close: () => app.close() };
}
