import { expect } from 'vitest';
import { phaseAbbrev } from '../../src/map/phase.js';
import { dummyPowers } from '../../src/game/control.js';
import { duties } from '../../src/game/duties.js';
import { positionOf } from '../../src/game/position.js';
import type { PhaseReport } from '../../src/game/process.js';
import { type GameStatus } from '../../src/status/model.js';
import { rulesInForce } from '../../src/game/rules.js';
import { validateStatus } from '../../src/status/validate.js';
import { lastQueuedId, master, player, testJudge } from './support.js';
import { Bot } from './bot.js';
import type { PictureDrawer } from '../../src/game/picture-thread.js';

const actor = { who: 'test', command: 'TEST' };

export interface PlayHooks {
  /** Runs once the game has started, before the first phase is played: a ZONE or TIMING edit, another clock. */
  readonly prepare?: (judge: ReturnType<typeof testJudge>) => Promise<void>;
  /** Runs after each phase is processed, with the id of the last mail queued before it. */
  readonly processed?: (judge: ReturnType<typeof testJudge>, mailsBefore: number) => void;
  /** How the results pictures are drawn; default on the test's own thread. */
  readonly pictures?: PictureDrawer;
}

/**
 * Creates a game on a map of `folder`, fills it with players, and plays `phases` phases with the
 * bot, checking the status file before each phase and that every order the bot gives is taken.
 */
export async function playMap(folder: string, mapName: string, phases: number, seed = 11, hooks: PlayHooks = {}) {
  const judge = testJudge({ mapFolders: [folder], seed, ...(hooks.pictures ? { pictures: hooks.pictures } : {}) });
  const { service, clock } = judge;
  const bot = new Bot(judge.random);
  await service.lifecycle.create({ name: 'v', master, masterPassword: 'secret', map: mapName }, actor);
  let joined = 0;
  while (service.load('v').game.phase!.phase === 'FORMING') {
    joined++;
    await service.roster.join('v', { player: player(joined), address: player(joined).email, password: `pw${joined}` }, actor);
  }
  await hooks.prepare?.(judge);
  const played: string[] = [];
  const reports: PhaseReport[] = [];
  for (let i = 0; i < phases; i++) {
    const game: GameStatus = service.load('v').game;
    const phase = game.phase!.phase;
    if (typeof phase !== 'object') break;
    const map = service.maps(game).at(phase);
    expect(validateStatus(game, { map, folder: 'v' }).filter((d) => d.severity === 'error')).toEqual([]);
    const position = positionOf(game, map);
    const rules = rulesInForce(game, map.rules());
    const immobile = rules.has('IMMOBILE_DUMMIES') ? dummyPowers(game) : new Set<string>();
    for (const duty of duties(map, phase, position, rules)) {
      const lines = bot.orders(map, phase, position, duty.power, duty.adjustment, { immobile: immobile.has(duty.power) });
      const submitted = await service.submitOrders('v', duty.power, lines, actor);
      expect({ map: mapName, power: duty.power, refused: submitted.refused }).toEqual({ map: mapName, power: duty.power, refused: [] });
    }
    clock.now = clock.now.plus({ days: 3 });
    played.push(`${game.phase!.mode} ${phaseAbbrev(phase)}`);
    const mailsBefore = lastQueuedId(judge.db);
    reports.push((await service.phases.process('v', actor))!.report);
    hooks.processed?.(judge, mailsBefore);
  }
  return { judge, played, reports, joined };
}
