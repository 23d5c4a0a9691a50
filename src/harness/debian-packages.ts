import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The servers and browsers the tests and benchmarks drive (Dovecot, Chromium) are Debian packages:
 * when one is missing and the tests run as root (CI), it is installed with apt-get; otherwise the
 * error says what to install.
 */

function find(binary: string): string | null {
  const folders = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/bin'];
  return folders.map((folder) => join(folder, binary)).find((path) => existsSync(path)) ?? null;
}

/** The path of `binary`, installing Debian's `packageName` first when it is missing and we are root. */
export function installedBinary(binary: string, packageName: string): string {
  const hint = `${binary} is missing: install it with 'sudo apt-get install ${packageName}'`;
  const found = find(binary);
  if (found !== null) return found;
  if (process.getuid?.() !== 0) throw new Error(hint);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', packageName]]) {
    const result = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed: ${result.stderr.trim().split('\n').pop()}`);
  }
  const installed = find(binary);
  if (installed === null) throw new Error(hint);
  return installed;
}
