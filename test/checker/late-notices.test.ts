import { describe, expect, it } from 'vitest';
import { actor, checkerJudge, utc } from './support.js';

describe('late notices', () => {
  it('tell a power whose orders leave units out that they are incomplete, naming the units, and the Master too', async () => {
    const judge = checkerJudge();
    const game = await judge.startGame('alpha', { timing: 'NEXT 1D MOVE 2D AT 12:00' });
    await judge.order('alpha', ['FRANCE', 'ENGLAND']);
    await judge.service.submitOrders('alpha', 'FRANCE', ['A PAR H', 'A MAR H'], actor);

    await judge.sweepAt(utc(`${game.deadline!.slice(0, 4)}-${game.deadline!.slice(4, 6)}-${game.deadline!.slice(6, 8)}T12:00`));
    const late = judge.sent.filter((notice) => notice.subject === 'alpha S1901M: orders late');
    const toFrance = late.find((notice) => notice.to.includes(judge.emailOf('alpha', 'FRANCE')))!;
    expect(toFrance.text).toContain('The orders of FRANCE are incomplete: no order for F BRE.');
    expect(toFrance.text).not.toContain('no orders from FRANCE');
    expect(toFrance.text).toContain('Orders are also missing or incomplete from: ENGLAND.');
    const toEngland = late.find((notice) => notice.to.includes(judge.emailOf('alpha', 'ENGLAND')))!;
    expect(toEngland.text).toContain('The judge still has no orders from ENGLAND.');
    // The late notice's wording is kept here.
    expect(toEngland.text).toContain('Orders are also missing or incomplete from: FRANCE incomplete (F BRE).');
    const toMaster = late.find((notice) => notice.to.includes('master@example.org'))!;
    expect(toMaster.text).toContain('Orders are missing or incomplete from: ENGLAND, FRANCE incomplete (F BRE).');
  });
});
