import { describe, expect, it } from 'vitest';
import { castVote, concludeByVote, propose, voters } from '../../src/game/votes.js';
import { withImpliedRules } from '../../src/rules/in-force.js';
import { newGame, newPower, updatePower, type GameStatus } from '../../src/status/model.js';

const PROPOSALS = withImpliedRules(['PROPOSE_DIAS']);
const NO_RULES = withImpliedRules([]);

/** Four powers in Fall 1905: Italy is a dummy France controls, Germany has no center left. */
function game(): GameStatus {
  return {
    ...newGame('alpha'),
    phase: { mode: 'PHASE', phase: { season: 'FALL', year: 1905, type: 'MOVEMENT' } },
    powers: [
      { ...newPower('FRANCE'), owns: [] },
      { ...newPower('ENGLAND'), owns: ['LON', 'EDI'] },
      { ...newPower('ITALY'), owns: ['ROM'], control: ['FRANCE'] },
      { ...newPower('GERMANY'), owns: [] },
      { ...newPower('TURKEY'), owns: ['ANK'] },
    ],
  };
}

describe('who votes, and how the votes end a game', () => {
  it('gives a vote to powers with centers and to controllers of dummies with centers, never to a controlled power', () => {
    expect(voters(game())).toEqual(['FRANCE', 'ENGLAND', 'TURKEY']);
    expect(() => castVote(game(), 'ITALY', 'SOLO', NO_RULES)).toThrow(/ITALY has no vote/);
    expect(() => castVote(game(), 'GERMANY', 'SOLO', NO_RULES)).toThrow(/GERMANY has no vote/);
  });

  it('ends a game when the standing votes agree: the powers not conceding draw', () => {
    let current = castVote(game(), 'FRANCE', 'LOSS', NO_RULES);
    current = castVote(current, 'ENGLAND', { drawSize: 3 }, NO_RULES);
    expect(concludeByVote(current, NO_RULES, '2026-01-05').result).toBeNull();
    current = castVote(current, 'TURKEY', { drawSize: 3 }, NO_RULES);
    expect(concludeByVote(current, NO_RULES, '2026-01-05').result).toEqual({ phase: 'F1905M', victors: ['ENGLAND', 'TURKEY'] });
  });

  it('voids a concession to a power that has lost its vote, with the votes for it', () => {
    let current = propose(game(), 'ENGLAND', 'TURKEY', PROPOSALS);
    current = castVote(current, 'FRANCE', 'YES', PROPOSALS);
    expect(current.proposal).toEqual({ result: 'TURKEY', proposer: 'ENGLAND' });
    const eliminated = updatePower(current, 'TURKEY', (power) => ({ ...power, owns: [] }));
    const settled = concludeByVote(eliminated, PROPOSALS, '2026-01-05');
    expect(settled.proposal).toBeNull();
    expect(settled.powers.every((power) => power.vote === null)).toBe(true);
    expect(settled.result).toBeNull();
  });

  it('ends a game in a draw of all voters when everyone agrees to DIAS', () => {
    let current = propose(game(), 'TURKEY', 'DIAS', PROPOSALS);
    current = castVote(current, 'FRANCE', 'YES', PROPOSALS);
    expect(concludeByVote(current, PROPOSALS, '2026-01-05').result).toBeNull();
    current = castVote(current, 'ENGLAND', 'YES', PROPOSALS);
    const ended = concludeByVote(current, PROPOSALS, '2026-01-05');
    expect(ended.result).toEqual({ phase: 'F1905M', victors: ['ENGLAND', 'FRANCE', 'TURKEY'] });
    expect(ended.phase).toEqual({ mode: 'PHASE', phase: 'COMPLETED' });
    expect(ended.proposal).toBeNull();
  });
});
