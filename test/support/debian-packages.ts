import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The servers and browsers the tests and benchmarks drive (Dovecot, Chromium) are Debian packages, which `.ci/run`
 * installs; tests never change the machine, so a missing one is an error saying what to install.
 */
export function installedBinary(binary: string, packageName: string): string {
  const folders = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/bin'];
  const found = folders.map((folder) => join(folder, binary)).find((path) => existsSync(path));
  if (found === undefined) throw new Error(`${binary} is missing: install it with 'sudo apt-get install ${packageName}' (.ci/run does)`);
  return found;
}
