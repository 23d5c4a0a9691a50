import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { installedBinary } from './debian-packages.js';

/**
 * Debian's Chromium driven by playwright-core, for the browser tests and the screenshots: headless,
 * without the background traffic a fresh profile starts (updates, sync, QUIC probes), each browser
 * on a new, empty profile of its own that is removed when it closes. No browser is downloaded.
 */

const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One person's browser: its cookies are its own. */
export interface PersonalBrowser {
  readonly page: Page;
  /** Ends the browser and removes its profile. */
  close(): Promise<void>;
}

export async function openBrowser(options: { baseURL: string; width?: number; height?: number }): Promise<PersonalBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'judge-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: installedBinary('chromium', 'chromium'),
    headless: true,
    args: QUIET_FLAGS,
    baseURL: options.baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    async close() {
      await context.close();
      // Chromium's last writes to the profile may still be landing as it exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
