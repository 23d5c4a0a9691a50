import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, isPasswordHash, verifyPassword, withHashedPasswords } from '../../src/status/password.js';
import { newGame, newPower } from '../../src/status/model.js';

describe('passwords', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("cost Node's default scrypt N unless JUDGE_SCRYPT_N lowers it, as the tests' set-up does", async () => {
    const hashedWith = async (setting: string | undefined) => {
      vi.stubEnv('JUDGE_SCRYPT_N', setting);
      vi.resetModules();
      const { hashPassword: hash } = await import('../../src/status/password.js');
      return hash('tr0ub4dor');
    };
    expect(await hashedWith(undefined)).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await hashedWith('1024')).toMatch(/^scrypt\$1024\$8\$1\$/);
    await expect(hashedWith('1000')).rejects.toThrow('JUDGE_SCRYPT_N must be a power of two from 1024 to 16384');
  });

  it('are hashed with scrypt under a recognisable prefix, with a fresh salt each time', async () => {
    const first = await hashPassword('tr0ub4dor');
    const second = await hashPassword('tr0ub4dor');
    expect(first).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('tr0ub4dor');
    expect(isPasswordHash(first)).toBe(true);
  });

  it('match the password, whatever its case (DPjudge ignores case in commands), and nothing else', async () => {
    const stored = await hashPassword('Secret');
    expect(await verifyPassword(stored, 'Secret')).toBe(true);
    expect(await verifyPassword(stored, 'SECRET')).toBe(true);
    expect(await verifyPassword(stored, 'Secret!')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('typed in as plaintext still match', async () => {
    expect(await verifyPassword('plain', 'PLAIN')).toBe(true);
    expect(await verifyPassword('plain', 'plainer')).toBe(false);
  });

  it('never match a malformed hash', async () => {
    expect(await verifyPassword('scrypt$x', 'x')).toBe(false);
    expect(await verifyPassword('scrypt$16384$8$1$c2FsdA$', 'x')).toBe(false);
    expect(await verifyPassword('scrypt$1$8$1$c2FsdA$aGFzaA', 'x')).toBe(false);
    expect(await verifyPassword('scrypt$1073741824$8$1$c2FsdA$aGFzaA', 'x')).toBe(false);
  });

  it('in plaintext are replaced by hashes, the Master’s and every power’s; hashes are kept', async () => {
    const kept = await hashPassword('kept');
    const game = {
      ...newGame('alpha'),
      masterPassword: 'master',
      powers: [
        { ...newPower('FRANCE'), password: 'france' },
        { ...newPower('ITALY'), password: kept },
      ],
    };
    const upgraded = await withHashedPasswords(game);
    expect(await verifyPassword(upgraded.masterPassword!, 'master')).toBe(true);
    expect(await verifyPassword(upgraded.powers[0]!.password!, 'france')).toBe(true);
    expect(upgraded.powers[1]).toBe(game.powers[1]);
    expect(await withHashedPasswords(upgraded)).toBe(upgraded);
  });
});
