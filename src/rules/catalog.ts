/**
 * Catalogue of the game RULEs known to DPjudge.
 *
 * Pure data: every rule named in DPjudge's rule catalogue (Rules.txt), with the topic it is
 * filed under, a one-line summary written for this project, the rules variant it belongs to,
 * and the rules it switches on or cannot be combined with where the catalogue says so.
 *
 * This module does NOT say which rules this judge implements; that is decided elsewhere.
 *
 * Conventions:
 * - `variant` follows the way Rules.txt groups the rules:
 *     null           rules affecting all games (section 1 of Rules.txt),
 *     'STANDARD'     rules affecting only standard games (section 2),
 *     'PAYOLA'       rules affecting only Payola games (section 3),
 *     'XTALBALL'     rules affecting only Crystal Ball games (section 4; DPjudge's variant
 *                    keyword for Crystal Ball is `xtalball`).
 *   BLIND and VASSAL_DUMMIES are described both for all games and again for Payola; they are
 *   listed once, as all-game rules, with their Payola effects folded into the summary.
 * - `implies` lists only rules Rules.txt says are switched on (directly, not transitively).
 *   Conditional inclusions (REMOTE_BUILDS → BUILD_ANY, CIVIL_DISORDER → NO_LATE_CHANGES) are
 *   described in the summary instead, because they do not always apply.
 * - `excludes` lists rules Rules.txt says cannot be used together; the relation is recorded
 *   in both directions. Overrides (NO_PROXY cancels PROXY_OK, LIMIT_LISTS supersedes
 *   PUBLIC_LISTS) are not exclusions and are described in the summary.
 * - The "Ignored Rules" section of Rules.txt (2.1) names no rule: it only says that rules of
 *   other variants are silently ignored in standard games. No entry therefore has the
 *   topic 'Ignored'.
 * - Besides the rules with entries of their own, Rules.txt mentions JUMP_OFF_DAYS and
 *   NO_LOOTING (defined but missing from its index), NO_RETURN (a former rule name) and
 *   NO_WAIT (mentioned next to ALWAYS_WAIT); all four are listed here.
 */

/** The topics used in RULES, in the order Rules.txt presents them. */
export const RULE_TOPICS = [
  'Game Start',
  'Press',
  'Movement Orders',
  'Convoy Orders',
  'Retreat and Adjustment',
  'Secrecy',
  'Late and Vacant Powers',
  'Power Control',
  'Deadline Handling',
  'Game Conclusion',
  'Unit Orders',
  'Funds Transfer',
  'Income',
  'Bribe Offers',
] as const;

type RuleTopic = (typeof RULE_TOPICS)[number];

/** What the catalogue says of one rule; `RuleInfo` is the same with the names checked. */
interface RuleEntry {
  /** The rule's name as written on a RULE line, upper case with underscores. */
  readonly name: string;
  /** The Rules.txt topic the rule is filed under. */
  readonly topic: RuleTopic;
  /** One line describing what the rule does. */
  readonly summary: string;
  /** null for rules affecting all games; otherwise the only variant it applies to. */
  readonly variant: 'STANDARD' | 'PAYOLA' | 'XTALBALL' | null;
  /** Rules this rule switches on, as Rules.txt states. */
  readonly implies: readonly string[];
  /** Rules this rule cannot be combined with, as Rules.txt states. */
  readonly excludes: readonly string[];
}

const ENTRIES = [
  // ---------------------------------------------------------------- 1.1 Game Start
  {
    name: 'POWER_CHOICE',
    topic: 'Game Start',
    summary: 'Players may pick any still-unclaimed power when they JOIN; without it the judge assigns powers at random.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'MOBILIZE',
    topic: 'Game Start',
    summary:
      'Powers start with no units and one build in any home centre; play opens with the adjustment phase preceding the usual first phase (in Crystal Ball, the movement phase before that).',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'FLEX_SETUP',
    topic: 'Game Start',
    summary:
      "Alternative to BLANK_BOARD: units that would start on home centres are replaced by builds of the owner's choice in an opening adjustment phase; units starting elsewhere are placed as usual.",
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'BLANK_BOARD',
    topic: 'Game Start',
    summary:
      'The board starts empty and each power chooses the type of unit to build on each of its home centres in an opening adjustment phase (listed together with FLEX_SETUP).',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'SOLITAIRE',
    topic: 'Game Start',
    summary: 'All powers are dummies run by the Master (for puzzles and test positions); the game gets a privacy password, skips FORMING and starts at once.',
    variant: null,
    implies: ['NO_DEADLINE', 'CD_DUMMIES', 'DEFAULT_UNORDERED', 'ALWAYS_WAIT'],
    excludes: [],
  },
  {
    name: 'SILENT_JOIN',
    topic: 'Game Start',
    summary: 'No broadcast is sent when a player joins a forming game.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'START_MASTER',
    topic: 'Game Start',
    summary: 'The game does not start by itself when the last player joins; the Master has to make it active.',
    variant: null,
    implies: [],
    excludes: [],
  },

  // ---------------------------------------------------------------- 1.2 Press
  {
    name: 'NO_PRESS',
    topic: 'Press',
    summary: 'Press may only be exchanged with the Master; not valid together with PUBLIC_PRESS or any rule that lets players message each other.',
    variant: null,
    implies: ['SILENT_ABSENCES'],
    excludes: ['PUBLIC_PRESS', 'NO_PARTIAL'],
  },
  {
    name: 'PUBLIC_PRESS',
    topic: 'Press',
    summary: 'Players may write to the Master and broadcast to everyone, but may not send private press to each other.',
    variant: null,
    implies: [],
    excludes: ['NO_PRESS'],
  },
  {
    name: 'NO_PARTIAL',
    topic: 'Press',
    summary: 'Another name for PUBLIC_PRESS: only broadcasts and press to the Master are allowed.',
    variant: null,
    implies: ['PUBLIC_PRESS'],
    excludes: ['NO_PRESS'],
  },
  {
    name: 'MUST_ORDER',
    topic: 'Press',
    summary: 'A power may send press (other than to the Master) only after it has entered some orders for the current phase.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'LATE_SEND',
    topic: 'Press',
    summary: 'Powers still missing orders after a deadline may keep sending private press, which is otherwise refused.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_LATE_RECEIVE',
    topic: 'Press',
    summary: 'After a deadline, no private press may be sent to a power that is still late with its orders.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'FTF_PRESS',
    topic: 'Press',
    summary:
      'Mimics face-to-face play: press other than to the Master only in movement phases, and no private press once a deadline has passed with powers late.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'GREY_PRESS',
    topic: 'Press',
    summary: 'Every message not addressed to the Master is delivered without naming its sender.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'YELLOW_PRESS',
    topic: 'Press',
    summary: 'Every broadcast is delivered without naming its sender.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'WHITE_GREY',
    topic: 'Press',
    summary: 'A sender may choose to make any message not addressed to the Master anonymous.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'FAKE_PRESS',
    topic: 'Press',
    summary: 'A sender may make a message appear to come from another player and to be addressed to a different set of recipients.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'MUTE_OBSERVERS',
    topic: 'Press',
    summary: 'Observers may send press to the Master only.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'TOUCH_PRESS',
    topic: 'Press',
    summary:
      "Private press may go only to the Master and to powers with units in mutual hold-support range of the sender's units; broadcasts need PUBLIC_PRESS too.",
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'REMOTE_PRESS',
    topic: 'Press',
    summary:
      "Private press may go only to the Master and to powers out of reach of the sender (no mutual hold-support range, no direct moves into each other's centres); broadcasts need PUBLIC_PRESS too.",
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'BACKSEAT_PRESS',
    topic: 'Press',
    summary: 'Powers on the map may only write to the Master, while participants without a map power may only broadcast.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'EAVESDROP',
    topic: 'Press',
    summary: 'The Master silently gets a copy of all private press; the rule is kept out of listings unless written EAVESDROP! to make it public.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'PRESS_MASTER',
    topic: 'Press',
    summary: 'The Master stops receiving copies of broadcasts; press reaches the Master only when explicitly addressed to the Master.',
    variant: null,
    implies: [],
    excludes: [],
  },

  // ---------------------------------------------------------------- 1.3 Movement Orders
  {
    name: 'ALWAYS_CONFIRM',
    topic: 'Movement Orders',
    summary: 'Every order update is confirmed by mail with a copy to the Master, e.g. to settle claims of tampered orders.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'BROADCAST_ORDERS',
    topic: 'Movement Orders',
    summary: 'Orders are sent to all players the moment they are entered (mainly for teaching games).',
    variant: null,
    implies: ['ALWAYS_CONFIRM'],
    excludes: [],
  },
  {
    name: 'SIGNAL_SUPPORT',
    topic: 'Movement Orders',
    summary:
      'Supports to any unit and destination, impassable spaces included, are accepted as void orders marked with "?" so that players can signal intentions.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'FICTIONAL_OK',
    topic: 'Movement Orders',
    summary:
      'Orders may involve units that do not exist (the unit type must be stated) without telling the player, and LEAGUE limits are ignored; not allowed in Payola unless brought in by BLIND.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'SHOW_PHANTOM',
    topic: 'Movement Orders',
    summary:
      'Supports and convoys for non-existent units are reported as ordered rather than as holds, and results stop naming the nationality of supported or convoyed units.',
    variant: null,
    implies: ['FICTIONAL_OK'],
    excludes: [],
  },
  {
    name: 'ORDER_ANY',
    topic: 'Movement Orders',
    summary: 'Players may give orders to any unit on the board, not only their own (always on in Payola).',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'PROXY_OK',
    topic: 'Movement Orders',
    summary:
      'An owner may hand units to another power with the proxy order (no re-proxying; a later direct order wins); forbidden in Payola, always on in Crystal Ball.',
    variant: null,
    implies: ['ORDER_ANY'],
    excludes: [],
  },
  {
    name: 'NO_PROXY',
    topic: 'Movement Orders',
    summary: 'Proxy orders are refused; this is the default, and stating it explicitly cancels any PROXY_OK (e.g. Crystal Ball without proxies).',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'COASTAL_CRAWL',
    topic: 'Movement Orders',
    summary: 'Fleets may swap places through a multi-coast province when they use different coasts (F Spa/sc-Por with F Por-Spa/nc) without bouncing.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'FRIENDLY_FIRE',
    topic: 'Movement Orders',
    summary: 'Powers may dislodge their own units: supports against their own units count, and even a failed attack on their own unit cuts its support.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'WEAK_BOUNCES',
    topic: 'Movement Orders',
    summary:
      "Key's Rule: a unit whose move fails has no strength to hold its own space, so any foreign attack (any attack under FRIENDLY_FIRE) dislodges it unless it is a beleaguered garrison.",
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'DEFAULT_UNORDERED',
    topic: 'Movement Orders',
    summary: 'Order sets need not cover every unit; units without a movement order hold (in Payola it affects only real orders, not bribes).',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'UNITS_ADAPT',
    topic: 'Movement Orders',
    summary:
      'When terrain changes, units change type (army or fleet) to survive instead of being destroyed, and fleets on spaces that gain coasts go to the coast specified last.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'HIBERNATE',
    topic: 'Movement Orders',
    summary:
      'A unit on a space that becomes impassable (or a fleet on one that becomes landlocked) survives but may only hold until the space reopens; wins over UNITS_ADAPT.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'IMMOBILE_DUMMIES',
    topic: 'Movement Orders',
    summary: 'Units of DUMMY powers cannot be ordered to move; they may only hold, support or convoy.',
    variant: null,
    implies: [],
    excludes: [],
  },

  // ---------------------------------------------------------------- 1.4 Convoy Orders
  {
    name: 'COASTAL_CONVOY',
    topic: 'Convoy Orders',
    summary: 'Fleets on coastal spaces may convoy as well as fleets at sea: every COAST space is treated as a PORT.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'PORTAGE_CONVOY',
    topic: 'Convoy Orders',
    summary: "Armies may carry fleets overland between coastal spaces; only the fleet's own move order may name a destination coast.",
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'SAFE_CONVOYS',
    topic: 'Convoy Orders',
    summary: "A fleet that is a beleaguered garrison cannot convoy and counts as dislodged for the convoy (Szykman's paradox resolution).",
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'WEAK_CONVOYS',
    topic: 'Convoy Orders',
    summary: "A convoying fleet's convoy fails unless the fleet has more support than every foreign attack made on it.",
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'CONVOY_BACK',
    topic: 'Convoy Orders',
    summary:
      'Convoy routes may pass the same convoying fleet more than once or come back to the start; without it such moves and the convoy orders they need are invalid.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_RETURN',
    topic: 'Convoy Orders',
    summary: 'Former rule name, no longer listed: it barred convoy routes that reuse a convoying fleet, which is now the default unless CONVOY_BACK is used.',
    variant: null,
    implies: [],
    excludes: [],
  },

  // ---------------------------------------------------------------- 1.5 Retreat and Adjustment
  {
    name: 'NO_RETREAT',
    topic: 'Retreat and Adjustment',
    summary: 'Dislodged units are destroyed outright without any chance to retreat (included by NO_QUARTER).',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'BUILD_ANY',
    topic: 'Retreat and Adjustment',
    summary: 'Powers may build at any supply centre they own, not only at their home centres.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'HOME_BUILDS',
    topic: 'Retreat and Adjustment',
    summary:
      'Powers may build at any owned centre that is (as of the latest home reassignment) a home centre of any power; narrowed by REMOTE_BUILDS and GARRISON.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'REMOTE_BUILDS',
    topic: 'Retreat and Adjustment',
    summary:
      'A power may build only while it owns at least one of its own home centres; with no other build-location rule it also allows building at any owned centre, as BUILD_ANY.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'GARRISON',
    topic: 'Retreat and Adjustment',
    summary:
      'At each adjustment, an eliminated power none of whose home centres is occupied may build on one of them (taking that right from their owners) and is back in the game.',
    variant: null,
    implies: [],
    excludes: ['NO_DONATIONS'],
  },
  {
    name: 'NO_RESERVES',
    topic: 'Retreat and Adjustment',
    summary: "RESERVES settings from the map file are ignored; those in the game's status file still count.",
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_MILITIA',
    topic: 'Retreat and Adjustment',
    summary: "MILITIA settings from the map file are ignored; those in the game's status file still count.",
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_FACTORIES',
    topic: 'Retreat and Adjustment',
    summary: 'Factory sites defined by the map file are ignored.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_PARTISANS',
    topic: 'Retreat and Adjustment',
    summary: 'Partisan sites defined by the map file are ignored.',
    variant: null,
    implies: [],
    excludes: [],
  },

  // ---------------------------------------------------------------- 1.6 Secrecy
  {
    name: 'BLIND',
    topic: 'Secrecy',
    summary:
      'Each player gets results, LIST, MAP and web pages showing only his own units and centres and what his units and home centres can see (foreign units seen only before or after a phase as ARRIVES, DEPARTS, FOUND or LOST), with void flags hidden; the Master and OMNISCIENT players see everything, observers only that the game moved on; in Payola a briber learns only who owns each unit he bought.',
    variant: null,
    implies: ['FICTIONAL_OK', 'HIDE_ABSENTEES', 'HIDE_DUMMIES', 'HIDE_LATE_POWERS', 'SHOW_PHANTOM', 'SILENT_ABSENCES'],
    excludes: ['NO_DIAS', 'ZERO_FOREIGN', 'PUBLIC_TOTALS', 'PAYOLA_CLASSIC', 'PUBLIC_LISTS', 'LIMIT_LISTS'],
  },
  {
    name: 'OWN_SCS_SEE',
    topic: 'Secrecy',
    summary: 'BLIND modifier: visibility comes from the centres a player currently owns instead of from his home centres.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'NO_SCS_SEE',
    topic: 'Secrecy',
    summary: 'BLIND modifier: supply centres give no visibility; only units do.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'NO_UNITS_SEE',
    topic: 'Secrecy',
    summary: 'BLIND modifier: units give no visibility; only supply centres do.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'SEE_NO_SCS',
    topic: 'Secrecy',
    summary: 'BLIND modifier: players are never told who owns any supply centre other than their own.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'SEE_ALL_SCS',
    topic: 'Secrecy',
    summary: 'BLIND modifier: the ownership of every supply centre on the board is shown to everyone.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'SEE_NO_UNITS',
    topic: 'Secrecy',
    summary: 'BLIND modifier: players never see any unit except their own.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'UNITS_SEE_OTHER',
    topic: 'Secrecy',
    summary: 'BLIND modifier: armies see only neighbouring fleets and fleets only neighbouring armies; centres reveal no nearby units.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'UNITS_SEE_SAME',
    topic: 'Secrecy',
    summary: 'BLIND modifier: units see only neighbouring units of their own type; centres reveal no nearby units.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'MYOPIC',
    topic: 'Secrecy',
    summary:
      'BLIND modifier: players see no units but their own and no centre ownership but their own (same as SEE_NO_SCS with SEE_NO_UNITS, or NO_UNITS_SEE with NO_SCS_SEE).',
    variant: null,
    implies: ['BLIND', 'SEE_NO_SCS', 'SEE_NO_UNITS'],
    excludes: [],
  },
  {
    name: 'VENETIAN',
    topic: 'Secrecy',
    summary: 'BLIND mixture: owned (rather than home) centres give visibility and foreign centre ownership stays secret.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'GREEK',
    topic: 'Secrecy',
    summary: 'BLIND mixture: units see only units of their own type and supply centres give no information.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'TROJAN',
    topic: 'Secrecy',
    summary: 'BLIND mixture: units see only units of the other type and supply centres give no information.',
    variant: null,
    implies: ['BLIND'],
    excludes: [],
  },
  {
    name: 'HIDE_BUILDS',
    topic: 'Secrecy',
    summary: 'Adjustment results give only the number of units built (BUILD HIDDEN); the new units show up as FOUND in the next movement results.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'HIDE_DUMMIES',
    topic: 'Secrecy',
    summary:
      'Dummy powers look like ordinary ones (listed for login and as press recipients) and controllers are not shown, so players cannot tell which powers are dummies.',
    variant: null,
    implies: ['HIDE_LATE_POWERS', 'HIDE_ABSENTEES'],
    excludes: [],
  },
  {
    name: 'HIDE_EXTENDERS',
    topic: 'Secrecy',
    summary: 'When a player extends the deadline with SET DEADLINE (under PLAYER_DEADLINES), only the Master learns which power did it.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'HIDE_LATE_POWERS',
    topic: 'Secrecy',
    summary: 'Each late player is told only of his own lateness; the full list of late powers goes to the Master alone.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'LIST_WAITERS',
    topic: 'Secrecy',
    summary: 'Game listings and web pages show which powers have asked to wait for the deadline before processing.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'LIST_UNORDERED',
    topic: 'Secrecy',
    summary: 'Game listings and web pages show which powers have not yet entered orders for the current phase.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_REVEAL',
    topic: 'Secrecy',
    summary:
      'Player identities stay hidden after the game ends until the Master sends REVEAL, which also releases the game to the rating systems (useful in tournaments).',
    variant: null,
    implies: ['HIDE_ABSENTEES'],
    excludes: [],
  },

  // ---------------------------------------------------------------- 1.7 Late and Vacant Powers
  {
    name: 'CIVIL_DISORDER',
    topic: 'Late and Vacant Powers',
    summary:
      'Missing orders are filled in at the deadline (after any grace) or on PROCESS: hold, disband, waive builds, random removals; enforces NO_LATE_CHANGES unless LATE_CHANGES is set.',
    variant: null,
    implies: [],
    excludes: ['CIVIL_PREVIEW'],
  },
  {
    name: 'CIVIL_PREVIEW',
    topic: 'Late and Vacant Powers',
    summary: 'If powers are still late at the deadline, only the Master gets a preview of the results; the turn waits for PROCESS! or for the missing orders.',
    variant: null,
    implies: [],
    excludes: ['CIVIL_DISORDER'],
  },
  {
    name: 'CD_DUMMIES',
    topic: 'Late and Vacant Powers',
    summary: 'The turn is processed once every non-dummy power has ordered (unless someone waits), with DUMMY powers put into civil disorder.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'DUMMY_FIRE',
    topic: 'Late and Vacant Powers',
    summary: 'FRIENDLY_FIRE applies to the units of DUMMY powers, and to no one else.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'CD_BUILDS',
    topic: 'Late and Vacant Powers',
    summary: 'Powers in civil disorder during adjustments build at random wherever they may instead of waiving their builds.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'CD_RETREATS',
    topic: 'Late and Vacant Powers',
    summary: 'Powers in civil disorder during retreats retreat dislodged units at random, preferring supply centres, instead of disbanding them.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'SMART_CD',
    topic: 'Late and Vacant Powers',
    summary: 'Shorthand for CD_RETREATS and CD_BUILDS, plus CD_SUPPORTS in standard games.',
    variant: null,
    implies: ['CD_RETREATS', 'CD_BUILDS', 'CD_SUPPORTS'],
    excludes: [],
  },

  // ---------------------------------------------------------------- 1.8 Power Control
  {
    name: 'VASSAL_DUMMIES',
    topic: 'Power Control',
    summary:
      'DUMMY powers keep their home centres and become vassals of any power occupying all of them, counting towards its victory; in Payola a dummy earns income only as a vassal, paid to its master.',
    variant: null,
    implies: ['TEAM_VICTORY'],
    excludes: [],
  },
  {
    name: 'TORN_ALLEGIANCE',
    topic: 'Power Control',
    summary: "Once vassal status is settled, any vassal unit standing on a centre not owned by its controller or the controller's vassals is destroyed.",
    variant: null,
    implies: [],
    excludes: [],
  },

  // ---------------------------------------------------------------- 1.9 Deadline Handling
  {
    name: 'NO_DEADLINE',
    topic: 'Deadline Handling',
    summary: 'The game has no deadlines or TIMING line; a turn is processed by the Master or when everyone has ordered without asking to wait.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_WAIT',
    topic: 'Deadline Handling',
    summary: 'Has no entry of its own: mentioned beside ALWAYS_WAIT as a setting that affects when turns of a NO_DEADLINE game are processed.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'JUMP_OFF_DAYS',
    topic: 'Deadline Handling',
    summary:
      'Days off (TIMING DAYS or absences) do not count towards the deadline interval at all, instead of only pushing the deadline onto the next playing day.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_QUARTER',
    topic: 'Deadline Handling',
    summary: 'Shorthand for NO_RETREAT together with NO_DRAW.',
    variant: null,
    implies: ['NO_RETREAT', 'NO_DRAW'],
    excludes: [],
  },
  {
    name: 'NO_LATE_CHANGES',
    topic: 'Deadline Handling',
    summary: 'Orders already submitted may not be changed once a deadline has passed.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'LATE_CHANGES',
    topic: 'Deadline Handling',
    summary: 'Submitted orders may still be changed after a deadline; the default in games without CIVIL_DISORDER.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'REAL_TIME',
    topic: 'Deadline Handling',
    summary: 'The turn is processed the moment the last player submits orders and nobody may ask to wait for the deadline (for very short deadlines).',
    variant: null,
    implies: [],
    excludes: ['ALWAYS_WAIT'],
  },
  {
    name: 'NO_MINOR_WAIT',
    topic: 'Deadline Handling',
    summary: 'The wait-for-processing option, and ALWAYS_WAIT if set, apply to movement phases only.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'ALWAYS_WAIT',
    topic: 'Deadline Handling',
    summary: 'Turns are never processed before the deadline unless the Master sends PROCESS.',
    variant: null,
    implies: [],
    excludes: ['REAL_TIME'],
  },
  {
    name: 'PLAYER_DEADLINES',
    topic: 'Deadline Handling',
    summary: 'Every participant may use SET DEADLINE, but only the Master may bring a deadline forward; others may only push it back.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'SILENT_ABSENCES',
    topic: 'Deadline Handling',
    summary: 'Accepted SET ABSENCE requests are not broadcast, only reported to the Master (the absence still appears in the TIMING line).',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'HIDE_ABSENTEES',
    topic: 'Deadline Handling',
    summary: 'The power that requested an absence with SET ABSENCE is named only to the Master.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_ABSENCES',
    topic: 'Deadline Handling',
    summary: 'SET ABSENCE is refused for anyone but the Master.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'PREVIEW',
    topic: 'Deadline Handling',
    summary:
      "Each turn's would-be results go to the Master only and the game waits for the Master's PROCESS before releasing them (a DELAY of 72 stops repeated previews).",
    variant: null,
    implies: [],
    excludes: [],
  },

  // ---------------------------------------------------------------- 1.10 Game Conclusion
  {
    name: 'NO_DRAW',
    topic: 'Game Conclusion',
    summary: 'No draws: the game can only end with a solo victory (included by NO_QUARTER).',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'PROPOSE_DIAS',
    topic: 'Game Conclusion',
    summary: 'Endings are settled by proposals (a concession to one power or a draw of all survivors) put to a vote, and a single no vote defeats a proposal.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'HIDE_PROPOSER',
    topic: 'Game Conclusion',
    summary: 'Draw and concession proposals are announced without saying which power made them.',
    variant: null,
    implies: ['PROPOSE_DIAS'],
    excludes: [],
  },
  {
    name: 'NO_DIAS',
    topic: 'Game Conclusion',
    summary:
      "Votes may name the largest draw including oneself that one accepts, one's own solo, or any result without oneself, so a draw need not include all survivors.",
    variant: null,
    implies: [],
    excludes: ['BLIND'],
  },
  {
    name: 'HOLD_WIN',
    topic: 'Game Conclusion',
    summary: 'A power wins only by meeting the victory condition in two game years in a row.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'SHARED_VICTORY',
    topic: 'Game Conclusion',
    summary: 'The game ends as soon as anyone meets the victory condition, and all powers meeting it at that moment share the win whatever their counts.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'TEAM_VICTORY',
    topic: 'Game Conclusion',
    summary: 'Victory is measured on the centres of a power plus those of the dummy powers it controls.',
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'VICTORY_HOMES',
    topic: 'Game Conclusion',
    summary:
      "Victory counts home centres taken from other powers (not one's own or controlled dummies'); the default target is half of (all homes minus the average per power), plus one.",
    variant: null,
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_EOG',
    topic: 'Game Conclusion',
    summary: 'Broadcasts sent after the game has ended are not kept as end-of-game statements.',
    variant: null,
    implies: [],
    excludes: [],
  },

  // ---------------------------------------------------------------- 2. Standard games only
  {
    name: 'NO_CHECK',
    topic: 'Unit Orders',
    summary:
      'Face-to-face style: orders are only checked for being understandable and unambiguous on entry; faulty ones are flagged invalid at processing and the unit holds, as does a unit given more than one order.',
    variant: 'STANDARD',
    implies: [],
    excludes: [],
  },
  {
    name: 'CD_SUPPORTS',
    topic: 'Late and Vacant Powers',
    summary: 'In movement phases, units of powers in civil disorder support each other, favouring units under dangerous attack, instead of just holding.',
    variant: 'STANDARD',
    implies: [],
    excludes: [],
  },
  {
    name: 'LAST_MAN_STANDING',
    topic: 'Game Conclusion',
    summary: 'A SOLITAIRE puzzle: bring the board down to one surviving unit in as few game years as possible under agreed conditions.',
    variant: 'STANDARD',
    implies: ['SOLITAIRE'],
    excludes: [],
  },

  // ---------------------------------------------------------------- 3. Payola games only
  {
    name: 'ANON_TRANSFER',
    topic: 'Funds Transfer',
    summary: 'The recipient of a funds transfer is not told who sent the money.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_DONATIONS',
    topic: 'Funds Transfer',
    summary: 'Eliminated powers may not transfer funds.',
    variant: 'PAYOLA',
    implies: [],
    excludes: ['GARRISON'],
  },
  {
    name: 'NO_TRANSFER',
    topic: 'Funds Transfer',
    summary: 'No funds transfers are allowed.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'ONE_TRANSFER',
    topic: 'Funds Transfer',
    summary: 'A power may transfer money to any given other power at most once per phase.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_LOOTING',
    topic: 'Funds Transfer',
    summary: 'No funds may be transferred out of DUMMY powers.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'EXCHANGE',
    topic: 'Income',
    summary:
      "Bruce Duewer's Exchange Payola: players are investors trading stock in the powers, which can be floated and run by a CEO voted in by the shareholders.",
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'FLAT_TAX',
    topic: 'Income',
    summary: 'Year-end income is a flat amount per centre, equal to the number of players who started, instead of the diminishing-returns scale.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_HOARDING',
    topic: 'Income',
    summary: 'Unspent money is lost: every treasury is emptied before income is paid.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'ZEROSUM',
    topic: 'Income',
    summary:
      "No tax income: powers start with 10 AgP per home centre, a captured neutral centre pays 10 AgP, and taking an owned centre moves a proportional share of the loser's treasury.",
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'EBAYOLA',
    topic: 'Secrecy',
    summary:
      "John Woolley's eBayola: a winning bribe costs only one AgP more than the best losing one, with the savings paid out in the bribed unit's acceptance-list order.",
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'HIDE_COST',
    topic: 'Secrecy',
    summary: 'Movement notices do not tell players how much money in total each of their units accepted.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'HIDE_OFFERS',
    topic: 'Secrecy',
    summary: "Movement notices leave out the player's offer sheet and which offers won, giving only his units' orders, their takings and his new balance.",
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'PUBLIC_TOTALS',
    topic: 'Secrecy',
    summary: 'The total bribe money paid to each unit is published permanently on the web (without its sources); changes how EBAYOLA behaves.',
    variant: 'PAYOLA',
    implies: [],
    excludes: ['BLIND'],
  },
  {
    name: 'NO_LEDGERS',
    topic: 'Secrecy',
    summary: 'Players get no spending and balance report after each turn.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'DIRECT_ONLY',
    topic: 'Bribe Offers',
    summary: 'Each player may make only one offer to any given unit, and wildcard bribes (>, @, !, &) are refused.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'RESTRICT_SIGNAL',
    topic: 'Bribe Offers',
    summary:
      "SIGNAL_SUPPORT orders may come only from the unit's owner or controller, one per unit at 0 AgP, and replace the hold when a hold wins the unit's bidding.",
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'PAY_DUMMIES',
    topic: 'Bribe Offers',
    summary: 'Only units of DUMMY powers can be bribed; every other power orders its own units as in a normal game.',
    variant: 'PAYOLA',
    implies: ['CD_DUMMIES'],
    excludes: [],
  },
  {
    name: 'NO_SAVINGS',
    topic: 'Bribe Offers',
    summary: 'Savings requests ($) and bribe plateaus (#) are not allowed.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'NO_PLATEAU',
    topic: 'Bribe Offers',
    summary: 'Bribe plateaus (#) are not allowed.',
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'PAYOLA_CLASSIC',
    topic: 'Bribe Offers',
    summary: 'Plays Payola by its original rules by switching on NO_SAVINGS, DIRECT_ONLY, FLAT_TAX and ZERO_FOREIGN.',
    variant: 'PAYOLA',
    implies: ['NO_SAVINGS', 'DIRECT_ONLY', 'FLAT_TAX', 'ZERO_FOREIGN'],
    excludes: ['BLIND'],
  },
  {
    name: 'LIMIT_OFFERS',
    topic: 'Bribe Offers',
    summary: "The sum of a player's offers may not exceed the money in his treasury.",
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'REMOTE_BRIBE',
    topic: 'Bribe Offers',
    summary:
      "Bribes may go only to one's own units and to foreign units not in mutual hold-support range of one's units (DUMMY units exempt under CD_DUMMIES).",
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'TOUCH_BRIBE',
    topic: 'Bribe Offers',
    summary:
      "Opposite of REMOTE_BRIBE: bribes may go only to one's own units and to foreign units in mutual hold-support range of one's units (DUMMY units exempt under CD_DUMMIES).",
    variant: 'PAYOLA',
    implies: [],
    excludes: [],
  },
  {
    name: 'ZERO_FOREIGN',
    topic: 'Bribe Offers',
    summary: 'Players may offer bribes of 0 AgP to units that are not their own.',
    variant: 'PAYOLA',
    implies: [],
    excludes: ['BLIND'],
  },

  // ---------------------------------------------------------------- 4. Crystal Ball games only
  {
    name: 'PUBLIC_LISTS',
    topic: 'Secrecy',
    summary: "Every power's order lists are broadcast as they are submitted and shown on the web pages, instead of staying private until the game ends.",
    variant: 'XTALBALL',
    implies: [],
    excludes: ['BLIND'],
  },
  {
    name: 'LIMIT_LISTS',
    topic: 'Secrecy',
    summary: "Like PUBLIC_LISTS (which it overrides), but each power reveals at most as many written orders as the largest power's centre count.",
    variant: 'XTALBALL',
    implies: [],
    excludes: ['BLIND'],
  },
] as const satisfies readonly RuleEntry[];

/**
 * A rule the catalogue knows. Code that asks whether a rule is in force names it with this type, so
 * a misspelt or uncatalogued name fails the typecheck.
 */
export type RuleName = (typeof ENTRIES)[number]['name'];

export interface RuleInfo extends RuleEntry {
  readonly name: RuleName;
  readonly implies: readonly RuleName[];
  readonly excludes: readonly RuleName[];
}

/** Every catalogued rule; the typecheck holds each name in `implies` and `excludes` to the catalogue. */
export const RULES: readonly RuleInfo[] = ENTRIES;

/**
 * Rules that corpus map files switch on with RULE lines but that Rules.txt does not name.
 * Currently empty: every rule the DPjudge and mila map corpora use (including the Payola-only
 * rules inside `PAYOLA DIRECTIVES` stanzas, such as NO_TRANSFER or LIMIT_OFFERS) is catalogued
 * in RULES. Add a name here, with a comment saying why, if a map ever uses one that is not.
 */
export const MAP_ONLY_RULES: ReadonlySet<string> = new Set<string>([]);
