import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { compileJudge } from './compiled-judge.js';
import { DovecotServer, type DovecotAddress } from './dovecot.js';
import { useTestEnvironment } from './environment.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the judge compiled once for this run (see compiled-judge.ts). */
    compiledJudge: string;
    /** The Dovecot server every test file shares, or why there is none. */
    dovecot: DovecotAddress | { unavailable: string };
  }
}

/**
 * What the tests share, set up once per run rather than once per file: the environment (see
 * environment.ts), the compiled judge, and one Dovecot server on which each test gets mailboxes of
 * its own (see mail-servers.ts). Without Dovecot only the tests that need it fail, each with the reason.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tearDownEnvironment = useTestEnvironment();
  const compiled = compileJudge();
  project.provide('compiledJudge', compiled);
  let dovecot: DovecotServer | null = null;
  try {
    dovecot = await DovecotServer.start();
    project.provide('dovecot', { host: dovecot.host, port: dovecot.port, password: dovecot.password });
  } catch (error) {
    project.provide('dovecot', { unavailable: (error as Error).message });
  }
  return async () => {
    await dovecot?.dispose();
    rmSync(compiled, { recursive: true, force: true });
    tearDownEnvironment();
  };
}
