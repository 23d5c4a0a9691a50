import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatPhase, phaseAbbrev } from '../../src/map/phase.js';
import { duties } from '../../src/game/duties.js';
import { positionOf } from '../../src/game/position.js';
import { type GameStatus } from '../../src/status/model.js';
import { rulesInForce } from '../../src/game/rules.js';
import { validateStatus } from '../../src/status/validate.js';
import { master, player, lastQueuedId, queuedMails, testJudge } from './support.js';
import { Bot } from './bot.js';

const actor = { who: 'test', command: 'TEST' };

function phaseOf(game: GameStatus) {
  const phase = game.phase!.phase;
  if (typeof phase !== 'object') throw new Error(`not playing: ${phase}`);
  return phase;
}

describe('a whole standard game through the game API', () => {
  it('runs from CREATE through seven JOINs and ten years of play to a draw', async () => {
    const judge = testJudge({ seed: 7 });
    const { service, clock } = judge;
    const bot = new Bot(judge.random);
    await service.lifecycle.create({ name: 'alpha', master, masterPassword: 'master-secret', map: null }, actor);
    for (let n = 1; n <= 7; n++) {
      const joined = await service.roster.join('alpha', { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
      expect(joined.started).toBe(n === 7);
    }
    let game = service.load('alpha').game;
    expect(game.phase).toEqual({ mode: 'PHASE', phase: { season: 'SPRING', year: 1901, type: 'MOVEMENT' } });
    expect(game.start).toBe('S1901M');
    expect(game.deadline).toBe('202601091200');
    expect(game.powers.map((power) => power.name).sort()).toEqual(['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']);
    expect(game.powers.every((power) => power.units.length >= 3)).toBe(true);

    const seen = { retreats: 0, builds: 0, removals: 0, disorder: 0, processed: 0 };
    let resigned = false;
    let firstEnglishPlayer: unknown = null;
    let rolledBack = false;
    while (true) {
      game = service.load('alpha').game;
      const phase = phaseOf(game);
      if (phase.year >= 1912) break;
      const maps = service.maps(game);
      const map = maps.at(phase);
      const loaded = service.load('alpha');
      expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(validateStatus(game, { map, folder: 'alpha' }).filter((d) => d.severity === 'error')).toEqual([]);

      if (phaseAbbrev(phase) === 'S1904M' && !resigned) {
        firstEnglishPlayer = game.powers.find((power) => power.name === 'ENGLAND')!.player!.current;
        await service.roster.resign('alpha', 'ENGLAND', actor);
        game = service.load('alpha').game;
        expect(game.need.map((need) => need.power)).toEqual(['ENGLAND']);
        expect(game.powers.find((power) => power.name === 'ENGLAND')!.player!.current).toBe('RESIGNED');
        resigned = true;
      }
      if (phaseAbbrev(phase) === 'F1904M') {
        await service.roster.takeOver('alpha', 'ENGLAND', { player: player(8), address: player(8).email, password: 'pw8' }, actor);
        game = service.load('alpha').game;
        const england = game.powers.find((power) => power.name === 'ENGLAND')!;
        expect(england.player!.current).toEqual(player(8));
        expect(england.player!.earlier).toEqual([{ until: 'S1904M', occupant: firstEnglishPlayer }]);
        expect(game.need).toEqual([]);
      }

      const position = positionOf(game, map);
      const owed = duties(map, phase, position, rulesInForce(game, map.rules()));
      for (const duty of owed) {
        const power = game.powers.find((entry) => entry.name === duty.power)!;
        if (power.player?.current === 'RESIGNED') continue;
        if (phaseAbbrev(phase) === 'S1903M' && duty.power === 'FRANCE') continue;
        if (phase.type === 'ADJUSTMENTS' && duty.adjustment < 0 && seen.disorder === 0) {
          seen.disorder++;
          continue;
        }
        const lines = bot.orders(map, phase, position, duty.power, duty.adjustment);
        const submitted = await service.submitOrders('alpha', duty.power, lines, actor);
        expect(submitted.refused).toEqual([]);
      }
      if (phaseAbbrev(phase) === 'S1903M') seen.disorder++;
      clock.now = clock.now.plus({ days: 2 });
      const before = readFileSync(join(judge.games, 'alpha', 'status'));
      const mailedBefore = lastQueuedId(judge.db);
      const outcome = (await service.phases.process('alpha', actor))!;
      seen.processed++;
      expect(outcome.report.phase).toEqual(phase);
      const results = queuedMails(judge.db, mailedBefore);
      expect(results.map(({ mail }) => mail.to[0])).toContain('master@example.org');
      expect(results[0]!.mail.text).toContain(`results for game 'alpha'`);
      if (phase.type === 'RETREATS') seen.retreats++;
      if (phase.type === 'ADJUSTMENTS') {
        seen.builds += outcome.report.outcomes.filter((item) => item.order.kind === 'build' && item.succeeded).length;
        seen.removals += outcome.report.outcomes.filter((item) => item.order.kind === 'remove' && item.succeeded).length;
      }
      const blocks = service.archive('alpha').resultsBlocks();
      expect(blocks[blocks.length - 1]!.phase).toBe(phaseAbbrev(phase));

      if (phaseAbbrev(phase) === 'S1906M' && !rolledBack) {
        const afterFirst = readFileSync(join(judge.games, 'alpha', 'status'), 'utf8');
        await service.rolls.rollback('alpha', actor);
        rolledBack = true;
        expect(readFileSync(join(judge.games, 'alpha', 'status'))).toEqual(before);
        expect(
          service
            .archive('alpha')
            .resultsBlocks()
            .map((block) => block.phase),
        ).not.toContain('S1906M');
        await service.rolls.rollforward('alpha', actor);
        expect(readFileSync(join(judge.games, 'alpha', 'status'), 'utf8')).toBe(afterFirst);
        await service.rolls.rollback('alpha', actor, 'S1906M');
        const replay = (await service.phases.process('alpha', actor))!;
        expect(replay.report.outcomes).toEqual(outcome.report.outcomes);
        expect(
          service
            .archive('alpha')
            .resultsBlocks()
            .filter((block) => block.phase === 'S1906M'),
        ).toHaveLength(1);
      }
      const next = service.load('alpha').game;
      if (next.phase!.phase !== 'COMPLETED') expect(formatPhase(phaseOf(next))).not.toBe(formatPhase(phase));
      else break;
    }
    expect(seen.processed).toBeGreaterThanOrEqual(25);
    expect(seen.retreats).toBeGreaterThan(0);
    expect(seen.builds).toBeGreaterThan(0);
    expect(seen.removals).toBeGreaterThan(0);

    game = service.load('alpha').game;
    if (game.phase!.phase !== 'COMPLETED') {
      const living = game.powers.filter((power) => power.owns.length > 0);
      for (const power of living) await service.votes.cast('alpha', power.name, { drawSize: living.length }, actor);
      game = service.load('alpha').game;
      expect([...game.result!.victors].sort()).toEqual(living.map((power) => power.name).sort());
    }
    expect(game.phase).toEqual({ mode: 'PHASE', phase: 'COMPLETED' });
    expect(game.finish).not.toBeNull();
    expect(readFileSync(join(judge.games, 'status'), 'utf8')).toMatch(/^alpha\s+standard\s+completed/m);
    if (process.env.SHOW_GAME)
      console.log(readFileSync(join(judge.games, 'alpha', 'results'), 'utf8').slice(0, 6000), readFileSync(join(judge.games, 'alpha', 'status'), 'utf8'));
  }, 120_000);
});
