import { chromium, type Browser, type Page } from 'playwright-core';
import { installedBinary } from './debian-packages.js';

/**
 * Debian's Chromium driven by playwright-core, for the browser tests and the screenshots: headless,
 * without the background traffic a fresh profile starts (updates, sync, QUIC probes). No browser is
 * downloaded. It is launched once; each person at it gets a browser context of their own (their own
 * cookies and storage, as a separate browser would have), which costs a fraction of a launch.
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
  /** Ends the person's session, forgetting its cookies. */
  close(): Promise<void>;
}

export interface Chromium {
  /** A new person at a browser of their own, on `baseURL`. */
  person(options: { baseURL: string; width?: number; height?: number; javaScript?: boolean }): Promise<PersonalBrowser>;
  /** Ends the browser and every person's session at it. */
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  // Playwright gives the browser a temporary profile of its own and removes it when the browser closes.
  const browser: Browser = await chromium.launch({ executablePath: installedBinary('chromium', 'chromium'), headless: true, args: QUIET_FLAGS });
  return {
    async person(options) {
      const context = await browser.newContext({
        baseURL: options.baseURL,
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        javaScriptEnabled: options.javaScript ?? true,
      });
      const page = await context.newPage();
      return { page, close: () => context.close() };
    },
    close: () => browser.close(),
  };
}
