import { describe, expect, it } from 'vitest';
import { checkGameName, gameFolder, GameNameError } from '../../src/store/game-name.js';

describe('game names', () => {
  it.each(['alpha', 'Game_2024', 'a-b-c', 'x', 'twentycharacters1234'])('accepts %j', (name) => {
    expect(checkGameName(name)).toBe(name);
    expect(gameFolder('/judge/games', name)).toBe(`/judge/games/${name}`);
  });

  it.each(['', '..', '../etc', 'a/b', 'a\\b', '.hidden', 'twenty-one-characters', 'spa ce', 'tab\t', 'caf\u00e9', 'nul\u0000', '/abs'])(
    'refuses %j before building a path',
    (name) => {
      expect(() => gameFolder('/judge/games', name)).toThrow(GameNameError);
      expect(() => checkGameName(name)).toThrow("letters, digits, '_' and '-', at most 20 characters");
    },
  );

  it.each(['con', 'NUL', 'com1', 'lpt9', 'status', 'History', 'results', '-rf', '--help', '_x'])(
    'refuses %j: a name the system or the judge itself uses, or one that reads as an option',
    (name) => {
      expect(() => checkGameName(name)).toThrow(GameNameError);
    },
  );
});
