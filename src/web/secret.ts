import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key that signs the web pages' cookies and form tokens: made at the first start and kept in
 * var/web-secret (readable by the judge's user only), so that a page loaded before a restart of the
 * judge still posts its forms, and no two judges share one.
 */

const SECRET_FILE = 'web-secret';
const SECRET_BYTES = 32;

export function webSecret(varFolder: string): Buffer {
  const file = join(varFolder, SECRET_FILE);
  mkdirSync(varFolder, { recursive: true });
  try {
    // 'wx': of two judges starting at once, one writes the secret and the other reads it.
    writeFileSync(file, randomBytes(SECRET_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (secret.length < SECRET_BYTES) throw new Error(`${file} does not hold a secret of ${SECRET_BYTES} bytes; delete it and the judge makes a new one`);
  return secret;
}
