import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/map/model.js';
import { parseStatus, readStatus } from '../../src/status/parse.js';
import { renderStatus, renderStatusBytes } from '../../src/status/render.js';

const FILE = 'games/alpha/status';

function problems(text: string): string[] {
  return parseStatus(text, { file: FILE }).diagnostics.map(formatDiagnostic);
}

/** A file with `line` as its line 17, after sixteen good lines. */
function atLine17(line: string): string {
  const before = ['GAME alpha', 'PHASE FORMING', 'MAP standard', 'ZONE Europe/Paris', 'MASTER #1|gm@example.org|Gm', 'PASSWORD pw'];
  while (before.length < 16) before.push('');
  return [...before, line, ''].join('\n');
}

describe('errors name the file and the line', () => {
  it('reports a PHASE that is neither FORMING, COMPLETED nor three words', () => {
    expect(problems(atLine17('PHASE SPRING MOVEMENT'))).toContain(
      "games/alpha/status:17: PHASE needs FORMING, COMPLETED or 'season year type', got 'SPRING MOVEMENT'",
    );
  });

  it.each([
    ['DEADLINE 2024-03-15', "games/alpha/status:17: DEADLINE needs a time written yyyymmddhhmm, got '2024-03-15'"],
    ['DEADLINE 202413011200', "games/alpha/status:17: DEADLINE needs a time written yyyymmddhhmm, got '202413011200'"],
    ['DELAY soon', "games/alpha/status:17: DELAY needs a whole number, got 'soon'"],
    ['ZONE', "games/alpha/status:17: ZONE needs a time zone such as Europe/Paris, got ''"],
    ['MASTER joe@blow.com', "games/alpha/status:17: a player is written 'number|email|name' (e.g. #42|joe@blow.com|Joe_Blow), got 'joe@blow.com'"],
    ['RESULT ENGLAND', "games/alpha/status:17: RESULT needs the last phase (e.g. F1908M) and the victors, got 'ENGLAND'"],
    ['NEED GERMANY', "games/alpha/status:17: NEED lists powers as NAME-(units/centers), e.g. GERMANY-(8/9), got 'GERMANY'"],
    ['ROTATE SIDEWAYS', "games/alpha/status:17: ROTATE takes CONTROL, AFTER, BEFORE or FOR, got 'SIDEWAYS'"],
    ['CAP 0', "games/alpha/status:17: CAP takes the most income in AgP a power earns a year, a whole number from 1, got '0'"],
    ['TAX PAR -5', "games/alpha/status:17: TAX takes an income in AgP, for every centre or for one: 'TAX 10' or 'TAX PAR 5', got 'PAR -5'"],
    ['TEAMS ENGLAND--FRANCE', "games/alpha/status:17: a TEAM is powers joined by '-', e.g. ENGLAND-FRANCE, got 'ENGLAND--FRANCE'"],
    ['RULE !', "games/alpha/status:17: a RULE is a name, '!' before it to switch it off, got '!'"],
    ['PROPOSAL DIAS', 'games/alpha/status:17: PROPOSAL takes a result and the proposing power'],
    ['MAP', "games/alpha/status:17: MAP needs the map's name, got ''"],
    ['OWNS PAR', 'games/alpha/status:17: OWNS belongs in a power block, but no power has been named yet; the line is ignored'],
    ['A PAR', 'games/alpha/status:17: A belongs in a power block, but no power has been named yet; the line is ignored'],
    ['ZONE Europe/London', 'games/alpha/status:17: ZONE is given twice (line 4 gives it first); this line is ignored'],
    ['GAME a\u0007b', 'games/alpha/status:17: the line holds the control character U+0007; it is ignored until the character is removed'],
    ['GAME a\rb', 'games/alpha/status:17: the line holds the control character U+000D; it is ignored until the character is removed'],
  ])('%j', (line, message) => {
    expect(problems(atLine17(line))).toEqual([message]);
  });

  it.each([
    ['PLAYER #42|joe@blow.com', "games/alpha/status:4: a player is written 'number|email|name' (e.g. #42|joe@blow.com|Joe_Blow), got '#42|joe@blow.com'"],
    ['PLAYER #42|a@b|A S1911R', "games/alpha/status:4: PLAYER history comes in pairs 'phase player' after the current player, got '#42|a@b|A S1911R'"],
    ['PLAYER #42|a@b|A SPRING NO-ID|c@d|', "games/alpha/status:4: PLAYER history needs a phase like S1911R before each earlier player, got 'SPRING'"],
    ['PLAYER 42|a@b|A', "games/alpha/status:4: a player's DPPD number is '#42' or 'NO-ID', got '42'"],
    ['VOTE MAYBE', "games/alpha/status:4: VOTE takes YES, LOSS, SOLO or nWAY (e.g. 3WAY), got 'MAYBE'"],
    ['VOTE 0WAY', "games/alpha/status:4: VOTE takes YES, LOSS, SOLO or nWAY (e.g. 3WAY), got '0WAY'"],
    ['A', "games/alpha/status:4: a unit line needs a unit like 'A PAR' or 'F STP/SC', got 'A'"],
    ['F BRE --> MAO BRE/X/Y', "games/alpha/status:4: a retreat list names places, got 'BRE/X/Y'"],
    ['RETREAT F BRE', "games/alpha/status:4: RETREAT needs a unit and where it goes, e.g. 'RETREAT F BRE MAO', got 'F BRE'"],
    ['BUILD ARMY PAR', "games/alpha/status:4: BUILD needs a unit like 'A PAR' or 'F STP/SC', got 'ARMY PAR'"],
    ['WAIT NOW', 'games/alpha/status:4: WAIT stands alone on its line'],
    ['ORDERS A PAR H', 'games/alpha/status:4: ORDERS stands alone on its line; the orders go on the lines after it'],
    ['RULE NO_PRESS', 'games/alpha/status:4: RULE lines must come before the first power block; this one is ignored'],
    ['COLOR blue', "games/alpha/status:4: warning: unknown line starting 'COLOR' in the block of FRANCE, kept as written"],
    ['ACCEPT F E', "games/alpha/status:4: ACCEPT needs the acceptance list, power letters such as FEG?, got 'F E'"],
    ['SENT', "games/alpha/status:4: SENT needs the power funds were sent to, got ''"],
    ['4 : A PAR - BUR |', "games/alpha/status:4: the offer '4 : A PAR - BUR |' cannot be read: alternative 1 after '|' gives no order; the line is ignored"],
    ['10000 : A PAR H', "games/alpha/status:4: the offer '10000 : A PAR H' cannot be read: the amount 10000 is more than 9999 AgP; the line is ignored"],
  ])('in a power block: %j', (line, message) => {
    expect(problems(`GAME alpha\nPHASE FORMING\nFRANCE\n${line}\n`)).toEqual([message]);
  });

  it('reports a stanza without its END line where it starts, and reads nothing from it', () => {
    const parsed = parseStatus('GAME alpha\nPHASE FORMING\nDESC\nSome text\nFRANCE\n', { file: FILE });
    expect(parsed.diagnostics.map(formatDiagnostic)).toEqual(['games/alpha/status:3: the DESC stanza starting here has no END DESC line; it is ignored']);
    expect(parsed.game.descriptions).toEqual([]);
    expect(parsed.game.powers).toEqual([]);
  });

  it('never quotes a password in a message', () => {
    const messages = problems('GAME alpha\nPHASE FORMING\nPASSWORD two words\nFRANCE\nPASSWORD secret1 secret2\nPASSWRD secret3\n').join('\n');
    expect(messages).toContain('games/alpha/status:3: PASSWORD takes exactly one word');
    expect(messages).toContain("games/alpha/status:6: warning: unknown line starting 'PASSWRD'");
    expect(messages).not.toMatch(/words|secret/);
  });

  it('warns about a Latin-1 file and writes it back as it was', () => {
    const bytes = Buffer.from('GAME alpha\nPHASE FORMING\nDESC Caf\u00e9 cr\u00e8me\n', 'latin1');
    const parsed = readStatus(bytes, FILE);
    expect(parsed.diagnostics.map(formatDiagnostic)).toEqual(['games/alpha/status:1: warning: the file is not UTF-8; read as Latin-1 and kept so']);
    expect(parsed.game.descriptions[0]!.lines).toEqual(['Caf\u00e9 cr\u00e8me']);
    expect(renderStatusBytes(parsed.game).equals(bytes)).toBe(true);
  });

  it('keeps a byte-order mark, and lines it cannot read, exactly as they were', () => {
    const text = '\uFEFFGAME alpha\nPHASE SPRING MOVEMENT\nZONE  Europe/Paris\nZONE Europe/London\n';
    const parsed = parseStatus(text);
    expect(parsed.game.zone).toBe('Europe/Paris');
    expect(renderStatus(parsed.game)).toBe(text);
    expect(renderStatus({ ...parsed.game, zone: 'Asia/Tokyo' })).toBe('\uFEFFGAME alpha\nPHASE SPRING MOVEMENT\nZONE Asia/Tokyo\nZONE Europe/London\n');
  });

  it('reads everything after ORDERS as orders until the next power, even lines that look like keywords', () => {
    const game = parseStatus('GAME alpha\nPHASE FORMING\nFRANCE\nORDERS\nA PAR - BUR\nOWNS PAR\n\nPOWER GERMANY\nOBSERVER joe\n').game;
    expect(game.powers.map((power) => [power.name, power.orders])).toEqual([
      ['FRANCE', ['A PAR - BUR', 'OWNS PAR']],
      ['GERMANY', []],
      ['joe', []],
    ]);
  });

  it('accepts game lines after the power blocks, except RULE', () => {
    const parsed = parseStatus('GAME alpha\nFRANCE\nA PAR\nPHASE SPRING 1901 MOVEMENT\nDEADLINE 202401011200\n', { file: FILE });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.game.deadline).toBe('202401011200');
    expect(parsed.game.powers[0]!.units).toHaveLength(1);
  });

  it('reads a role given by ALLOW as a power block, and not before', () => {
    const game = parseStatus('GAME alpha\nPHASE FORMING\nALLOW SPY\nSPY bond\nPASSWORD x\n').game;
    expect(game.powers.map((power) => `${power.role} ${power.name}`)).toEqual(['SPY bond']);
    expect(problems('GAME alpha\nPHASE FORMING\nSPY bond\n')).toEqual(["games/alpha/status:3: warning: unknown line starting 'SPY', kept as written"]);
  });
});

describe('a phase year too long to be a whole number', () => {
  it('is refused at reading, with its line, never reaching the writer', () => {
    const parsed = readStatus(Buffer.from(`GAME fuzz\nPHASE SPRING ${'1905'.padEnd(43, '0')} MOVEMENT\n`), 'fuzz/status');
    expect(parsed.diagnostics.some((diagnostic) => diagnostic.severity === 'error' && diagnostic.line === 2)).toBe(true);
  });
});
