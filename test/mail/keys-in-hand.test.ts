import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { KeysInHand } from '../../src/mail/keys-in-hand.js';

describe('the mails one process has in hand', () => {
  it('lets the arrivals of one key in one at a time, in turn, and another key at once', async () => {
    const keys = new KeysInHand();
    const events: string[] = [];
    const arrive = async (name: string) => {
      const release = await keys.hold('a');
      events.push(`${name} in`);
      await setImmediate();
      events.push(`${name} out`);
      release();
    };
    const first = await keys.hold('a');
    const waiting = [arrive('a1'), arrive('a2')];
    const other = await keys.hold('b');
    events.push('b in');
    other();
    await setImmediate();
    events.push('a0 out');
    first();
    await Promise.all(waiting);

    expect(events).toEqual(['b in', 'a0 out', 'a1 in', 'a1 out', 'a2 in', 'a2 out']);
  });

  it('frees nobody else when a release is called twice', async () => {
    const keys = new KeysInHand();
    const first = await keys.hold('a');
    first();
    const second = await keys.hold('a');
    first();
    let thirdIn = false;
    const third = keys.hold('a').then((release) => {
      thirdIn = true;
      release();
    });
    await setImmediate();
    expect(thirdIn).toBe(false);
    second();
    await third;
    expect(thirdIn).toBe(true);
  });
});
