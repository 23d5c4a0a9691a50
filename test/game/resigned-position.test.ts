import { describe, expect, it } from 'vitest';
import { positionOf } from '../../src/game/position.js';
import { MASTER, mailJudge, startedGame } from '../commands/execute/support.js';

describe('the position of a game with a resigned player', () => {
  it('marks the power resigned, which GARRISON reads, until someone takes it over', async () => {
    const judge = mailJudge();
    await startedGame(judge);
    await judge.send(MASTER, 'SIGNON Malpha masterpw\nRESIGN ITALY');
    const game = judge.service.load('alpha').game;
    const position = positionOf(game, judge.service.maps(game).base);
    expect(position.powers.filter((state) => state.resigned === true).map((state) => state.name)).toEqual(['ITALY']);
  });
});
