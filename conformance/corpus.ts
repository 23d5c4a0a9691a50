import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The external material the conformance suite checks the judge against: a folder holding the map
 * corpus (`corpus/`), the DATC file (`datc/`) and DPjudge's rules (`reference/`). JUDGE_CORPUS
 * names it; without it, the `shared` folder beside the project.
 */
export const CORPUS_ROOT = resolve(process.env['JUDGE_CORPUS'] ?? join(__dirname, '..', '..', 'shared'));
export const corpus = join(CORPUS_ROOT, 'corpus');
export const DATC_FILE = join(CORPUS_ROOT, 'datc', 'datc_v2.4_06.txt');
/** Where the corpus's drawings are kept once converted (map/drawings/ghostscript.ts), so that a run after the first converts none. */
export const DRAWING_CACHE = join(__dirname, '..', 'node_modules', '.cache', 'conformance-drawings');
export const RULES_TXT = join(CORPUS_ROOT, 'reference', 'dpjudge', 'Rules.txt');

const NEEDED = [join(corpus, 'dpjudge'), join(corpus, 'mila-maps'), join(corpus, 'njudge'), DATC_FILE, RULES_TXT];

/** One line saying what the suite needs and does not find, or null when the corpus is complete. */
export function missingCorpus(): string | null {
  const missing = NEEDED.filter((path) => !existsSync(path)).map((path) => relative(CORPUS_ROOT, path));
  if (missing.length === 0) return null;
  return `conformance: no corpus at ${CORPUS_ROOT} (missing ${missing.join(', ')}): set JUDGE_CORPUS to a folder with corpus/, datc/ and reference/ (default ../shared)`;
}
