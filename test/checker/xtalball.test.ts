import { describe, expect, it } from 'vitest';
import { actor, checkerJudge, utc } from './support.js';

/** A stamp of the status file (`202601071200`) as an instant. */
const instant = (stamp: string) => utc(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}`);

describe('the deadline checker in a Crystal Ball game', () => {
  it('tells a power without its first list that it is late', async () => {
    const judge = checkerJudge();
    await judge.startGame('cb', { timing: 'NEXT 1D MOVE 2D AT 12:00' });
    await judge.service.listings.updateListing('cb', actor, (listing) => ({ ...listing, variant: 'xtalball' }));
    for (const power of ['AUSTRIA', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY']) await judge.service.submitOrders('cb', power, ['A MUN H'], actor);

    await judge.sweepAt(instant(judge.game('cb').deadline!));
    const first = judge.sent.filter((notice) => notice.subject === 'cb S1901M: orders late');
    const toEngland = first.find((notice) => notice.to.includes(judge.emailOf('cb', 'ENGLAND')))!;
    expect(toEngland.text).toContain('The judge still has no orders from ENGLAND.');
    expect(first.find((notice) => notice.to.includes('master@example.org'))!.text).toContain('Orders are missing or incomplete from: ENGLAND.');
    expect(first.some((notice) => notice.to.includes(judge.emailOf('cb', 'FRANCE')))).toBe(false);
  });

  it('once the first lists are locked, tells every power without its next list that it is late at the deadline the lock set', async () => {
    const judge = checkerJudge();
    await judge.startGame('cb', { timing: 'NEXT 1D MOVE 2D AT 12:00' });
    await judge.service.listings.updateListing('cb', actor, (listing) => ({ ...listing, variant: 'xtalball' }));
    const first = judge.game('cb').deadline;
    judge.clock.now = judge.clock.now.plus({ hours: 1 });
    for (const power of ['AUSTRIA', 'ENGLAND', 'FRANCE', 'GERMANY', 'ITALY', 'RUSSIA', 'TURKEY'])
      await judge.service.submitOrders('cb', power, ['A MUN H'], actor);
    await judge.service.submitOrders('cb', 'FRANCE', ['A PAR - BUR'], actor);
    expect(judge.game('cb').deadline).not.toBe(first);
    await judge.sweepAt(instant(judge.game('cb').deadline!));
    const late = judge.sent.filter((notice) => notice.subject === 'cb S1901M: orders late');
    expect(late.find((notice) => notice.to.includes('master@example.org'))!.text).toContain(
      'Orders are missing or incomplete from: AUSTRIA, ENGLAND, GERMANY, ITALY, RUSSIA, TURKEY.',
    );
    expect(late.some((notice) => notice.to.includes(judge.emailOf('cb', 'FRANCE')))).toBe(false);
  });
});
