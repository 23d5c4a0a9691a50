import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/map/model.js';
import { newGame, newPower, type GameStatus } from '../../src/status/model.js';
import { parseStatus } from '../../src/status/parse.js';
import { validateStatus } from '../../src/status/validate.js';
import { standardMap } from './fixtures.js';

const FILE = 'games/alpha/status';

function check(text: string, options: { folder?: string; withMap?: boolean } = {}): string[] {
  const game = parseStatus(text, { file: FILE }).game;
  return validateStatus(game, { map: options.withMap === false ? undefined : standardMap(), folder: options.folder }).map(formatDiagnostic);
}

const HEAD = 'GAME alpha\nPHASE SPRING 1901 MOVEMENT\n';

describe('checks against the game map', () => {
  it('reports places, centers, powers and phases the map does not have, each on its line', () => {
    const text = [
      'GAME alpha',
      'PHASE SPRING 1901 INCOME',
      'RESULT X1901Q FRANCE',
      'FRANCE',
      'PLAYER #1|a@b|A S1899Z #2|c@d|C',
      'OWNS PAR XYZ MAO',
      'HOME PAR ABC',
      'A PAR --> BUR QQQ',
      'F PAR',
      'A ZZZ',
      'RETREAT A PAR NOWHERE',
      'ORDERS',
      'A MUN - NOWHERE',
      'F North Sea - Norway',
      'FRANCEE',
      'A BUR',
    ].join('\n');
    expect(check(text)).toEqual([
      'games/alpha/status:2: SPRING INCOME is not in the FLOW of map standard; a phase the map does not know is written WAIT',
      'games/alpha/status:3: RESULT phase X1901Q is not a phase of map standard',
      'games/alpha/status:5: PLAYER history phase S1899Z is not a phase of map standard',
      'games/alpha/status:6: OWNS XYZ: not a supply center of map standard',
      'games/alpha/status:6: OWNS MAO: not a supply center of map standard',
      'games/alpha/status:7: HOME ABC: not a supply center of map standard',
      'games/alpha/status:8: A PAR: the retreat QQQ is not a place on map standard',
      'games/alpha/status:9: F PAR: a fleet cannot stand in PAR',
      'games/alpha/status:10: A ZZZ: ZZZ is not a place on map standard',
      'games/alpha/status:11: RETREAT names NOWHERE, which is not a place on map standard',
      "games/alpha/status:13: warning: the order 'A MUN - NOWHERE' names 'NOWHERE', not places on map standard",
      'games/alpha/status:15: FRANCEE is not a power of map standard',
    ]);
  });

  it('allows a phase the map does not know when the game WAITs for the Master', () => {
    expect(check('GAME alpha\nWAIT SPRING 1901 INCOME\n')).toEqual([]);
  });

  it('allows build rights in OWNS in the first phase only', () => {
    expect(check('GAME alpha\nPHASE FORMING\nFRANCE\nOWNS SC! SC? PAR\n')).toEqual([]);
    expect(check('GAME alpha\nPHASE FALL 1901 MOVEMENT\nFRANCE\nOWNS SC! PAR\n')).toEqual([
      'games/alpha/status:4: OWNS SC! is a build right of the first phase only',
    ]);
  });

  it('checks the centres of Payola TAX lines and the letters of ACCEPT lines', () => {
    expect(check(`${HEAD}TAX PAR 5\nTAX 3\nTAX BUR 2\nFRANCE\nACCEPT FE?\nENGLAND\nACCEPT EX?\n`)).toEqual([
      'games/alpha/status:5: TAX BUR: not a supply center of map standard',
      "games/alpha/status:9: ACCEPT EX?: X is no power's initial on map standard",
    ]);
  });

  it('checks the powers named by CONTROL, TEAMS, PROPOSAL, RESULT and NEED', () => {
    const text = `${HEAD}TEAMS ENGLAND-NARNIA\nPROPOSAL DIAS GONDOR\nNEED MORDOR-(1/1)\nITALY\nCONTROL FRANCE ROHAN\n`;
    expect(check(text)).toEqual([
      'games/alpha/status:3: TEAMS names NARNIA, which is not a power of this game',
      'games/alpha/status:4: PROPOSAL names GONDOR, which is not a power of this game',
      'games/alpha/status:5: NEED names MORDOR, which is not a power of this game',
      'games/alpha/status:7: CONTROL names ROHAN, which is not a power of this game',
    ]);
  });
});

describe('checks that need no map', () => {
  it('a GAME line must name its folder', () => {
    expect(check(HEAD, { folder: 'beta', withMap: false })).toEqual(["games/alpha/status:1: GAME names 'alpha', but the game's folder is 'beta'"]);
    expect(check(HEAD, { folder: 'alpha', withMap: false })).toEqual([]);
  });

  it('a power has a PASSWORD or a CONTROL, not both', () => {
    expect(check(`${HEAD}ITALY\nPASSWORD x\nCONTROL FRANCE\n`, { withMap: false })).toEqual([
      'games/alpha/status:5: ITALY has both a PASSWORD and a CONTROL; a controlled power has no password of its own',
    ]);
  });

  it('one unit per province, one owner per center, one block per power', () => {
    const text = `${HEAD}FRANCE\nOWNS PAR BRE PAR\nA PAR\nF BRE\nGERMANY\nOWNS BRE\nA PAR --> BUR\nF BRE/NC\nFRANCE\n`;
    expect(check(text, { withMap: false })).toEqual([
      'games/alpha/status:4: OWNS PAR: listed twice',
      'games/alpha/status:8: OWNS BRE: FRANCE owns it too',
      'games/alpha/status:10: F BRE/NC: FRANCE already has a unit in BRE',
      'games/alpha/status:11: FRANCE has a second block (the first starts on line 3)',
    ]);
  });

  it('POWER#n only while forming; observers hold no units; PHASE, ZONE and DELAY are checked', () => {
    const text = 'GAME alpha\nZONE Mars/Olympus\nDELAY 100\nPOWER#1\nOBSERVER joe\nA PAR\n';
    expect(check(text, { withMap: false })).toEqual([
      'games/alpha/status:1: the file has no PHASE line (FORMING, COMPLETED or season year type)',
      "games/alpha/status:2: ZONE 'Mars/Olympus' is not a time zone this system knows (e.g. Europe/Paris)",
      'games/alpha/status:3: warning: DELAY 100 is more than a day of checks (72)',
      'games/alpha/status:4: POWER#1 is a place-holder for a forming game, but the game is not forming',
      'games/alpha/status:6: OBSERVER joe is not a map power and cannot hold units or centers',
    ]);
  });

  it('gives a model the judge built the line of its power block, or line 1', () => {
    const game: GameStatus = { ...newGame('alpha'), powers: [{ ...newPower('FRANCE'), password: 'x', control: ['ITALY'] }] };
    expect(validateStatus(game, { file: FILE }).map(formatDiagnostic)).toEqual([
      'games/alpha/status:1: FRANCE has both a PASSWORD and a CONTROL; a controlled power has no password of its own',
    ]);
  });
});
