import { describe, expect, it } from 'vitest';
import type { Press } from '../../../src/commands/language/types.js';
import { planPress, type PressRequest } from '../../../src/commands/press/press-rules.js';
import { findPower, type GameStatus, type PowerStatus } from '../../../src/status/model.js';
import { rulesInForce } from '../../../src/game/rules.js';
import { mailJudge, startedGame } from './support.js';
import { RulesInForce } from '../../../src/rules/in-force.js';

/**
 * Boards the mail interface cannot reach without playing turns: the started game's status with
 * some units taken off, planned directly.
 */

async function spring1901() {
  const judge = mailJudge();
  await startedGame(judge, 'alpha', ['RULE REMOTE_PRESS']);
  const game = judge.service.load('alpha').game;
  const phase = game.phase!.phase;
  if (typeof phase !== 'object') throw new Error('the game should be active');
  return { game, map: judge.service.maps(game).at(phase) };
}

function withoutUnits(game: GameStatus, name: string): GameStatus {
  return { ...game, powers: game.powers.map((power) => (power.name === name ? { ...power, units: [] } : power)) };
}

function pressTo(to: string): Press {
  return { kind: 'press', broadcast: false, to: [to], quiet: false, body: 'hi', lastLine: 1, endedBy: 'ENDPRESS' };
}

function request(game: GameStatus, map: PressRequest['map'], from: string, to: string): PressRequest {
  const power: PowerStatus = findPower(game, from)!;
  const rules = rulesInForce(game, map.rules());
  return { game, map, rules, sender: { kind: 'power', power }, press: pressTo(to), hasOrders: false, deadlinePassed: false, late: new Set() };
}

describe('REMOTE_PRESS and supply centers', () => {
  it('refuses press between powers when either could move into a supply center of the other, units or not', async () => {
    const { game, map } = await spring1901();
    // Austria keeps Vienna, Budapest and Trieste but has no units: Venice still reaches Trieste.
    const board = withoutUnits(game, 'AUSTRIA');
    expect(planPress(request(board, map, 'ITALY', 'AUSTRIA'))).toEqual({
      ok: false,
      reason: 'the game has REMOTE_PRESS: a unit of yours could move into a supply center of Austria',
    });
    expect(planPress(request(board, map, 'AUSTRIA', 'ITALY'))).toEqual({
      ok: false,
      reason: 'the game has REMOTE_PRESS: a unit of Italy could move into one of your supply centers',
    });
    expect(planPress(request(board, map, 'AUSTRIA', 'FRANCE')).ok).toBe(true);
  });

  it('leaves dislodged units out of touch', async () => {
    const { game, map } = await spring1901();
    const dislodged = {
      ...game,
      powers: game.powers.map((power) =>
        power.name === 'ITALY' ? { ...power, units: power.units.map((unit) => ({ ...unit, retreats: unit.location === 'VEN' ? ['PIE'] : null })) } : power,
      ),
    };
    expect(planPress({ ...request(dislodged, map, 'ITALY', 'AUSTRIA'), rules: new RulesInForce(['TOUCH_PRESS']) })).toEqual({
      ok: false,
      reason: 'the game has TOUCH_PRESS: Austria has no unit next to yours',
    });
  });
});
