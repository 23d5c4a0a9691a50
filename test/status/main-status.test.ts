import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/map/model.js';
import { readMainStatus, renderMainStatusBytes, type MainStatus } from '../../src/status/main-status.js';
import { fixtureBytes } from './fixtures.js';

const bytes = fixtureBytes('main-status');

describe('the main status file', () => {
  it('reads one game per line: name, variant, state and flags', () => {
    const { status, diagnostics } = readMainStatus(bytes, 'games/status');
    expect(status.games.map(({ name, variant, state, flags }) => [name, variant, state, flags])).toEqual([
      ['riverrun', 'standard', 'active', []],
      ['greenhorn', 'standard', 'forming', ['unlisted']],
      ['longrun', 'standard', 'completed', []],
      ['oxbow', 'standard', 'waiting', ['held', 'suspect']],
      ['bazaar', 'payola', 'active', ['corrupt']],
      ['odd-one', 'standard', 'active', ['unlisted', 'sparkly']],
    ]);
    expect(diagnostics.map(formatDiagnostic)).toEqual(["games/status:7: warning: unknown flag 'sparkly' for odd-one, kept as written"]);
  });

  it('is written back byte for byte, and a change rewrites only its line', () => {
    const { status } = readMainStatus(bytes);
    expect(renderMainStatusBytes(status).equals(bytes)).toBe(true);
    const changed: MainStatus = {
      ...status,
      games: [
        ...status.games.filter((game) => game.name !== 'riverrun').map((game) => (game.name === 'longrun' ? { ...game, flags: ['unlisted'] } : game)),
        { name: 'newgame', variant: 'standard', state: 'forming', flags: [], line: null },
      ],
    };
    expect(renderMainStatusBytes(changed).toString()).toBe(
      'greenhorn standard forming unlisted\n\nlongrun standard completed unlisted\noxbow standard waiting held suspect\nbazaar payola active corrupt\nodd-one standard Active Unlisted sparkly\nnewgame standard forming\n',
    );
  });

  it('reports bad lines with their numbers and keeps them', () => {
    const text = 'riverrun standard\n../etc standard active\nriverrun standard active\nriverrun standard waiting\nalpha standard sleeping\n';
    const { status, diagnostics } = readMainStatus(Buffer.from(text), 'games/status');
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      "games/status:1: a game's line is 'name variant state [flags]' with state preparation, forming, active, waiting, completed, terminated; got 'riverrun standard'",
      "games/status:2: '../etc' is not a game name (letters, digits, '_' and '-', at most 20 characters, starting with a letter or a digit, and none of the reserved names (status, history, results, con, prn, aux, nul, com1-9, lpt1-9))",
      'games/status:4: riverrun is listed twice (first on line 3); this line is ignored',
      "games/status:5: a game's line is 'name variant state [flags]' with state preparation, forming, active, waiting, completed, terminated; got 'alpha standard sleeping'",
    ]);
    expect(renderMainStatusBytes(status).toString()).toBe(text);
  });

  it('refuses to write a name that could leave the games folder', () => {
    expect(() => renderMainStatusBytes({ games: [{ name: '../x', variant: 'standard', state: 'active', flags: [], line: null }], source: null })).toThrow(
      "'../x' is not a game name",
    );
  });
});
