import { describe, expect, it } from 'vitest';
import { crystalBall, firstTurn } from './support.js';

describe("a Crystal Ball power's lists on file", () => {
  it('between movement phases (Winter 1901) still include the list locked in for the next movement phase, as XtalballGame.getOrders gives it', async () => {
    const game = await crystalBall([]);
    await firstTurn(game, ['A MAR - SPA']);
    const fall = await game.send('FRANCE', ['A SPA - POR']);
    expect(fall.reply.text).toContain('Orders on file for France for the movement phase after it (LATER):\n  A SPA - POR\n');
    await game.process();
    expect(game.judge.statusText('cb')).toMatch(/^PHASE WINTER 1901 ADJUSTMENTS$/m);
    const status = await game.send('FRANCE', ['STATUS']);
    expect(status.reply.text).toContain('Orders on file for France for the next movement phase (locked in: SOONER):\n  A SPA - POR\n');
  });
});
