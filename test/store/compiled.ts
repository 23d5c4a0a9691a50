import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');

/**
 * Compiles the store (and what it imports) to plain JavaScript in a temporary folder, for tests
 * that run it in child processes; Node 20 cannot run TypeScript itself. Only the files the store
 * reaches are compiled, so work in progress elsewhere in `src/` cannot break these tests.
 * Returns the folder that holds `store/`, `status/`, ...
 */
export function compileStore(): string {
  const out = mkdtempSync(join(tmpdir(), 'judge-store-build-'));
  const config = join(out, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.build.json'),
      compilerOptions: { outDir: join(out, 'dist'), rootDir: join(ROOT, 'src'), sourceMap: false, noEmitOnError: true },
      include: [],
      files: [join(ROOT, 'src', 'store', 'game-store.ts'), join(ROOT, 'src', 'store', 'database.ts')],
    }),
  );
  // ES modules, and the project's packages (types for the compiler, better-sqlite3 for the children).
  writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`compiling the store failed:\n${String((error as { stdout?: Buffer }).stdout ?? error)}`);
  }
  return join(out, 'dist');
}
