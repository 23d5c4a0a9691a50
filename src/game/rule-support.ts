import type { MapExtras } from '../map/model.js';
import { RULES, type RuleInfo, type RuleName } from '../rules/catalog.js';
import { ruleInfo } from '../rules/in-force.js';

/**
 * Which DPjudge RULEs this judge honours. A rule is `supported` when the judge does what Rules.txt
 * says (a Payola rule in a Payola game); `variant` when it belongs to a rules variant (Crystal Ball) the judge does not play;
 * `unsupported` otherwise. Games may still name an unsupported rule: the Master is told at CREATE
 * and `judge game validate` warns, so that no rule is ignored silently. docs/rules.md is this table.
 */

export type RuleSupport = 'supported' | 'variant' | 'unsupported';

const SUPPORTED: ReadonlySet<string> = new Set<RuleName>([
  // adjudication and builds
  'BUILD_ANY',
  'HIDE_BUILDS',
  'NO_RESERVES',
  'NO_MILITIA',
  'NO_FACTORIES',
  'NO_PARTISANS',
  'NO_CHECK',
  'HOME_BUILDS',
  'REMOTE_BUILDS',
  'FRIENDLY_FIRE',
  'DUMMY_FIRE',
  'IMMOBILE_DUMMIES',
  'HIBERNATE',
  'UNITS_ADAPT',
  'NO_RETREAT',
  'COASTAL_CRAWL',
  'WEAK_BOUNCES',
  'COASTAL_CONVOY',
  'CONVOY_BACK',
  'SAFE_CONVOYS',
  'WEAK_CONVOYS',
  'PORTAGE_CONVOY',
  'NO_RETURN',
  'SIGNAL_SUPPORT',
  // orders to units a power does not own, or that do not exist
  'ORDER_ANY',
  'PROXY_OK',
  'FICTIONAL_OK',
  'SHOW_PHANTOM',
  // game start and conclusion
  'POWER_CHOICE',
  'START_MASTER',
  'SOLITAIRE',
  'MOBILIZE',
  'BLANK_BOARD',
  'FLEX_SETUP',
  'SILENT_JOIN',
  'ALWAYS_CONFIRM',
  'BROADCAST_ORDERS',
  'NO_PROXY',
  'NO_DIAS',
  'NO_DRAW',
  'CD_DUMMIES',
  'CD_BUILDS',
  'CD_RETREATS',
  'CD_SUPPORTS',
  'SMART_CD',
  'NO_QUARTER',
  'PROPOSE_DIAS',
  'HIDE_PROPOSER',
  'VICTORY_HOMES',
  'TEAM_VICTORY',
  'HOLD_WIN',
  'SHARED_VICTORY',
  'VASSAL_DUMMIES',
  // deadlines and lateness
  'NO_DEADLINE',
  'REAL_TIME',
  'JUMP_OFF_DAYS',
  'PLAYER_DEADLINES',
  'CIVIL_DISORDER',
  'CIVIL_PREVIEW',
  'PREVIEW',
  'ALWAYS_WAIT',
  'NO_MINOR_WAIT',
  'HIDE_LATE_POWERS',
  'LIST_WAITERS',
  'LIST_UNORDERED',
  'NO_WAIT',
  'HIDE_EXTENDERS',
  'NO_ABSENCES',
  'SILENT_ABSENCES',
  'HIDE_ABSENTEES',
  'NO_LATE_CHANGES',
  'LATE_CHANGES',
  'DEFAULT_UNORDERED',
  'MUST_ORDER',
  // press and secrecy
  'NO_PRESS',
  'PUBLIC_PRESS',
  'GREY_PRESS',
  'FAKE_PRESS',
  'WHITE_GREY',
  'NO_REVEAL',
  'FTF_PRESS',
  'NO_PARTIAL',
  'YELLOW_PRESS',
  'BACKSEAT_PRESS',
  'PRESS_MASTER',
  'MUTE_OBSERVERS',
  'EAVESDROP',
  'LATE_SEND',
  'NO_LATE_RECEIVE',
  'TOUCH_PRESS',
  'REMOTE_PRESS',
  'NO_EOG',
  'GARRISON',
  'TORN_ALLEGIANCE',
  'HIDE_DUMMIES',
  'LAST_MAN_STANDING',
  // secrecy: what each power sees of the board (see engine/visibility.ts)
  'BLIND',
  'OWN_SCS_SEE',
  'NO_SCS_SEE',
  'NO_UNITS_SEE',
  'SEE_NO_SCS',
  'SEE_ALL_SCS',
  'SEE_NO_UNITS',
  'UNITS_SEE_OTHER',
  'UNITS_SEE_SAME',
  'MYOPIC',
  'VENETIAN',
  'GREEK',
  'TROJAN',
  // Crystal Ball's order lists
  'PUBLIC_LISTS',
  'LIMIT_LISTS',
]);

/** How this judge honours a rule, where the player or Master needs to know more than Rules.txt says. */
const HOW: Readonly<Partial<Record<RuleName, string>>> = {
  ORDER_ANY:
    "orders to any power's units are taken, and the reply says what becomes of each: as on DPjudge, a unit follows its owner's order, or under PROXY_OK the order of the power its owner proxied it to; another power's order for it is not used, nor shown in the results but in a NO_CHECK game, where it is listed `(*invalid*)` as on DPjudge (a Payola game always has it: CREATE writes it into the status file and tells the Master, as Rules.txt 3.1 says). The web page's order form shows such an order on file beside the power's own units, so that sending it again keeps it.",
  PROXY_OK:
    "`A LON PROXY FRANCE` (or `P F`, `PROXY [NEW YORK]`) is kept on file as `A LON P FRANCE`; it is refused from anyone but the owner, to the unit's own power, to a dummy and to a power out of the game. The results show the proxy order and, under the owner, the order the unit followed; a unit its proxy leaves unordered holds `(no order)` and may be supported in place; the web page offers each proxy, and the units proxied to a power beside its own; an order to a proxied unit written after its power's name is refused with how to write it, as Format.txt asks. NO_PROXY, named, countermands it and the ORDER_ANY it brings. A Payola game refuses the rule at CREATE and in a RULE line, with the reason (Rules.txt 3.1). In a Crystal Ball game (which always has it) a proxy is an order of the SOONER list: `F BRE P ENGLAND` in the owner's list, counted against its own limit (the smallest power's centres), and the order England's list gives the fleet; a unit handed on again is `reProxy` and holds.",
  FICTIONAL_OK:
    "an order to a unit that is not there (none of the type written) is taken without a word and left out of the results (in a NO_CHECK game listed `(*invalid*)`, as on DPjudge); a support or convoy for such a unit, or a convoy route through a sea with no fleet (under PORTAGE_CONVOY also an army's offer to carry a fleet that is not there, or a carried fleet's route through a province with no army), is taken too, and the unit that gives it holds and is shown holding, unless SHOW_PHANTOM; a support written for the wrong type goes to the unit that stands there, as on DPjudge. BLIND brings it. Crystal Ball games always have it: an order of a SOONER list for a unit that is not there is marked `no unit` in the lists and does nothing. A Payola game refuses it named (Rules.txt 3.1); BLIND still brings it there.",
  SHOW_PHANTOM:
    'such supports and convoys are shown as ordered and `(*void*)`, and a move through a sea with no fleet (or a fleet carried through a province with no army) as `(*no convoy*)`; the results here never name the nationality of a supported or convoyed unit, with the rule or without it. BLIND brings it.',
  NO_CHECK:
    "an order found unusable at processing is listed `(*invalid*)` with the reason and the unit holds; so is an order a unit does not follow (another power's under ORDER_ANY, one to a unit that does not exist under FICTIONAL_OK), as on DPjudge. A unit given more than one order keeps them all on file (a repeated order counts once; a proxy and a later order of the owner's are two), the reply says it will hold, and at processing it holds and each of its orders is listed `(*invalid*)` as a REORDER, as on DPjudge. The web page's order form shows every order on file in a row of its own, so that sending it again keeps them all; a row may drop its order. Crystal Ball and Payola games refuse the rule at CREATE (Rules.txt 4.1, 3.1).",
  NO_PROXY:
    "in a Crystal Ball game a list's proxy order is refused with the reason, and an order for another power's unit is marked `foreign` in the lists as played.",
  SIGNAL_SUPPORT:
    'such a support is accepted as a signal and shown `(*void*)` with the reason in the results. In a Payola game a signal is an order like any other in an offer sheet (see RESTRICT_SIGNAL), its sheet line marked `?` as DPjudge writes it.',
  MOBILIZE:
    'a Crystal Ball game starts one movement phase earlier, SKIPped (PHASE line `SKIP`): nothing is played in it, but the lists written then are played in the first movement phase after the builds, as Rules.txt says.',
  BLANK_BOARD: 'a Crystal Ball game starts one movement phase earlier, SKIPped, as under MOBILIZE.',
  CD_SUPPORTS: 'Crystal Ball and Payola games refuse the rule at CREATE: it belongs to standard games only (Rules.txt 4.1, 3.1).',
  LAST_MAN_STANDING:
    "the game ends as soon as a phase leaves at most one unit on the board (dislodged units counted until they retreat or are gone), and the results name that unit, its power as the winner, and the phase it took; the puzzle's own conditions (no neutral centers taken, ...) are the Master's to judge, as on DPjudge. A Payola game refuses it at CREATE: it belongs to standard games only (Rules.txt 3.1).",
  HIDE_DUMMIES:
    'LIST, SUMMARY and the game web page show a dummy as a power a player plays, press to it is accepted as to any power, and control changes in the results go to the Master only, until the game is over.',
  GARRISON:
    'the adjustment counts give such a power one build (its remaining units are kept) and refuse builds by others in its homes with the reason; a power whose player RESIGNed (and nobody took over) has no such right.',
  TORN_ALLEGIANCE:
    'vassals are those of VASSAL_DUMMIES; after the Fall ownership update the destroyed units are listed in the results under their own heading.',
  PUBLIC_LISTS:
    "a Crystal Ball game only (a Payola game refuses it; elsewhere the Master is told it does nothing): when a movement phase is processed every power's SOONER list as played is mailed to everyone apart, before the results (as XtalballGame broadcasts them), and is in the results and HISTORY for every reader, each order marked as DPjudge marks it (`[ordered]`, `[byProxy]`, `[proxied]`, `[revoked]`, `[ignored]`, `[no unit]`, `[reProxy]`, `[noProxy]`, `[refused]`, `[default]`); without it each power (and the player of a dummy it plays) reads only its own lists, in the results and in HISTORY, the Master every list, and everyone every list once the game is over.",
  LIMIT_LISTS:
    'a Crystal Ball game only (a Payola game refuses it): as PUBLIC_LISTS, each list cut after as many orders as the largest power has centres; HISTORY gives the Master, and everyone once the game is over, the lists whole.',
  NO_LATE_CHANGES:
    'past the deadline a power with orders on file may only add orders for units still without one; in a Crystal Ball game the list being written (SOONER on the first turn, then LATER) may not be changed or cleared once given, as XtalballGame asks canChangeOrders of it. The Master is not bound.',
  NO_EOG:
    'every press message is archived as the Master read it (true sender and recipients, and what FAKE or GREY showed); `HISTORY game PRESS` gives it to the Master at any time and to everyone once the game is over, broadcasts after the end included as end-of-game statements unless NO_EOG.',
  EXCHANGE:
    "refused at CREATE and in a RULE line of a Payola game: DPjudge's own implementation leaves its elections undecided (processExchangeElectionsPhase counts the ELECT votes, then does nothing with them), so this judge would play a different game than the Payola rules describe.",
  ANON_TRANSFER: 'a TRANSFER tells its receiver `TRANSFER FROM SOMEONE`; the giver and the Master still read who gave.',
  NO_DONATIONS:
    "a TRANSFER from a power with no centre and no unit is refused with the rule named, and such a power's treasury is emptied after each movement phase.",
  NO_TRANSFER: 'every TRANSFER is refused with the rule named.',
  ONE_TRANSFER:
    "a second TRANSFER to the same power in a phase is refused; the status file's SENT lines keep the phase's receivers and are emptied as each phase ends.",
  NO_LOOTING: 'a TRANSFER from a dummy (by its controller or the Master) is refused with the rule named.',
  ZEROSUM:
    "each power starts with 10 AgP per centre; after each movement phase what its units took is kept as the year's bribe profits (the FUNDS line's `n+`, as DPjudge writes it) and paid, capped by CAP, as the year's income, which the income report calls BRIBE PROFITS. As the year's centres are counted (the step into the Winter adjustments, or into the next year when there are none), a neutral centre pays its taker 10 AgP and an owned one moves the loser's treasury with its bribe profits, divided by the centres it held and rounded down, from the loser to the taker, each a line of the income report; the year's income is paid then rather than after the adjustments, so a transfer made during the adjustments is not emptied by NO_HOARDING.",
  RESTRICT_SIGNAL:
    "with SIGNAL_SUPPORT: a signal (a support no unit could give) in an offer sheet is refused, the line quoted, unless it is a direct 0 AgP bribe (`0 : F TRI S A VEN - SWI`), alone in its line, to a unit of the sheet's power or of a dummy it controls, and the sheet's only one for the unit; it takes no wildcard money, and when HOLD wins the unit the owner's signal (else its controller's) is given instead, as on DPjudge. The sheet line keeps DPjudge's `?` mark.",
  FLAT_TAX:
    "each centre earns as many AgP a year as the map has powers, paid as the year turns (after the Fall phases), unless the game's TAX line sets the worth.",
  NO_HOARDING: "each treasury is emptied before the year's income is paid; the account statements and LIST show the balances after.",
  EBAYOLA:
    "each unit's winning bidders pay one AgP more than the best losing total (a tie, one AgP more than offered), the saving going to them in the owner's acceptance-list order, never below a plateau unless PUBLIC_TOTALS.",
  HIDE_COST: "the account statements list a power's units' orders without what each was paid.",
  HIDE_OFFERS:
    "the account statements leave out the power's offer sheet, its accepted bribes, the reductions and the cost: its units' orders and takings and its new balance stay.",
  PUBLIC_TOTALS: "the results of every movement phase tell everyone the total each unit was paid (without who paid it); EBAYOLA's savings ignore plateaus.",
  NO_LEDGERS: 'no account statements are added to the results; the bribes are charged all the same (LIST shows each power its balance).',
  DIRECT_ONLY:
    'an offer sheet with a wildcard bribe (`!` `>` `@` `&`), alternatives (`|`), repeats (`*` `+`) or a second bribe to one unit is refused, each line quoted.',
  PAY_DUMMIES:
    "a bribe to a unit of a power that is not a dummy is refused; a power's own units take one plain order each (`0 : A PAR - BUR`, or the order alone); no income once no dummy holds a centre.",
  NO_SAVINGS: 'an offer sheet with a savings request (`$`) or a plateau (`#`) is refused, the line quoted.',
  NO_PLATEAU: 'an offer sheet with a plateau (`#`) is refused, the line quoted.',
  PAYOLA_CLASSIC: 'it brings NO_SAVINGS, DIRECT_ONLY, FLAT_TAX and ZERO_FOREIGN, each played as its own row says.',
  LIMIT_OFFERS: 'an offer sheet whose offers come to more than the treasury less its savings requests is refused with both amounts.',
  REMOTE_BRIBE: "a bribe to a foreign unit within hold-support range of the power's own units is refused (dummies' units under CD_DUMMIES excepted).",
  TOUCH_BRIBE: "a bribe to a foreign unit out of hold-support range of all the power's units is refused (dummies' units under CD_DUMMIES excepted).",
  ZERO_FOREIGN: '0 AgP bribes to foreign units are taken (without it they are refused, the line quoted), and under BLIND the statements list them.',
};

/**
 * The rules a Payola game may not name, with the reason a Master is given: Rules.txt 3.1 forbids
 * PROXY_OK and FICTIONAL_OK (BLIND still brings the latter), and DPjudge's PayolaGame refuses a
 * status file with PROXY_OK or NO_CHECK; EXCHANGE DPjudge never finished.
 */
const REFUSED_IN_PAYOLA: Readonly<Partial<Record<RuleName, string>>> = {
  EXCHANGE:
    "is not played by this judge: DPjudge's own implementation leaves its elections undecided (it counts the ELECT votes, then does nothing with them), so this judge would play a different game than the Payola rules describe",
  PROXY_OK:
    'is not allowed in Payola games (Rules.txt 3.1; DPjudge refuses such a status file): a unit follows its highest bidder, not an order its owner hands on',
  FICTIONAL_OK: 'is not allowed in Payola games (Rules.txt 3.1), except as the BLIND rule brings it',
};

/** Why a Payola game may not name the rule (a rule of another variant among them, Rules.txt 3.1), or null when it may. */
export function payolaRuleRefusal(rule: RuleInfo): string | null {
  const refused = REFUSED_IN_PAYOLA[rule.name];
  if (refused !== undefined) return `${rule.name} ${refused}`;
  if (rule.variant === 'STANDARD' || rule.variant === 'XTALBALL')
    return `${rule.name} is a rule of ${rule.variant === 'STANDARD' ? 'standard' : 'Crystal Ball'} games only, which Payola does not allow (Rules.txt 3.1)`;
  return null;
}

/** The rules variants this judge plays, by the name Rules.txt gives their rules' chapter. */
const PLAYED_VARIANTS: ReadonlySet<string> = new Set(['STANDARD', 'PAYOLA', 'XTALBALL']);

export function ruleSupport(rule: RuleInfo): RuleSupport {
  if (SUPPORTED.has(rule.name) || (rule.variant === 'PAYOLA' && rule.name !== 'EXCHANGE')) return 'supported';
  if (rule.variant !== null && !PLAYED_VARIANTS.has(rule.variant)) return 'variant';
  return 'unsupported';
}

/**
 * Rules in force that this judge does not honour (unknown names included), with the reason. A
 * Payola rule is honoured in a Payola game only: `variant` is the game's (null when it is not known,
 * as for a status file read alone).
 */
export function unhonouredRules(rules: Iterable<string>, variant: string | null = 'standard'): { rule: string; reason: string }[] {
  const found: { rule: string; reason: string }[] = [];
  for (const rule of rules) {
    const info = ruleInfo(rule);
    const refusedInPayola = info && variant === 'payola' ? payolaRuleRefusal(info) : null;
    if (!info) found.push({ rule, reason: 'not a DPjudge rule' });
    else if (refusedInPayola !== null) found.push({ rule, reason: `refused in a Payola game: ${refusedInPayola}` });
    else if (info.variant === 'XTALBALL' && variant !== null && variant !== 'xtalball') found.push({ rule, reason: 'a rule of Crystal Ball games only' });
    else if (ruleSupport(info) === 'variant') found.push({ rule, reason: `a ${info.variant} rule; this judge plays no ${info.variant} games` });
    else if (info.variant === 'PAYOLA' && variant !== null && variant !== 'payola')
      found.push({ rule, reason: 'a PAYOLA rule, and this game is not a Payola game (CREATE game password payola makes one)' });
    else if (ruleSupport(info) === 'unsupported') found.push({ rule, reason: 'not supported by this judge yet' });
  }
  return found;
}

/**
 * The nJudge map features, each as the judge adjudicates it (docs/datc-options.md has the details);
 * typed by the map model's extras, so that a new kind of extra cannot be left out of docs/rules.md.
 */
const NJUDGE_FEATURES: Record<keyof MapExtras, { feature: string; what: string }> = {
  specialCenters: { feature: 'Hong Kong centers', what: '`HongKong` setting: the powers listed may own the center, but not count it for the units they keep.' },
  arcticWaters: { feature: 'arctic waters', what: '`v` areas: iced over in the fall moves; no move, support or convoy crosses into or out of them then.' },
  gateways: {
    feature: 'gateways',
    what: '`g` areas and the `Gateway` setting: the power with a unit in the controlling province lets units pass between two provinces.',
  },
  railways: { feature: 'railways', what: '`r` areas and the `Railway` setting: armies of the powers listed ride the chain of provinces in one move.' },
  highSeas: {
    feature: 'high seas',
    what: '`h` areas: any number of fleets stand in one; a move into one never bounces, and a fleet there is never dislodged.',
  },
};

/** docs/rules.md: every rule of Rules.txt with what this judge does with it, then the nJudge map features. */
export function rulesTable(): string {
  const described = (rule: RuleInfo) => (HOW[rule.name] === undefined ? rule.summary : `${rule.summary} This judge: ${HOW[rule.name]}`);
  const rows = RULES.map((rule) => `| ${rule.name} | ${rule.topic} | ${ruleSupport(rule)} | ${described(rule).replace(/\|/g, '\\|')} |`);
  const count = (state: RuleSupport): number => RULES.filter((rule) => ruleSupport(rule) === state).length;
  return [
    '# RULEs and this judge',
    '',
    "Every rule of DPjudge's Rules.txt, and whether this judge honours it. `variant`: the rule belongs to",
    'a rules variant this judge does not play (none now); Payola rules count in Payola games only, Crystal Ball rules in Crystal Ball games only. A game that names an unsupported rule',
    'is still created; its Master is told, and `judge game validate` warns about it. A Payola game refuses, with the reason, the rules',
    "Rules.txt 3.1 forbids there (PROXY_OK, FICTIONAL_OK, the other variants' rules) and EXCHANGE.",
    '',
    `${RULES.length} rules: ${count('supported')} supported, ${count('unsupported')} unsupported, ${count('variant')} of variants.`,
    '',
    '| rule | topic | state | what it does |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    '## nJudge map features',
    '',
    `All ${Object.keys(NJUDGE_FEATURES).length} are adjudicated as nJudge does; \`docs/datc-options.md\` gives the details, and the choices where nJudge's how-to is silent.`,
    '',
    '| feature | what it does |',
    '| --- | --- |',
    ...Object.values(NJUDGE_FEATURES).map(({ feature, what }) => `| ${feature} | ${what} |`),
    '',
  ].join('\n');
}
