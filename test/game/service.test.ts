import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { master, player, testJudge } from './support.js';
import { editGame } from '../support/edit-game.js';
import { OperationRules } from '../../src/game/rules.js';
import { latePowers } from '../../src/game/readiness.js';

const actor = { who: 'test', command: 'TEST' };

async function startedGame() {
  const judge = testJudge();
  await judge.service.lifecycle.create({ name: 'beta', master, masterPassword: 'secret', map: null }, actor);
  for (let n = 1; n <= 7; n++) await judge.service.roster.join('beta', { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
  return judge;
}

function lateIn(judge: ReturnType<typeof testJudge>, name: string): string[] {
  const { game } = judge.service.load(name);
  return latePowers(game, judge.service.maps(game), new OperationRules(), judge.service.listings.variant(game));
}

function mainStatus(games: string): string {
  return readFileSync(join(games, 'status'), 'utf8');
}

describe('the game API around the deadline checker', () => {
  it('keeps a waiting game waiting through other changes until the Master ACTIVATEs it', async () => {
    const judge = await startedGame();
    await judge.service.listings.markWaiting('beta', actor);
    await judge.service.roster.resign('beta', 'FRANCE', actor);
    await judge.service.roster.takeOver('beta', 'FRANCE', { player: player(9), address: player(9).email, password: 'pw9' }, actor);
    expect(mainStatus(judge.games)).toMatch(/^beta\s+standard\s+waiting/m);
    judge.clock.now = judge.clock.now.plus({ days: 10 });
    const activated = await judge.service.lifecycle.activate('beta', actor);
    expect(mainStatus(judge.games)).toMatch(/^beta\s+standard\s+active/m);
    expect(activated.game.deadline! > '202601150000').toBe(true);
  });

  it('makes a late phase ready for the next check when the last orders arrive (DELAY 24 becomes 1)', async () => {
    const judge = await startedGame();
    await editGame(judge.store, 'beta', (game) => ({ ...game, delay: 24 }));
    const lines: Record<string, string[]> = {
      AUSTRIA: ['A VIE H', 'A BUD H', 'F TRI H'],
      ENGLAND: ['F LON H', 'F EDI H', 'A LVP H'],
      FRANCE: ['F BRE H', 'A PAR H', 'A MAR H'],
      GERMANY: ['F KIE H', 'A BER H', 'A MUN H'],
      ITALY: ['F NAP H', 'A ROM H', 'A VEN H'],
      RUSSIA: ['A WAR H', 'A MOS H', 'F SEV H', 'F STP/SC H'],
    };
    for (const [power, orders] of Object.entries(lines)) {
      const submitted = await judge.service.submitOrders('beta', power, orders, actor);
      expect(submitted.ready).toBe(false);
    }
    const last = await judge.service.submitOrders('beta', 'TURKEY', ['F ANK H', 'A CON H', 'A SMY H'], actor);
    expect(last.ready).toBe(true);
    expect(last.game.delay).toBe(1);
  });

  it('rolls forward through phases rolled back, but not once the phase is processed anew', async () => {
    const judge = await startedGame();
    await judge.service.phases.process('beta', actor);
    const autumn = readFileSync(join(judge.games, 'beta', 'status'), 'utf8');
    await judge.service.phases.process('beta', actor);
    await judge.service.rolls.rollback('beta', actor, 'S1901M');
    expect(judge.service.archive('beta').resultsBlocks()).toEqual([]);
    await judge.service.rolls.rollforward('beta', actor);
    expect(readFileSync(join(judge.games, 'beta', 'status'), 'utf8')).toBe(autumn);
    expect(
      judge.service
        .archive('beta')
        .resultsBlocks()
        .map((block) => block.phase),
    ).toEqual(['S1901M']);

    await judge.service.rolls.rollback('beta', actor, 'S1901M');
    await judge.service.phases.process('beta', actor);
    await expect(judge.service.rolls.rollforward('beta', actor)).rejects.toThrow(/nothing saved after F1901M/);
  });

  it("counts a dummy's centers for the power that controls it under TEAM_VICTORY", async () => {
    const judge = testJudge();
    await judge.service.lifecycle.create({ name: 'team', master, masterPassword: 'secret', map: null }, actor);
    await editGame(judge.store, 'team', (game) => ({ ...game, teams: [[['FRANCE', 'ITALY']]], rules: [[{ rule: 'TEAM_VICTORY', on: true }]] }));
    for (let n = 1; n <= 6; n++) await judge.service.roster.join('team', { player: player(n), address: player(n).email, password: `pw${n}` }, actor);
    const french = ['BRE', 'PAR', 'MAR', 'SPA', 'POR', 'BEL', 'HOL', 'DEN', 'NWY', 'SWE', 'TUN', 'GRE', 'SER', 'RUM', 'BUL'];
    await editGame(judge.store, 'team', (game) => ({
      ...game,
      phase: { mode: 'PHASE', phase: { season: 'FALL', year: 1901, type: 'MOVEMENT' } },
      powers: game.powers.map((power) =>
        power.name === 'FRANCE'
          ? { ...power, owns: french }
          : power.name === 'ITALY'
            ? power
            : { ...power, owns: power.owns.filter((center) => !french.includes(center)) },
      ),
    }));
    const outcome = (await judge.service.phases.process('team', actor))!;
    expect(outcome.report.ended).toEqual({ victors: ['FRANCE'] });
    expect(outcome.game.result).toEqual({ phase: 'F1901M', victors: ['FRANCE'] });
  });

  it('records an end the votes agree on at processing against the phase just played', async () => {
    const judge = await startedGame();
    await editGame(judge.store, 'beta', (game) => ({
      ...game,
      powers: game.powers.map((power) => ({ ...power, vote: power.name === 'FRANCE' ? ('SOLO' as const) : ('LOSS' as const) })),
    }));
    const outcome = (await judge.service.phases.process('beta', actor))!;
    expect(outcome.report.ended).toEqual({ victors: ['FRANCE'] });
    expect(outcome.game.result).toEqual({ phase: 'S1901M', victors: ['FRANCE'] });
  });

  it('terminates a game that never started without a RESULT line', async () => {
    const judge = testJudge();
    await judge.service.lifecycle.create({ name: 'gamma', master, masterPassword: 'secret', map: null }, actor);
    const ended = await judge.service.lifecycle.terminate('gamma', actor);
    expect(ended.game.phase).toEqual({ mode: 'PHASE', phase: 'COMPLETED' });
    expect(ended.game.result).toBeNull();
    expect(mainStatus(judge.games)).toMatch(/^gamma\s+standard\s+terminated/m);
  });
});

describe('MORPH', () => {
  it("changes the game's map only, and names itself in map errors", async () => {
    const judge = await startedGame();
    await editGame(judge.store, 'beta', (game) => ({
      ...game,
      morphs: [{ lines: ['AMEND BUR ABUTS -PAR', 'AMEND PAR ABUTS -BUR'], stanza: true }],
    }));
    const game = judge.service.load('beta').game;
    expect(judge.service.maps(game).base.canMove('A', 'PAR', 'BUR')).toBe(false);
    const refused = await judge.service.submitOrders('beta', 'FRANCE', ['A PAR - BUR'], actor);
    expect(refused.refused).toEqual([{ line: 'A PAR - BUR', reason: expect.any(String) }]);
    const other = testJudge();
    await other.service.lifecycle.create({ name: 'plain', master, masterPassword: 'secret', map: null }, actor);
    expect(other.service.maps(other.service.load('plain').game).base.canMove('A', 'PAR', 'BUR')).toBe(true);
    const broken = { ...game, morphs: [{ lines: ['AMEND XYZ ABUTS BUR'], stanza: false }] };
    expect(() => judge.service.maps(broken)).toThrow(/MORPH of beta:1: AMEND of 'XYZ', which has no terrain yet/);
  });
});

describe('dummies and CD_DUMMIES', () => {
  it('waits for the Master to order a dummy, unless CD_DUMMIES puts it in civil disorder', async () => {
    const judge = await startedGame();
    await judge.service.roster.dummy('beta', 'ITALY', actor);
    expect(lateIn(judge, 'beta')).toContain('ITALY');
    await editGame(judge.store, 'beta', (game) => ({ ...game, rules: [[{ rule: 'CD_DUMMIES', on: true }]] }));
    expect(lateIn(judge, 'beta')).not.toContain('ITALY');
  });
});

describe('DEFAULT_UNORDERED', () => {
  it('counts a power as done with orders for some units only under the rule', async () => {
    const judge = await startedGame();
    await judge.service.submitOrders('beta', 'FRANCE', ['A PAR - BUR'], actor);
    expect(lateIn(judge, 'beta')).toContain('FRANCE');
    await editGame(judge.store, 'beta', (game) => ({ ...game, rules: [[{ rule: 'DEFAULT_UNORDERED', on: true }]] }));
    expect(lateIn(judge, 'beta')).not.toContain('FRANCE');
  });
});
