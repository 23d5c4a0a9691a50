import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommands as parseMail } from '../../src/commands/run/registry.js';
import type { Command, ParseProblem } from '../../src/commands/language/types.js';
import { forbiddenCharacterIn } from '../../src/status/text.js';

/** The mail's lines as the parser numbers them. */
function linesOf(mail: string): string[] {
  return mail.split(/\r?\n/);
}

/** Parses a mail that must read cleanly. */
function commandsOf(mail: string): Command[] {
  const { commands, problems } = parseMail(mail);
  expect(problems).toEqual([]);
  return commands;
}

/** The one command a single line reads as, outside any SIGNON. */
function single(line: string): Command {
  const commands = commandsOf(line);
  expect(commands).toHaveLength(1);
  return commands[0]!;
}

const SIGNON = 'SIGNON Fjigdy secret';
const MASTER_SIGNON = 'SIGNON Mjigdy masterword';

/** The command a line reads as after a SIGNON (as France, or as the Master). */
function afterSignon(line: string, signon = SIGNON): Command {
  const commands = commandsOf(`${signon}\n${line}`);
  expect(commands).toHaveLength(2);
  return commands[1]!;
}

/** The problems of a mail, without their text (which is always the line). */
function problemsOf(mail: string): Omit<ParseProblem, 'text'>[] {
  const { problems } = parseMail(mail);
  const lines = linesOf(mail);
  for (const problem of problems) expect(lines[problem.line - 1]).toContain(problem.text);
  return problems.map(({ line, reason }) => ({ line, reason }));
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsIn);
}

/** One test per mail, each refused with exactly the reason given. */
function itRefuses(title: string, cases: readonly (readonly [string, string])[]): void {
  it.each(cases)(`${title}: %j`, (mail, reason) => {
    expect(onlyReason(mail)).toBe(reason);
  });
}

function onlyReason(mail: string): string {
  const problems = problemsOf(mail);
  expect(problems).toHaveLength(1);
  return problems[0]!.reason;
}

describe('LIST', () => {
  it('lists the open games, or one game', () => {
    expect(single('LIST')).toEqual({ kind: 'list', line: 1, text: 'LIST' });
    expect(single('list CoolGame')).toMatchObject({ kind: 'list', game: 'coolgame' });
  });
  it('lists the signed-on game when no game is named', () => {
    expect(afterSignon('LIST')).toEqual({ kind: 'list', line: 2, text: 'LIST' });
  });
  it('takes one game at most', () => {
    expect(onlyReason('LIST one two')).toBe('LIST takes at most one game name');
  });
});

describe('SUMMARY', () => {
  it('names a game', () => {
    expect(single('SUMMARY jigdy')).toMatchObject({ kind: 'summary', game: 'jigdy' });
  });
  it('needs a game before a SIGNON, and not after', () => {
    expect(onlyReason('summary')).toBe('SUMMARY needs a game name');
    expect(afterSignon('SUMMARY')).toEqual({ kind: 'summary', line: 2, text: 'SUMMARY' });
  });
  it('takes one game', () => {
    expect(onlyReason('SUMMARY a b')).toBe('SUMMARY takes one game name');
  });
});

describe('HISTORY', () => {
  it('names a game and optionally phases', () => {
    expect(single('HISTORY jigdy')).toMatchObject({ kind: 'history', game: 'jigdy', phases: [] });
    expect(single('history jigdy s1901m F1901M')).toMatchObject({ phases: ['S1901M', 'F1901M'] });
  });
  it('after a SIGNON, reads a phase as a phase of the signed-on game', () => {
    const history = afterSignon('HISTORY S1902M');
    expect(history).toMatchObject({ kind: 'history', phases: ['S1902M'] });
    expect(history).not.toHaveProperty('game');
  });
  it('refuses what is not a phase', () => {
    expect(onlyReason('HISTORY jigdy spring')).toBe('"spring" is not a phase (write it like S1901M)');
    expect(onlyReason('HISTORY')).toBe('HISTORY needs a game name');
  });
});

describe('MAP', () => {
  it('names a game and optionally a format', () => {
    expect(single('MAP jigdy')).toEqual({ kind: 'map', game: 'jigdy', line: 1, text: 'MAP jigdy' });
    expect(single('MAP jigdy pdf')).toMatchObject({ game: 'jigdy', format: 'PDF' });
    expect(single('map jigdy PS')).toMatchObject({ format: 'PS' });
  });
  it('after a SIGNON may name only the format', () => {
    expect(afterSignon('MAP svg')).toMatchObject({ kind: 'map', format: 'SVG' });
  });
  it('refuses extra words', () => {
    expect(onlyReason('MAP jigdy other')).toBe('MAP takes one game name and at most a format (GIF, PS, PDF, SVG, PNG)');
    expect(onlyReason('MAP')).toBe('MAP needs a game name');
  });
});

describe('JOIN', () => {
  it('joins as the next POWER#n', () => {
    expect(single('JOIN jigdy mypassword')).toEqual({ kind: 'join', game: 'jigdy', password: 'mypassword', line: 1, text: 'JOIN jigdy mypassword' });
  });
  it('joins as a chosen power, and with a privacy password', () => {
    expect(single('join austria@jigdy pw')).toMatchObject({ kind: 'join', power: 'AUSTRIA', game: 'jigdy', password: 'pw' });
    expect(single('JOIN jigdy pw clubword')).toMatchObject({ kind: 'join', privacy: 'clubword' });
  });
  it('keeps the password as written', () => {
    expect(single('JOIN jigdy MyPassWord')).toMatchObject({ password: 'MyPassWord' });
  });
  it('signs on: press may follow', () => {
    const commands = commandsOf('JOIN jigdy pw\nPRESS TO M\nHello\nENDPRESS');
    expect(commands.map((command) => command.kind)).toEqual(['join', 'press']);
  });
  itRefuses('names what is missing', [
    ['JOIN', 'JOIN needs the game, then your password: JOIN [power@]game password [privacy]'],
    ['JOIN jigdy', 'JOIN needs a password'],
    ['JOIN jigdy a b c', 'JOIN takes too many words: JOIN [power@]game password [privacy]'],
  ]);
});

describe('OBSERVE, MONITOR and other player types', () => {
  it.each([
    ['OBSERVE loudMouth@coolgame myPassword', 'OBSERVE', 'LOUDMOUTH', 'coolgame', 'myPassword'],
    ['MONITOR nosyParker@yourGame peeping', 'MONITOR', 'NOSYPARKER', 'yourgame', 'peeping'],
    ['INVEST DonTrump@monopoly iam_rich', 'INVEST', 'DONTRUMP', 'monopoly', 'iam_rich'],
    ['obs O@gameName password', 'OBS', 'O', 'gamename', 'password'],
    ['SPY SpysAreUs@coolgame myPassword', 'SPY', 'SPYSAREUS', 'coolgame', 'myPassword'],
  ])('%s', (line, playerType, name, game, password) => {
    expect(single(line)).toMatchObject({ kind: 'joinAs', playerType, name, game, password });
  });
  it('takes a privacy password', () => {
    expect(single('OBSERVE kibitzer#1@club pw secretclub')).toMatchObject({ name: 'KIBITZER#1', privacy: 'secretclub' });
  });
  it('signs on: press may follow', () => {
    expect(commandsOf('OBSERVE kib@club pw\nBROADCAST\nhi').map((command) => command.kind)).toEqual(['joinAs', 'press']);
  });
  itRefuses('needs name@game and a password', [
    ['OBSERVE coolgame myPassword', 'OBSERVE needs your chosen name and the game: OBSERVE name@game password'],
    ['MONITOR spy@coolgame', 'MONITOR needs a password'],
    ['OBSERVE @coolgame pw', '"@coolgame" has no name before the @'],
  ]);
});

describe('TAKEOVER', () => {
  it('takes the initial form and the name@game form', () => {
    expect(single('TAKEOVER Agamename password')).toMatchObject({
      kind: 'takeover',
      who: { form: 'initial', initial: 'A' },
      game: 'gamename',
      password: 'password',
    });
    expect(single('takeover austria@gamename password')).toMatchObject({ who: { form: 'name', name: 'AUSTRIA' }, game: 'gamename' });
  });
  it('takes a privacy password after the personal one', () => {
    expect(single('TAKEOVER austria@gamename password privacyPassword')).toMatchObject({ privacy: 'privacyPassword' });
  });
  it('takes over as the Master', () => {
    expect(single('TAKEOVER master@gamename oldmasterpw')).toMatchObject({ who: { form: 'master' } });
  });
  it('after a Master TAKEOVER, other lines are status-file lines', () => {
    expect(commandsOf('TAKEOVER master@g pw\nRULE NO_PRESS')[1]).toMatchObject({ kind: 'statusLine', directive: 'RULE NO_PRESS' });
  });
  it('needs a password', () => {
    expect(onlyReason('TAKEOVER Agamename')).toBe('TAKEOVER needs a password');
    expect(onlyReason('TAKEOVER Agamename a b c')).toBe('TAKEOVER takes too many words: TAKEOVER Agame password or name@game password [privacy]');
  });
});

describe('SIGNON', () => {
  it.each([
    ['SIGNON Ajigdy password', { form: 'initial', initial: 'A' }, 'jigdy'],
    ['signon 3jigdy password', { form: 'number', number: 3 }, 'jigdy'],
    ['SIGNON austria@jigdy password', { form: 'name', name: 'AUSTRIA' }, 'jigdy'],
    ['SIGNON O@GameName password', { form: 'name', name: 'O' }, 'gamename'],
    ['SIGNON power#3@jigdy password', { form: 'name', name: 'POWER#3' }, 'jigdy'],
    ['SIGNON Mjigdy password', { form: 'master' }, 'jigdy'],
    ['SIGNON master@jigdy password', { form: 'master' }, 'jigdy'],
  ])('%s', (line, who, game) => {
    expect(single(line)).toEqual({ kind: 'signon', who, game, password: 'password', line: 1, text: line });
  });
  itRefuses('names what is missing or extra', [
    ['SIGNON Agame', 'SIGNON needs a password'],
    ['SIGNON', 'SIGNON needs the power and game, then the password: SIGNON Agame password or name@game password'],
    ['SIGNON Agame pw extra', 'SIGNON takes too many words: SIGNON Agame password or name@game password'],
  ]);
  itRefuses('refuses a power part that is neither an initial nor name@', [
    ['SIGNON !game pw', '"!game" must start with a power\'s initial or number, or be name@game'],
    ['SIGNON A pw', '"A" has no game name after the power\'s initial'],
    ['SIGNON a@b@c pw', '"a@b@c" needs exactly one @ between a name and the game'],
  ]);
});

describe('SIGNOFF', () => {
  it("ends the session: text after it is the sender's own", () => {
    const mail = [SIGNON, 'A PAR - BUR', 'SIGNOFF', 'Best wishes,', 'Marie'].join('\n');
    expect(commandsOf(mail).map((command) => command.kind)).toEqual(['signon', 'order', 'signoff']);
  });
  it('lets commands and further SIGNONs follow', () => {
    const mail = ['SIGNOFF', 'LIST', 'SIGNON Egame pw', 'F LON - NTH'].join('\n');
    expect(commandsOf(mail).map((command) => command.kind)).toEqual(['signoff', 'list', 'signon', 'order']);
  });
  it('is allowed without a SIGNON', () => {
    expect(single('signoff')).toMatchObject({ kind: 'signoff' });
  });
});

describe('HELP', () => {
  it('asks for help, with an optional topic', () => {
    expect(single('help')).toEqual({ kind: 'help', line: 1, text: 'help' });
    expect(single('HELP press')).toMatchObject({ kind: 'help', topic: 'PRESS' });
  });
});

describe('RESIGN', () => {
  it('in place of a SIGNON, with a parting press', () => {
    const mail = [
      'RESIGN austria@theGame myPassword',
      'PRESS TO MASTER',
      'I am leaving; a friend of mine will send a TAKEOVER.',
      'ENDPRESS',
      'BROADCAST',
      'Farewell, all.',
    ].join('\n');
    const [resign, press, broadcast] = commandsOf(mail);
    expect(resign).toMatchObject({ kind: 'resign', who: { form: 'name', name: 'AUSTRIA' }, game: 'thegame', password: 'myPassword' });
    expect(press).toMatchObject({ kind: 'press', to: ['MASTER'], body: 'I am leaving; a friend of mine will send a TAKEOVER.' });
    expect(broadcast).toMatchObject({ kind: 'press', broadcast: true, body: 'Farewell, all.', endedBy: 'end of mail' });
  });
  it('takes the initial form', () => {
    expect(single('RESIGN Agame pw')).toMatchObject({ kind: 'resign', who: { form: 'initial', initial: 'A' } });
  });
  it('alone after a SIGNON resigns the signed-on player', () => {
    expect(afterSignon('RESIGN')).toMatchObject({ kind: 'resignSignedOn' });
  });
  it("with one power after a SIGNON is the Master's RESIGN power", () => {
    expect(afterSignon('RESIGN england', MASTER_SIGNON)).toMatchObject({ kind: 'resignPower', power: 'ENGLAND' });
  });
  itRefuses('needs a password in place of a SIGNON', [
    ['RESIGN austria@game', 'RESIGN needs a password'],
    [`${SIGNON}\nRESIGN austria@game`, 'RESIGN needs a password'],
    ['RESIGN', 'RESIGN needs the power and game, then the password: RESIGN Agame password or name@game password'],
  ]);
});

describe('orders', () => {
  it('are the lines after a SIGNON that are not commands, as written', () => {
    const commands = commandsOf([SIGNON, '  Army Paris move burgundy  ', 'F BRE - MAO', '[ENGLAND] F LON - NTH'].join('\n'));
    expect(commands.slice(1)).toEqual([
      { kind: 'order', order: 'Army Paris move burgundy', line: 2, text: '  Army Paris move burgundy  ' },
      { kind: 'order', order: 'F BRE - MAO', line: 3, text: 'F BRE - MAO' },
      { kind: 'order', order: '[ENGLAND] F LON - NTH', line: 4, text: '[ENGLAND] F LON - NTH' },
    ]);
  });
  it('keep their place around CLEAR', () => {
    const mail = [SIGNON, 'A TRI - ALB', 'F ADR S TRI - ALB', 'CLEAR', 'A TRI - ADR - ALB', 'F ADR C TRI - ALB'].join('\n');
    expect(commandsOf(mail).map((command) => command.kind)).toEqual(['signon', 'order', 'order', 'clear', 'order', 'order']);
  });
  it('before any SIGNON are refused with the reason', () => {
    expect(problemsOf('A PAR - BUR')).toEqual([{ line: 1, reason: 'not a command; orders and press need a SIGNON first' }]);
  });
});

describe('CLEAR and STATUS', () => {
  it('need a SIGNON', () => {
    expect(afterSignon('clear')).toMatchObject({ kind: 'clear' });
    expect(afterSignon('STATUS')).toMatchObject({ kind: 'status' });
    expect(onlyReason('STATUS')).toBe('STATUS needs a SIGNON first');
  });
  it('take nothing after them', () => {
    expect(onlyReason(`${SIGNON}\nCLEAR all`)).toBe('CLEAR takes nothing after it');
  });
});

describe('PRESS and BROADCAST options', () => {
  const A = ['A'];
  it.each([
    ['PRESS TO A', { broadcast: false, to: A }],
    ['PRESS TO AUSTRIA', { to: ['AUSTRIA'] }],
    ['PRESS +A', { to: A }],
    ['PRESS + A', { to: A }],
    ['BROADCAST', { broadcast: true }],
    ['BROADCAST FROM G', { broadcast: true, from: { power: 'G' } }],
    ['BROADCAST FAKE FROM G', { broadcast: true, from: { power: 'G' } }],
    ['PRESS TO A FAKE TO AT', { to: A, fakeTo: ['AT'] }],
    ['PRESS TO A FAKE +AT', { to: A, fakeTo: ['AT'] }],
    ['PRESS TO A FAKE + AT', { to: A, fakeTo: ['AT'] }],
    ['PRESS TO AUSTRIA FAKE BROADCAST', { to: ['AUSTRIA'], fakeTo: 'everyone' }],
    ['PRESS FAKE BROADCAST TO AUSTRIA', { to: ['AUSTRIA'], fakeTo: 'everyone' }],
    ['BROADCAST FAKE TO AIRE', { broadcast: true, fakeTo: ['AIRE'] }],
    ['BROADCAST FAKE TO AUSTRIA,ENGLAND,ITALY,RUSSIA', { fakeTo: ['AUSTRIA', 'ENGLAND', 'ITALY', 'RUSSIA'] }],
    ['PRESS WHITE TO AF', { to: ['AF'], from: 'white' }],
    ['PRESS TO AF WHITE', { to: ['AF'], from: 'white' }],
    ['PRESS GREY TO AF', { to: ['AF'], from: 'grey' }],
    ['PRESS GRAY TO AUSTRIA, FRANCE', { to: ['AUSTRIA', 'FRANCE'], from: 'grey' }],
    ['PRESS TO AUSTRIA, FRANCE GREY', { to: ['AUSTRIA', 'FRANCE'], from: 'grey' }],
    ['PRESS TO A FAKE FROM G', { to: A, from: { power: 'G' } }],
    ['PRESS TO A FROM G', { to: A, from: { power: 'G' } }],
    ['PRESS FAKE FROM G TO A', { to: A, from: { power: 'G' } }],
    ['PRESS FROM G TO A', { to: A, from: { power: 'G' } }],
    ['PRESS TO A FAKE TO AR FROM T', { to: A, fakeTo: ['AR'], from: { power: 'T' } }],
    ['PRESS TO A FAKE TO AR FAKE FROM T', { to: A, fakeTo: ['AR'], from: { power: 'T' } }],
    ['PRESS TO A FROM T FAKE TO AR', { to: A, fakeTo: ['AR'], from: { power: 'T' } }],
    ['PRESS TO A FAKE FROM T FAKE TO AR', { to: A, fakeTo: ['AR'], from: { power: 'T' } }],
    ['PRESS FROM T TO A FAKE TO AR', { to: A, fakeTo: ['AR'], from: { power: 'T' } }],
    ['PRESS FAKE FROM T TO A FAKE TO AR', { to: A, fakeTo: ['AR'], from: { power: 'T' } }],
    ['PRESS WHITE TO A FAKE TO AI', { to: A, fakeTo: ['AI'], from: 'white' }],
    ['PRESS TO MASTER', { to: ['MASTER'] }],
    ['PRESS TO 124M QUIET', { to: ['124M'], quiet: true }],
    ['press to France,Russia, austria, Master, kibitzer#1', { to: ['FRANCE', 'RUSSIA', 'AUSTRIA', 'MASTER', 'KIBITZER#1'] }],
    ['PRESS TO AUSTRIA TURKEY GREY', { to: ['AUSTRIA', 'TURKEY'], from: 'grey' }],
    ['PRESS TO A T FAKE TO AR', { to: ['A', 'T'], fakeTo: ['AR'] }],
    ['PRESS QUIET TO Fra', { to: ['FRA'], quiet: true }],
  ])('%s', (line, expected) => {
    const press = afterSignon(`${line}\nhello`);
    expect(press).toMatchObject({ kind: 'press', quiet: false, body: 'hello', ...expected });
  });
  it('leaves out the options not given', () => {
    const press = afterSignon('PRESS TO E\nhi');
    expect(press).not.toHaveProperty('from');
    expect(press).not.toHaveProperty('fakeTo');
  });
  it.each([
    ['PRESS FAKE TO AT TO A', 'FAKE TO must come after TO'],
    ['PRESS', 'PRESS needs TO and the recipients (or use BROADCAST for everyone)'],
    ['PRESS GREY', 'PRESS needs TO and the recipients (or use BROADCAST for everyone)'],
    ['PRESS TO', 'TO needs the powers it names'],
    ['PRESS TO A,', 'the list after TO ends with a comma'],
    ['PRESS TO A,,B', 'the list after TO has an empty name: "A,,B"'],
    ['PRESS TO A TO B', 'the recipients (TO) are given twice'],
    ['PRESS TO A +B', 'the recipients (TO) are given twice'],
    ['BROADCAST TO A', 'BROADCAST goes to everyone and takes no TO (use PRESS TO for chosen recipients)'],
    ['PRESS TO A QUIET QUIET', 'QUIET is given twice'],
    ['PRESS TO A GREY WHITE', 'only one of FROM, WHITE and GREY may be given'],
    ['PRESS TO A FROM G GREY', 'only one of FROM, WHITE and GREY may be given'],
    ['PRESS TO A FROM M', 'press may not claim to come from the Master'],
    ['BROADCAST FROM MASTER', 'press may not claim to come from the Master'],
    ['PRESS TO A FROM', 'FROM needs the power the press claims to come from'],
    ['PRESS TO A FROM G,T', 'FROM takes a single power'],
    ['PRESS TO A FAKE', 'FAKE must be followed by TO, FROM or BROADCAST'],
    ['PRESS TO A FAKE QUIET', 'FAKE must be followed by TO, FROM or BROADCAST'],
    ['PRESS TO A FAKE TO E FAKE BROADCAST', 'the claimed recipients (FAKE TO or FAKE BROADCAST) are given twice'],
    ['PRESS TO A -T', '"-T" is not a press option (TO, FAKE TO, FAKE BROADCAST, FROM, FAKE FROM, WHITE, GREY, QUIET)'],
    ['PRESS TO ../etc', "\"../etc\" is not a power or player name (letters, digits, '_', '#', '.' and '-', at most 30 characters)"],
  ])('%s is refused: %s', (line, reason) => {
    const mail = `${SIGNON}\n${line}\nsecret plans\nA PAR - BUR\nENDPRESS`;
    expect(problemsOf(mail)).toEqual([{ line: 2, reason }]);
    // A refused press is not sent, and its text is not read as orders.
    expect(parseMail(mail).commands.map((command) => command.kind)).toEqual(['signon']);
  });
  it('needs a SIGNON; its text is not read as commands', () => {
    expect(problemsOf('PRESS TO A\nSIGNON Agame pw?\nENDPRESS')).toEqual([{ line: 1, reason: 'PRESS needs a SIGNON first' }]);
  });
});

describe('press text', () => {
  it('is kept verbatim: blank lines, quotes and signatures included, comments left out', () => {
    const mail = [SIGNON, 'PRESS TO E', 'Dear England,', '', '> you wrote: attack', '  indented', '// a note to myself', '-- ', 'Marie', 'ENDPRESS'].join('\n');
    const press = commandsOf(mail)[1];
    expect(press).toMatchObject({
      kind: 'press',
      body: ['Dear England,', '', '> you wrote: attack', '  indented', '-- ', 'Marie'].join('\n'),
      line: 2,
      text: 'PRESS TO E',
      lastLine: 10,
      endedBy: 'ENDPRESS',
    });
  });
  it('ends at ENDPRESS, ENDBROADCAST (either for either), SIGNOFF or the end of the mail', () => {
    const mail = [SIGNON, 'PRESS TO E', 'one', 'ENDBROADCAST', 'BROADCAST', 'two', 'endpress now', 'PRESS TO G', 'three', 'SIGNOFF', 'my signature'].join('\n');
    const commands = commandsOf(mail);
    expect(commands.map((command) => (command.kind === 'press' ? [command.body, command.endedBy, command.lastLine] : command.kind))).toEqual([
      'signon',
      ['one', 'ENDBROADCAST', 4],
      ['two', 'ENDPRESS', 7],
      ['three', 'SIGNOFF', 10],
      'signoff',
    ]);
  });
  it('runs to the end of the mail without an end line', () => {
    expect(afterSignon('BROADCAST\nline one\n\nline two\n')).toMatchObject({ body: 'line one\n\nline two', endedBy: 'end of mail', lastLine: 5 });
  });
  it('with a control character is not sent', () => {
    const mail = `${SIGNON}\nPRESS TO E\nfine\nnot\u0007fine\nENDPRESS`;
    expect(problemsOf(mail)).toEqual([{ line: 4, reason: 'the press contains a control character (U+0007), so it is not sent' }]);
    expect(parseMail(mail).commands).toHaveLength(1);
  });
  it('after ENDPRESS, orders resume', () => {
    const commands = commandsOf(`${SIGNON}\nPRESS TO E\nhi\nENDPRESS\nA PAR H`);
    expect(commands.map((command) => command.kind)).toEqual(['signon', 'press', 'order']);
  });
  it('ENDPRESS without press is a mistake', () => {
    expect(onlyReason(`${SIGNON}\nENDPRESS`)).toBe('ENDPRESS without a PRESS or BROADCAST before it');
  });
});

describe('OFFICIAL', () => {
  it('sets or clears the subject of the press after it', () => {
    expect(afterSignon('OFFICIAL  Spring   1901 results', MASTER_SIGNON)).toMatchObject({ kind: 'official', subject: 'Spring 1901 results' });
    expect(afterSignon('OFFICIAL', MASTER_SIGNON)).toEqual({ kind: 'official', line: 2, text: 'OFFICIAL' });
  });
  it('is limited to 60 characters', () => {
    expect(onlyReason(`${MASTER_SIGNON}\nOFFICIAL ${'x'.repeat(61)}`)).toBe('the OFFICIAL subject is longer than 60 characters');
  });
});

describe('SET ADDRESS', () => {
  it('takes one address, several joined by commas, or none (the sender)', () => {
    expect(afterSignon('SET ADDRESS Marie@Example.org')).toMatchObject({ kind: 'setAddress', addresses: ['marie@example.org'] });
    expect(afterSignon('set address a@b.com,c@d.co.uk')).toMatchObject({ addresses: ['a@b.com', 'c@d.co.uk'] });
    expect(afterSignon('SET ADDRESS')).toMatchObject({ addresses: [] });
  });
  itRefuses('refuses what is not an address, and spaces between addresses', [
    [`${SIGNON}\nSET ADDRESS nobody`, '"nobody" is not an e-mail address'],
    [`${SIGNON}\nSET ADDRESS a@b.com, c@d.com`, 'SET ADDRESS takes addresses joined by commas, without spaces'],
    [`${SIGNON}\nSET ADDRESS a@b.com,<x>@y.com`, '"<x>@y.com" is not an e-mail address'],
  ]);
});

describe('SET PASSWORD, SET WAIT, SET NOWAIT', () => {
  it('set the password as written, and the wait flag', () => {
    expect(afterSignon('SET PASSWORD NewSecret')).toMatchObject({ kind: 'setPassword', password: 'NewSecret' });
    expect(afterSignon('SET WAIT')).toMatchObject({ kind: 'setWait' });
    expect(afterSignon('set nowait')).toMatchObject({ kind: 'setNoWait' });
  });
  itRefuses('name what is wrong', [
    [`${SIGNON}\nSET PASSWORD`, 'SET PASSWORD needs the new password'],
    [`${SIGNON}\nSET PASSWORD two words`, 'a password is one word, without spaces'],
    [`${SIGNON}\nSET WAIT please`, 'SET WAIT takes nothing after it'],
  ]);
});

describe('SET ABSENCE', () => {
  it.each([
    ['SET ABSENCE 8 AUG 2003', { kind: 'on', date: { day: 8, month: 8, year: 2003 } }],
    ['SET ABSENCE 23 JUL 2003 0:00', { kind: 'on', date: { day: 23, month: 7, year: 2003, time: { hour: 0, minute: 0 } } }],
    ['SET ABSENCE 24 DEC TO 6 JAN', { kind: 'range', from: { day: 24, month: 12 }, to: { day: 6, month: 1 } }],
    ['SET ABSENCE TO 13:00', { kind: 'until', date: { time: { hour: 13, minute: 0 } } }],
    ['SET ABSENCE 24 TO 6', { kind: 'range', from: { day: 24 }, to: { day: 6 } }],
    ['set absence 1 september 04 to 3 sept 04', { kind: 'range', from: { day: 1, month: 9, year: 2004 }, to: { day: 3, month: 9, year: 2004 } }],
  ])('%s', (line, span) => {
    expect(afterSignon(line)).toEqual({ kind: 'setAbsence', span, line: 2, text: line });
  });
  it.each([
    ['SET ABSENCE', 'the absence needs a date: [weekday] [day [month [year]]] [hour:minute]'],
    ['SET ABSENCE 24 DEC TO', "the absence's end needs a date: [weekday] [day [month [year]]] [hour:minute]"],
    ['SET ABSENCE 32 DEC', '"32" does not fit in the absence, written [weekday] [day [month [year]]] [hour:minute]'],
    ['SET ABSENCE 24 DECK', '"DECK" does not fit in the absence, written [weekday] [day [month [year]]] [hour:minute]'],
    ['SET ABSENCE TO 25:00', '"25:00" is not a time of day (0:00 to 23:59)'],
    ['SET ABSENCE 1 TO 2 TO 3', 'SET ABSENCE takes TO only once'],
  ])('%s is refused', (line, reason) => {
    expect(onlyReason(`${SIGNON}\n${line}`)).toBe(reason);
  });
});

describe('SET DEADLINE', () => {
  it.each([
    ['SET DEADLINE FRI', { weekday: 5 }],
    ['SET DEADLINE 23', { day: 23 }],
    ['SET DEADLINE 23 nov', { day: 23, month: 11 }],
    ['SET DEADLINE 23 NOV 24 18:40', { day: 23, month: 11, year: 2024, time: { hour: 18, minute: 40 } }],
    ['SET DEADLINE Tuesday 4 march 2025 9:20', { weekday: 2, day: 4, month: 3, year: 2025, time: { hour: 9, minute: 20 } }],
    ['SET DEADLINE 12:00', { time: { hour: 12, minute: 0 } }],
  ])('%s', (line, date) => {
    expect(afterSignon(line, MASTER_SIGNON)).toEqual({ kind: 'setDeadline', date, line: 2, text: line });
  });
  it('needs a date, and refuses a year without a month', () => {
    expect(onlyReason(`${MASTER_SIGNON}\nSET DEADLINE`)).toBe('SET DEADLINE needs a date: [weekday] [day [month [year]]] [hour:minute]');
    expect(onlyReason(`${MASTER_SIGNON}\nSET DEADLINE 23 2025`)).toBe(
      '"2025" does not fit in SET DEADLINE, written [weekday] [day [month [year]]] [hour:minute]',
    );
  });
});

describe('SET DRAW, SET NODRAW, SET LISTED, SET UNLISTED', () => {
  it('read', () => {
    expect(afterSignon('SET DRAW')).toMatchObject({ kind: 'setDraw', powers: [] });
    expect(afterSignon('SET DRAW AEF')).toMatchObject({ kind: 'setDraw', powers: ['AEF'] });
    expect(afterSignon('SET DRAW austria, england')).toMatchObject({ powers: ['AUSTRIA', 'ENGLAND'] });
    expect(onlyReason(`${SIGNON}\nSET DRAW austria england`)).toBe('SET DRAW takes the powers as one word of initials, or names joined by commas');
    expect(onlyReason(`${SIGNON}\nSET DRAW a,,e`)).toBe('the list of SET DRAW has an empty name: "a,,e"');
    expect(afterSignon('SET NODRAW')).toMatchObject({ kind: 'setNoDraw' });
    expect(afterSignon('SET UNLISTED', MASTER_SIGNON)).toMatchObject({ kind: 'setUnlisted' });
    expect(afterSignon('SET LISTED', MASTER_SIGNON)).toMatchObject({ kind: 'setListed' });
  });
  it('an unknown SET is named', () => {
    const known = 'ADDRESS, PASSWORD, WAIT, NOWAIT, ABSENCE, DEADLINE, DRAW, NODRAW, UNLISTED, LISTED';
    expect(onlyReason(`${SIGNON}\nSET COLOUR blue`)).toBe(`SET COLOUR is not a command; SET takes ${known}`);
    expect(onlyReason(`${SIGNON}\nSET`)).toBe(`SET needs what to set: ${known}`);
  });
});

describe('VOTE', () => {
  it.each([
    ['VOTE YES', 'YES'],
    ['vote loss', 'LOSS'],
    ['VOTE SOLO', 'SOLO'],
    ['VOTE 3WAY', { drawSize: 3 }],
  ])('%s', (line, vote) => {
    expect(afterSignon(line)).toMatchObject({ kind: 'vote', vote });
  });
  it.each(['VOTE NO', 'vote veto'])('%s vetoes', (line) => {
    expect(afterSignon(line)).toMatchObject({ kind: 'veto' });
  });
  it('refuses other votes', () => {
    expect(onlyReason(`${SIGNON}\nVOTE maybe`)).toBe("VOTE takes YES, LOSS, SOLO or nWAY (e.g. 3WAY), got 'maybe'; or NO to veto a proposal");
  });
});

describe('PROPOSE', () => {
  it.each([
    ['PROPOSE DIAS', 'DIAS'],
    ['propose draw', 'DIAS'],
    ['PROPOSE france', 'FRANCE'],
  ])('%s', (line, result) => {
    expect(afterSignon(line)).toMatchObject({ kind: 'propose', result });
  });
  it('takes exactly one word', () => {
    expect(onlyReason(`${SIGNON}\nPROPOSE`)).toBe('PROPOSE takes DIAS (a draw including all survivors) or the one power to concede to');
    expect(onlyReason(`${SIGNON}\nPROPOSE a draw`)).toBe('PROPOSE takes DIAS (a draw including all survivors) or the one power to concede to');
  });
});

describe('CREATE', () => {
  it('creates a game with status-file lines until SIGNOFF, FORM and SET UNLISTED being commands', () => {
    const mail = [
      'CREATE newgame masterPW',
      '',
      'private clubword',
      'desc A standard game for the club.',
      'map standard',
      'timing move 2d',
      'Rule no_press coastal_Convoy',
      'rule power_choice',
      'SET UNLISTED',
      'form',
      'Signoff',
      'Regards, the Master',
    ].join('\n');
    const commands = commandsOf(mail);
    expect(commands[0]).toEqual({ kind: 'create', game: 'newgame', password: 'masterPW', line: 1, text: 'CREATE newgame masterPW' });
    expect(commands.slice(1).map((command) => (command.kind === 'statusLine' ? command.directive : command.kind))).toEqual([
      'private clubword',
      'desc A standard game for the club.',
      'map standard',
      'timing move 2d',
      'Rule no_press coastal_Convoy',
      'rule power_choice',
      'setUnlisted',
      'form',
      'signoff',
    ]);
  });
  it('takes a rule variant', () => {
    expect(single('CREATE mygame pw Payola')).toMatchObject({ kind: 'create', variant: 'payola' });
  });
  it('reads a DESC stanza as status-file text, even lines starting with a command word', () => {
    const mail = ['CREATE g pw', 'DESC', 'Form alliances early.', 'Signon daily.', 'END DESC', 'FORM'].join('\n');
    expect(commandsOf(mail).map((command) => command.kind)).toEqual(['create', 'statusLine', 'statusLine', 'statusLine', 'statusLine', 'form']);
  });
  itRefuses('names what is missing', [
    ['CREATE', 'CREATE needs a game name, then the Master password: CREATE game password [variant]'],
    ['CREATE mygame', 'CREATE needs a Master password'],
    ['CREATE g pw standard extra', 'CREATE takes a game name, a password and at most a rule variant'],
    ['CREATE g pw ../x', "\"../x\" is not a rule variant (letters, digits, '_' and '-')"],
  ]);
  it('refused, its status-file lines are skipped, not read as commands', () => {
    const mail = ['CREATE ../etc pw', 'map standard', 'LIST', 'SIGNOFF', 'LIST'].join('\n');
    const { commands, problems } = parseMail(mail);
    expect(problems.map((problem) => problem.line)).toEqual([1]);
    expect(commands.map((command) => [command.kind, command.line])).toEqual([
      ['signoff', 4],
      ['list', 5],
    ]);
  });
});

describe('PURGE and RENAME', () => {
  it('read', () => {
    expect(single('PURGE oldgame masterpw')).toMatchObject({ kind: 'purge', game: 'oldgame', password: 'masterpw' });
    expect(single('RENAME oldgame New_Game masterpw')).toMatchObject({ kind: 'rename', game: 'oldgame', newGame: 'new_game', password: 'masterpw' });
  });
  itRefuses('need all their words', [
    ['PURGE oldgame', 'PURGE needs the game name and the Master password: PURGE game password'],
    ['RENAME oldgame masterpw', 'RENAME needs the game name, the new name and the Master password: RENAME game newgame password'],
    [
      'RENAME oldgame a.b pw',
      `"a.b" is not a game name (letters, digits, '_' and '-', at most 20 characters, starting with a letter or a digit, and none of the reserved names (status, history, results, con, prn, aux, nul, com1-9, lpt1-9))`,
    ],
  ]);
});

describe("the Master's one-word commands", () => {
  it.each([
    ['REVEAL', 'reveal'],
    ['form', 'form'],
    ['ACTIVATE', 'activate'],
    ['WAIT', 'wait'],
    ['Terminate', 'terminate'],
  ])('%s', (line, kind) => {
    expect(afterSignon(line, MASTER_SIGNON)).toEqual({ kind, line: 2, text: line });
  });
  it('need a SIGNON and nothing after them', () => {
    expect(onlyReason('FORM')).toBe('FORM needs a SIGNON first');
    expect(onlyReason(`${MASTER_SIGNON}\nTERMINATE now`)).toBe('TERMINATE takes nothing after it');
  });
});

describe('PROCESS and PREVIEW', () => {
  it.each([
    ['PROCESS', { kind: 'process', force: false }],
    ['PROCESS!', { kind: 'process', force: true }],
    ['process s1901m', { kind: 'process', force: false, phase: 'S1901M' }],
    ['PROCESS! F1901R', { kind: 'process', force: true, phase: 'F1901R' }],
    ['PREVIEW', { kind: 'preview' }],
    ['PREVIEW W1901A', { kind: 'preview', phase: 'W1901A' }],
  ])('%s', (line, expected) => {
    expect(afterSignon(line, MASTER_SIGNON)).toEqual({ ...expected, line: 2, text: line });
  });
  it('refuse what is not a phase', () => {
    expect(onlyReason(`${MASTER_SIGNON}\nPROCESS now`)).toBe('"now" is not a phase (write it like S1901M)');
    expect(onlyReason(`${MASTER_SIGNON}\nPREVIEW S1901M F1901M`)).toBe('PREVIEW takes at most the phase to process');
  });
});

describe('ROLLBACK and ROLLFORWARD', () => {
  it.each([
    ['ROLLBACK', { kind: 'rollback', restore: false, full: false }],
    ['ROLLBACK F1901M', { kind: 'rollback', phase: 'F1901M', restore: false, full: false }],
    ['ROLLBACK FULL RESTORE W1904A', { kind: 'rollback', phase: 'W1904A', restore: true, full: true }],
    ['rollback forming', { kind: 'rollback', phase: 'FORMING', restore: false, full: false }],
    ['ROLLBACK S1902M RECOVER', { kind: 'rollback', phase: 'S1902M', restore: true, full: false }],
    ['ROLLFORWARD', { kind: 'rollforward', restore: false, full: false }],
    ['ROLLFORWARD RESTORE F1903M', { kind: 'rollforward', phase: 'F1903M', restore: true, full: false }],
  ])('%s', (line, expected) => {
    expect(afterSignon(line, MASTER_SIGNON)).toEqual({ ...expected, line: 2, text: line });
  });
  it('refuse two phases and unknown words', () => {
    expect(onlyReason(`${MASTER_SIGNON}\nROLLBACK S1901M F1901M`)).toBe('ROLLBACK takes one phase, got "S1901M" and "F1901M"');
    expect(onlyReason(`${MASTER_SIGNON}\nROLLFORWARD everything`)).toBe(
      '"everything" is not a phase (write it like S1901M, or FORMING); ROLLFORWARD also takes RESTORE and FULL',
    );
  });
});

describe('DUMMY and REVIVE', () => {
  it('name a power; REVIVE may set its password', () => {
    expect(afterSignon('DUMMY italy', MASTER_SIGNON)).toMatchObject({ kind: 'dummy', power: 'ITALY' });
    expect(afterSignon('REVIVE italy', MASTER_SIGNON)).toEqual({ kind: 'revive', power: 'ITALY', line: 2, text: 'REVIVE italy' });
    expect(afterSignon('REVIVE italy Fresh1', MASTER_SIGNON)).toMatchObject({ kind: 'revive', power: 'ITALY', password: 'Fresh1' });
  });
  itRefuses('need the power', [
    [`${MASTER_SIGNON}\nDUMMY`, 'DUMMY needs the power'],
    [`${MASTER_SIGNON}\nDUMMY italy now`, 'DUMMY takes too many words: DUMMY power'],
    [`${MASTER_SIGNON}\nREVIVE italy a b`, 'REVIVE takes too many words: REVIVE power [password]'],
  ]);
});

describe("lines after a Master's SIGNON", () => {
  it('are status-file lines when they are not commands', () => {
    const mail = [MASTER_SIGNON, 'RULE NO_PRESS', 'TIMING NEXT 2D AT 12:00', 'PROCESS'].join('\n');
    expect(commandsOf(mail).slice(1)).toEqual([
      { kind: 'statusLine', directive: 'RULE NO_PRESS', line: 2, text: 'RULE NO_PRESS' },
      { kind: 'statusLine', directive: 'TIMING NEXT 2D AT 12:00', line: 3, text: 'TIMING NEXT 2D AT 12:00' },
      { kind: 'process', force: false, line: 4, text: 'PROCESS' },
    ]);
  });
  it('hold status-file stanzas together until their END line', () => {
    const mail = [MASTER_SIGNON, 'MORPH', 'DUMMY ITALY', 'END MORPH', 'DUMMY ITALY'].join('\n');
    expect(
      commandsOf(mail)
        .slice(1)
        .map((command) => command.kind),
    ).toEqual(['statusLine', 'statusLine', 'statusLine', 'dummy']);
  });
  it('a SIGNOFF ends an unclosed stanza', () => {
    const mail = [MASTER_SIGNON, 'DESC', 'An open game', 'SIGNOFF', 'LIST'].join('\n');
    expect(commandsOf(mail).map((command) => command.kind)).toEqual(['signon', 'statusLine', 'statusLine', 'signoff', 'list']);
  });
  it('player-type words do not start a join there: PLAYER lines hold addresses', () => {
    const line = 'PLAYER #42|joe@blow.com|Joe_Blow S1911R NO-ID|john@doe.net|';
    expect(afterSignon(line, MASTER_SIGNON)).toMatchObject({ kind: 'statusLine', directive: line });
  });
  it('a status-file line with a control character is refused', () => {
    expect(onlyReason(`${MASTER_SIGNON}\nDESC bell\u0007`)).toBe('the line contains a control character (U+0007)');
  });
});

describe('mails with several SIGNONs', () => {
  it('each SIGNON takes the lines after it', () => {
    const mail = [
      'SIGNON Fgame1 pw1',
      'A PAR - BUR',
      'SIGNON Egame2 pw2',
      'F LON - NTH',
      'PRESS TO F',
      'hello from England',
      'ENDPRESS',
      'SIGNON Mgame3 pw3',
      'RULE NO_PRESS',
      'PROCESS',
    ].join('\n');
    expect(commandsOf(mail).map((command) => [command.kind, command.line])).toEqual([
      ['signon', 1],
      ['order', 2],
      ['signon', 3],
      ['order', 4],
      ['press', 5],
      ['signon', 8],
      ['statusLine', 9],
      ['process', 10],
    ]);
  });
  it('after a refused SIGNON, the lines are not given to the earlier one', () => {
    const mail = ['SIGNON Fgame1 pw1', 'A PAR - BUR', 'SIGNON Egame2', 'F LON - NTH', 'SIGNON Ggame3 pw', 'A BER - KIE'].join('\n');
    const { commands, problems } = parseMail(mail);
    expect(problems).toEqual([{ line: 3, text: 'SIGNON Egame2', reason: 'SIGNON needs a password' }]);
    expect(commands.map((command) => [command.kind, command.line])).toEqual([
      ['signon', 1],
      ['order', 2],
      ['signon', 5],
      ['order', 6],
    ]);
  });
  it('a SIGNON ends the status-file lines of a CREATE', () => {
    const mail = ['CREATE newgame pw', 'RULE NO_PRESS', 'SIGNON Foldgame pw', 'A PAR H'].join('\n');
    expect(commandsOf(mail).map((command) => command.kind)).toEqual(['create', 'statusLine', 'signon', 'order']);
  });
  it('a join as another player type switches the session too', () => {
    const mail = [SIGNON, 'A PAR H', 'INVEST banker@other pw', 'PRESS TO M', 'hi'].join('\n');
    expect(commandsOf(mail).map((command) => command.kind)).toEqual(['signon', 'order', 'joinAs', 'press']);
  });
  it('after a refused JOIN, the lines are not orders of the earlier SIGNON', () => {
    const { commands, problems } = parseMail([SIGNON, 'JOIN ../x pw', 'A PAR H'].join('\n'));
    expect(problems.map((problem) => problem.line)).toEqual([2]);
    expect(commands.map((command) => command.kind)).toEqual(['signon']);
  });
  it('a template of commented-out commands reads only what is left in', () => {
    const mail = [
      '// CREATE mygamename mypassword',
      '   // the timing I use',
      '// TIMING NEXT 2D AT 12:00 GRACE 3D',
      'SIGNON X@game password',
      '// PRESS TO A',
      'PRESS TO E',
      'hi',
      '  // not sent',
    ].join('\n');
    const [signon, press] = commandsOf(mail);
    expect(signon).toMatchObject({ kind: 'signon', who: { form: 'name', name: 'X' }, line: 4 });
    expect(press).toMatchObject({ kind: 'press', to: ['E'], body: 'hi' });
  });
});

describe('quoted text and signatures', () => {
  it('are ignored outside press', () => {
    const mail = [SIGNON, 'A PAR H', '', 'On Monday the judge wrote:', '> SIGNON Agame other', '> A VIE - TRI'].join('\n');
    expect(problemsOf(mail)).toEqual([]);
    expect(parseMail(mail).commands.map((command) => command.kind)).toEqual(['signon', 'order']);
  });
  it('the attribution a mail program writes above its quote is no order, wrapped or with no quote after it', () => {
    const wrapped = [SIGNON, 'A PAR H', '', 'On Tue, 24 Nov 2026 at 10:00, Judge USDP <judge@dip.example.org>', 'wrote:', '', '> F BRE - MAO'].join('\n');
    expect(commandsOf(wrapped).map((command) => command.text)).toEqual([SIGNON, 'A PAR H']);
    const unquoted = [SIGNON, 'A PAR H', '', 'On Tue, Nov 24, 2026 at 10:00 AM Judge <judge@dip.example.org> wrote:'].join('\n');
    expect(commandsOf(unquoted).map((command) => command.text)).toEqual([SIGNON, 'A PAR H']);
    expect(problemsOf(unquoted)).toEqual([]);
  });
  it('a signature ends the commands', () => {
    const mail = [SIGNON, 'A PAR H', '-- ', 'Marie Curie', 'LIST'].join('\n');
    expect(commandsOf(mail).map((command) => command.kind)).toEqual(['signon', 'order']);
    expect(commandsOf([SIGNON, 'A PAR H', '--', 'SIGNON Agame pw'].join('\n'))).toHaveLength(2);
  });
  it('CRLF line endings read the same', () => {
    expect(commandsOf(`${SIGNON}\r\nA PAR H\r\nSTATUS\r\n`).map((command) => command.text)).toEqual([SIGNON, 'A PAR H', 'STATUS']);
  });
});

describe('lines for mail programs without line breaks (\\\\)', () => {
  it('split at the mark after the backslashes', () => {
    expect(commandsOf('\\\\: signon Emygame mypasswd:list:signoff').map((command) => [command.kind, command.line, command.text])).toEqual([
      ['signon', 1, ' signon Emygame mypasswd'],
      ['list', 1, 'list'],
      ['signoff', 1, 'signoff'],
    ]);
    expect(commandsOf('\\\\\\ summary mygame\\history mygame').map((command) => command.kind)).toEqual(['summary', 'history']);
  });
  it('carry orders and press', () => {
    const [, order, press] = commandsOf('\\\\; signon Egame passwd;f lon - eng;press to f;This means war!!');
    expect(order).toMatchObject({ kind: 'order', order: 'f lon - eng' });
    expect(press).toMatchObject({ kind: 'press', to: ['F'], body: 'This means war!!' });
  });
  it('need a mark that is not a letter or digit', () => {
    expect(onlyReason('\\\\x signon Egame pw')).toBe('after \\\\ must come the mark that stands for a line break, such as ; or :');
  });
});

describe('game names', () => {
  const rule =
    "(letters, digits, '_' and '-', at most 20 characters, starting with a letter or a digit, and none of the reserved names (status, history, results, con, prn, aux, nul, com1-9, lpt1-9))";
  it.each([
    ['SIGNON A../etc pw', `"../etc" is not a game name ${rule}`],
    ['SIGNON austria@a/b pw', `"a/b" is not a game name ${rule}`],
    ['JOIN my.game pw', `"my.game" is not a game name ${rule}`],
    [`LIST ${'g'.repeat(21)}`, `"${'g'.repeat(21)}" is not a game name ${rule}`],
    ['OBSERVE me@../../etc/passwd pw', `"../../etc/passwd" is not a game name ${rule}`],
    ['SUMMARY ~root', `"~root" is not a game name ${rule}`],
  ])('%s', (line, reason) => {
    expect(onlyReason(line)).toBe(reason);
  });
  it('accept 20 characters of letters, digits, _ and -', () => {
    expect(single(`LIST ${'Ab_-9'.repeat(4)}`)).toMatchObject({ game: 'ab_-9'.repeat(4) });
  });
  it('player names are refused when they could be anything else', () => {
    expect(onlyReason('SIGNON a/b@game pw')).toBe("\"a/b\" is not a power or player name (letters, digits, '_', '#', '.' and '-', at most 30 characters)");
  });
});

describe('control characters', () => {
  it.each([
    ['SET PASSWORD ab\u0007c', 'U+0007'],
    ['SET PASSWORD abc\rPLAYER DUMMY', 'U+000D'],
    ['SET ADDRESS a@b.com\u001b[2J', 'U+001B'],
    ['A PAR\u0000 - BUR', 'U+0000'],
    ['SET PASSWORD a\u2028b', 'U+2028'],
  ])('%j is refused', (line, code) => {
    expect(problemsOf(`${SIGNON}\n${line}`)).toEqual([{ line: 2, reason: `the line contains a control character (${code})` }]);
  });
  it('in a SIGNON password', () => {
    expect(onlyReason('SIGNON Agame pass\u0085word')).toBe('the line contains a control character (U+0085)');
  });
  it('tabs are spacing, not control characters', () => {
    expect(afterSignon('SET\tPASSWORD\tnew')).toMatchObject({ kind: 'setPassword', password: 'new' });
  });
});

describe('before any SIGNON', () => {
  it('commands for a signed-on player are refused', () => {
    expect(problemsOf('VOTE YES\nSET WAIT\nPROCESS')).toEqual([
      { line: 1, reason: 'VOTE needs a SIGNON first' },
      { line: 2, reason: 'SET WAIT needs a SIGNON first' },
      { line: 3, reason: 'PROCESS needs a SIGNON first' },
    ]);
  });
  it('greetings are problems with the reason', () => {
    expect(problemsOf('Hello judge\nLIST')).toEqual([{ line: 1, reason: 'not a command; orders and press need a SIGNON first' }]);
  });
});

describe('properties', () => {
  const words = [
    'SIGNON',
    'PRESS',
    'TO',
    'FAKE',
    'ENDPRESS',
    'SIGNOFF',
    'CREATE',
    'SET',
    'ABSENCE',
    'DEADLINE',
    'DESC',
    'END',
    'M',
    'A@g',
    'Fgame',
    'pw',
    '//',
    '>',
    '-- ',
    '\\\\;',
    ';',
    ',',
    '+',
    '@',
    '\u0007',
    '\r',
    '\t',
    ' ',
    'X',
  ];
  const mailText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 400 }),
    fc
      .array(
        fc.array(fc.constantFrom(...words), { maxLength: 8 }).map((parts) => parts.join(' ')),
        { maxLength: 30 },
      )
      .map((lines) => lines.join('\n')),
  );

  it('parsing never throws', () => {
    fc.assert(
      fc.property(mailText, (mail) => {
        parseMail(mail);
      }),
      { numRuns: 2000 },
    );
  });

  it('every problem and command points to a real line of the mail', () => {
    fc.assert(
      fc.property(mailText, (mail) => {
        const lines = linesOf(mail);
        const { commands, problems } = parseMail(mail);
        for (const item of [...commands, ...problems]) {
          expect(item.line).toBeGreaterThanOrEqual(1);
          expect(item.line).toBeLessThanOrEqual(lines.length);
          expect(lines[item.line - 1]).toContain(item.text);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('no value of a command holds a control character (press text only its line breaks)', () => {
    fc.assert(
      fc.property(mailText, (mail) => {
        for (const command of parseMail(mail).commands) {
          const { text: _asWritten, ...values } = command;
          for (const value of stringsIn(values)) {
            for (const line of command.kind === 'press' ? value.split('\n') : [value]) expect(forbiddenCharacterIn(line)).toBeNull();
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('what one mail may ask', () => {
  it('answers a query asked twice in one session once, and again after another SIGNON', () => {
    const parsed = parseMail('MAP alpha PNG\nMAP alpha PNG\nHELP\nHELP\nSIGNON Falpha pw\nMAP alpha PNG');
    expect(parsed.commands.map((command) => command.kind)).toEqual(['map', 'help', 'signon', 'map']);
    expect(parsed.problems.map((problem) => [problem.line, problem.reason])).toEqual([
      [2, 'asked already in this mail, and answered once'],
      [4, 'asked already in this mail, and answered once'],
    ]);
  });

  it('reads at most 500 commands and orders, and says where it stopped', () => {
    const orders = Array.from({ length: 20_000 }, () => 'A PAR H');
    const parsed = parseMail(['SIGNON Falpha pw', ...orders].join('\n'));
    expect(parsed.commands).toHaveLength(500);
    expect(parsed.problems).toEqual([{ line: 501, text: 'A PAR H', reason: expect.stringContaining('at most 500 commands') }]);
  });

  it('creates one game per mail and checks at most ten passwords', () => {
    const creates = parseMail('CREATE g1 pw\nSIGNOFF\nCREATE g2 pw\nSIGNOFF');
    expect(creates.commands.filter((command) => command.kind === 'create')).toHaveLength(1);
    expect(creates.problems[0]!.reason).toContain('create one game');
    const signons = parseMail(Array.from({ length: 30 }, (_, n) => `SIGNON Falpha pw${n}`).join('\n'));
    expect(signons.commands).toHaveLength(10);
    expect(signons.problems).toHaveLength(20);
  });
});
