import { describe, expect, it } from 'vitest';
import { refusedLines } from '../commands/execute/reply-parts.js';
import { crystalBall } from './support.js';

describe("a Crystal Ball list's refused lines", () => {
  it("a proxy to the list's own power, and an order to a unit that could never be where it is named, are refused; the rest of the list is taken", async () => {
    const game = await crystalBall([]);
    const sent = await game.send('FRANCE', ['A PAR P FRANCE', 'F PAR - BUR', 'F BRE - MAO', 'A MAR - SPA']);
    expect(refusedLines(sent.reply.text)).toEqual([
      { line: 'F PAR - BUR', reason: 'there can be no fleet in Paris' },
      { line: 'A PAR P FRANCE', reason: 'a unit is proxied to another power; France orders its own units itself' },
    ]);
    expect(game.judge.statusText('cb')).toMatch(/^SOONER\nF BRE - MAO\nA MAR - SPA\n\n/m);
  });
});
