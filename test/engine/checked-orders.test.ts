import { describe, expect, it } from 'vitest';
import { adjudicate } from '../../src/engine/adjudicate.js';
import { OrderReader, quotedRefusal } from '../../src/engine/legality/reader.js';
import { RulesInForce } from '../../src/rules/in-force.js';
import type { CheckedSubmission } from '../../src/engine/legality/checked.js';
import type { SubmittedOrder } from '../../src/orders/types.js';
import { SPRING, position, testMap } from './helpers.js';

const standard = testMap('standard');

function readFor(board: ReturnType<typeof position>, power: string, line: string, rules: string[] = []): SubmittedOrder {
  const read = new OrderReader({ map: standard, position: board, power, phase: 'MOVEMENT', rules: new RulesInForce(rules) }).read(line);
  if (!read.ok) throw new Error(quotedRefusal(read.refused));
  return read.submitted;
}

describe('orders checked at entry', () => {
  const before = position(standard, { units: { FRANCE: ['A PAR'], GERMANY: ['A MUN'] } });

  it('are adjudicated on the position they were checked against', () => {
    const result = adjudicate(standard, SPRING, before, [readFor(before, 'FRANCE', 'A PAR - BUR')]);
    expect(result.outcomes[0]).toMatchObject({ text: 'A PAR - BUR', succeeded: true });
  });

  it('carry the adjacency a move crosses, or none for a move that can only go by convoy', () => {
    const coast = position(standard, { units: { ENGLAND: ['A LON', 'F NTH'] } });
    const march = readFor(before, 'FRANCE', 'A PAR - BUR') as CheckedSubmission;
    const convoyed = readFor(coast, 'ENGLAND', 'A LON - BEL') as CheckedSubmission;
    expect(march.checked.crossing).toMatchObject({ to: 'BUR', armies: true });
    expect(convoyed.checked.crossing).toBeNull();
  });

  it('are checked again on any other position', () => {
    const other = position(standard, { units: { FRANCE: ['A PIC'], GERMANY: ['A MUN'] } });
    const result = adjudicate(standard, SPRING, other, [readFor(before, 'FRANCE', 'A PAR - BUR')]);
    expect(result.outcomes[0]).toMatchObject({ succeeded: false, marks: ['illegal'], reason: 'there is no army in Paris' });
  });

  it('are checked again under other rules', () => {
    const signal = readFor(before, 'FRANCE', 'A PAR S A MUN - KIE', ['SIGNAL_SUPPORT']);
    const result = adjudicate(standard, SPRING, before, [signal]);
    expect(result.outcomes[0]).toMatchObject({ succeeded: false, marks: ['illegal'] });
  });

  it('are checked again when given for another power', () => {
    const borrowed = { ...readFor(before, 'FRANCE', 'A PAR - BUR'), power: 'GERMANY' };
    const result = adjudicate(standard, SPRING, before, [borrowed]);
    expect(result.outcomes[0]).toMatchObject({ succeeded: false, marks: ['illegal'] });
  });

  it('keep the text made at entry only while they keep its order', () => {
    const changed: SubmittedOrder = { ...readFor(before, 'FRANCE', 'A PAR - BUR'), order: { kind: 'hold', unit: { type: 'A', location: 'PAR' } } };
    const result = adjudicate(standard, SPRING, before, [changed]);
    expect(result.outcomes[0]).toMatchObject({ text: 'A PAR H', succeeded: true });
  });
});
