import { randomBytes, scrypt, timingSafeEqual, createHash, type ScryptOptions } from 'node:crypto';
import type { GameStatus } from './model.js';

/**
 * Passwords in status files: new and changed ones are stored as `scrypt$N$r$p$salt$hash` (base64url),
 * a plaintext one typed in by the judgekeeper is still accepted and replaced by a hash on the next
 * save. DPjudge ignores letter case in every command, passwords included, so both sides of every
 * comparison are upper-cased first.
 */

const PASSWORD_HASH_PREFIX = 'scrypt$';

/** Node's default scrypt cost: about 50 ms and 16 MiB per hash. */
const DEFAULT_N = 16384;
/** The cheapest N that JUDGE_SCRYPT_N may set: about 3 ms and 1 MiB per hash. */
const LOWEST_N = 1024;

/**
 * N is Node's default unless JUDGE_SCRYPT_N lowers it, for a judge whose passwords guard nothing:
 * the tests, which hash thousands of throw-away passwords. A hash records its own cost, so hashes
 * made at any cost are verified alike.
 */
function costN(setting: string | undefined): number {
  if (setting === undefined) return DEFAULT_N;
  const n = Number(setting);
  if (!Number.isInteger(n) || n < LOWEST_N || n > DEFAULT_N || (n & (n - 1)) !== 0)
    throw new Error(`JUDGE_SCRYPT_N must be a power of two from ${LOWEST_N} to ${DEFAULT_N}, got '${setting}'`);
  return n;
}

const COST = { N: costN(process.env['JUDGE_SCRYPT_N']), r: 8, p: 1 };
/** A hash asking for more than this is refused rather than allowed to take a gigabyte. */
const LARGEST_COST = { N: 1 << 20, r: 16, p: 4 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const HASH_FORM = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

export function isPasswordHash(stored: string): boolean {
  return stored.startsWith(PASSWORD_HASH_PREFIX);
}

function normalised(password: string): Buffer {
  return Buffer.from(password.toUpperCase(), 'utf8');
}

function derive(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(normalised(password), salt, length, { ...options, maxmem: 128 * options.N! * options.r! * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, HASH_BYTES, COST);
  return `${PASSWORD_HASH_PREFIX}${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/**
 * Whether `attempt` is the password `stored` holds (hashed or plaintext). The comparison takes the
 * same time wherever the first difference is; a malformed hash matches nothing.
 */
export async function verifyPassword(stored: string, attempt: string): Promise<boolean> {
  if (!isPasswordHash(stored)) return timingSafeEqual(digest(normalised(stored)), digest(normalised(attempt)));
  const parts = HASH_FORM.exec(stored);
  if (!parts) return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length === 0 || N > LARGEST_COST.N || r > LARGEST_COST.r || p > LARGEST_COST.p) return false;
  try {
    const actual = await derive(attempt, Buffer.from(parts[4]!, 'base64url'), expected.length, { N, r, p });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** Equal-length digests, so that comparing plaintexts does not reveal their lengths either. */
function digest(value: Buffer): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The game with every plaintext password, the Master's and each power's, replaced by its hash. */
export async function withHashedPasswords(game: GameStatus): Promise<GameStatus> {
  const hashed = async (value: string | null) => (value === null || isPasswordHash(value) ? value : hashPassword(value));
  const masterPassword = await hashed(game.masterPassword);
  const powers = await Promise.all(
    game.powers.map(async (power) => {
      const password = await hashed(power.password);
      return password === power.password ? power : { ...power, password };
    }),
  );
  const unchanged = masterPassword === game.masterPassword && powers.every((power, index) => power === game.powers[index]);
  return unchanged ? game : { ...game, masterPassword, powers };
}
