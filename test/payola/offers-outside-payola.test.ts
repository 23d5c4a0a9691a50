import { describe, expect, it } from 'vitest';
import { readStatus } from '../../src/status/parse.js';
import { validateStatus } from '../../src/status/validate.js';
import { fixtureBytes } from '../status/fixtures.js';

describe('offer lines in a game that is not Payola', () => {
  const game = readStatus(fixtureBytes('payola.status'), 'payola.status').game;

  it('are flagged, each with its line, rather than kept unplayed', () => {
    const flagged = validateStatus(game, { variant: 'standard' }).filter((diagnostic) => diagnostic.message.includes('reads as a Payola bribe'));
    expect(flagged.map((diagnostic) => `${diagnostic.line}: ${diagnostic.message}`)).toContain(
      "43: 'f edi - nwg' reads as a Payola bribe, and this is a standard game: orders go after an ORDERS line",
    );
    expect(flagged.every((diagnostic) => diagnostic.severity === 'error')).toBe(true);
    expect(flagged).toHaveLength(10);
  });

  it('are a Payola game’s offer sheet, and a status file read alone is not judged', () => {
    expect(validateStatus(game, { variant: 'payola' }).filter((diagnostic) => diagnostic.message.includes('Payola bribe'))).toEqual([]);
    expect(validateStatus(game).filter((diagnostic) => diagnostic.message.includes('Payola bribe'))).toEqual([]);
  });
});
