import { describe, expect, it } from 'vitest';
import { ruleFlags } from '../../src/engine/rules.js';
import { victors, victoryScores, victoryTarget } from '../../src/engine/victory.js';
import { type BoardSpec, position, testMap } from './helpers.js';

const standard = testMap('standard');
const none = new Map<string, string>();

/** Centers as listed, every other power keeping what the map gives it, minus what was taken. */
function board(centers: Record<string, string[]>): BoardSpec {
  const taken = new Set(Object.values(centers).flat());
  const all: Record<string, string[]> = {};
  for (const power of standard.powers) all[power.name] = centers[power.name] ?? power.owns.filter((center) => !taken.has(center));
  return { units: {}, centers: all };
}

const FRENCH_18 = ['BRE', 'PAR', 'MAR', 'SPA', 'POR', 'BEL', 'HOL', 'MUN', 'KIE', 'BER', 'DEN', 'LON', 'LVP', 'EDI', 'NWY', 'SWE', 'TUN', 'ROM'];
const GERMAN_17 = ['KIE', 'BER', 'MUN', 'HOL', 'BEL', 'DEN', 'SWE', 'NWY', 'WAR', 'MOS', 'STP', 'SEV', 'VIE', 'BUD', 'TRI', 'SER', 'RUM'];

function win(before: BoardSpec, after: BoardSpec, rules: string[] = [], controllers = none): string[] {
  return victors(standard, position(standard, before), position(standard, after), 1905, { flags: ruleFlags(rules), controllers });
}

describe('victory at the end of a year', () => {
  it('goes to the single power with eighteen centers on the standard map', () => {
    expect(victoryTarget(standard, position(standard, board({})), 1905, ruleFlags([]))).toBe(18);
    expect(win(board({}), board({ FRANCE: FRENCH_18 }))).toEqual(['FRANCE']);
    expect(win(board({}), board({ FRANCE: FRENCH_18.slice(0, 17) }))).toEqual([]);
  });

  it('needs the target held a year before under HOLD_WIN', () => {
    expect(win(board({ FRANCE: FRENCH_18.slice(0, 17) }), board({ FRANCE: FRENCH_18 }), ['HOLD_WIN'])).toEqual([]);
    expect(win(board({ FRANCE: FRENCH_18 }), board({ FRANCE: FRENCH_18 }), ['HOLD_WIN'])).toEqual(['FRANCE']);
  });

  it('counts only home centers taken from others under VICTORY_HOMES, with a target of ten on the standard map', () => {
    const rules = ruleFlags(['VICTORY_HOMES']);
    expect(victoryTarget(standard, position(standard, board({})), 1905, rules)).toBe(10);
    const after = position(standard, board({ FRANCE: FRENCH_18 }));
    // Of France's eighteen, its own three and the neutral SPA, POR, BEL, HOL, DEN, NWY, SWE, TUN do not count.
    expect(victoryScores(after, { flags: rules, controllers: none }).get('FRANCE')).toBe(7);
    expect(win(board({}), board({ FRANCE: FRENCH_18 }), ['VICTORY_HOMES'])).toEqual([]);
    const german = ['KIE', 'BER', 'MUN', 'WAR', 'MOS', 'STP', 'SEV', 'VIE', 'BUD', 'TRI', 'PAR', 'BRE', 'MAR'];
    expect(win(board({}), board({ GERMANY: german }), ['VICTORY_HOMES'])).toEqual(['GERMANY']);
    // Austria's homes do not count for the power that controls Austria.
    expect(win(board({}), board({ GERMANY: german }), ['VICTORY_HOMES'], new Map([['AUSTRIA', 'GERMANY']]))).toEqual([]);
  });

  it('adds the centers of the dummies a power controls under TEAM_VICTORY, and a dummy never wins alone', () => {
    const controllers = new Map([['ITALY', 'FRANCE']]);
    const after = board({ FRANCE: FRENCH_18.slice(0, 15), ITALY: ['VEN', 'NAP', 'GRE'] });
    expect(win(board({}), after, [], controllers)).toEqual([]);
    expect(win(board({}), after, ['TEAM_VICTORY'], controllers)).toEqual(['FRANCE']);
    expect(win(board({}), board({ ITALY: FRENCH_18 }), ['TEAM_VICTORY'], controllers)).toEqual(['FRANCE']);
    expect(victoryScores(position(standard, board({ ITALY: FRENCH_18 })), { flags: ruleFlags(['TEAM_VICTORY']), controllers }).get('ITALY')).toBe(0);
  });

  it('plays on after a tie for the lead, unless SHARED_VICTORY lets both win', () => {
    // The standard map with a VICTORY line of 17: room for two powers on target at once.
    const map: typeof standard = Object.create(standard, { data: { value: { ...standard.data, victory: [17] } } });
    const rivals = {
      FRANCE: ['BRE', 'PAR', 'MAR', 'SPA', 'POR', 'LON', 'LVP', 'EDI', 'TUN', 'ROM', 'NAP', 'VEN', 'SMY', 'ANK', 'CON', 'GRE', 'BUL'],
      GERMANY: GERMAN_17,
    };
    const after = position(standard, board(rivals));
    const flags = (rules: string[]) => ({ flags: ruleFlags(rules), controllers: none });
    expect(victors(map, after, after, 1905, flags([]))).toEqual([]);
    expect(victors(map, after, after, 1905, flags(['SHARED_VICTORY'])).sort()).toEqual(['FRANCE', 'GERMANY']);
  });
});
