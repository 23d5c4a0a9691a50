import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, inject, it } from 'vitest';
import { JudgeProcess, temporaryFolder, until } from './mail/support/judge-setup.js';

/**
 * The README's walkthrough as a reader follows it: `npm start` (the compiled judge's `start`) in a
 * folder holding the repository's judge.config.json, then each step's shell block run unchanged by
 * bash in that folder, and the answer the step promises looked for in the mails the judge writes
 * into var/outbox/ (and, for the last step, in what its commands print).
 */

const ROOT = join(import.meta.dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

interface Step {
  readonly script: string;
  /** The texts in backquotes after the step's block: what the judge answers. */
  readonly answers: readonly string[];
}

/** The numbered steps of the section, each with its indented shell block and the prose after it. */
function walkthroughSteps(): Step[] {
  const section = readme.slice(readme.indexOf('## A first game, by mail'), readme.indexOf('Send `HELP` in a mail'));
  const steps = section.split(/\n(?=\d\. )/).slice(1);
  return steps.map((step) => {
    const lines = step.split('\n');
    const first = lines.findIndex((line) => line.startsWith('        '));
    let last = first;
    for (let index = first; index < lines.length; index++) if (lines[index]!.startsWith('        ')) last = index;
    const script = lines
      .slice(first, last + 1)
      .map((line) => line.slice(8))
      .join('\n');
    const after = lines.slice(last + 1).join('\n');
    return { script, answers: [...after.matchAll(/`([A-Z][^`]*)`/g)].map((match) => match[1]!) };
  });
}

async function outboxTexts(folder: string, seen: Set<string>): Promise<string[]> {
  const outbox = join(folder, 'var', 'outbox');
  // A mail being written is a dot-file until its atomic rename: read only the finished ones.
  const fresh = readdirSync(outbox).filter((file) => file.endsWith('.eml') && !seen.has(file));
  const texts: string[] = [];
  for (const file of fresh) {
    seen.add(file);
    texts.push((await simpleParser(readFileSync(join(outbox, file)))).text ?? '');
  }
  return texts;
}

describe('the README walkthrough', () => {
  it('answers every step as the README says, its mails and commands run unchanged', async () => {
    const steps = walkthroughSteps();
    expect(steps).toHaveLength(5);
    for (const step of steps) expect(step.answers.length).toBeGreaterThan(0);

    const folder = temporaryFolder('judge-readme-');
    // The repository's configuration, the web pages off: other tests may hold the port it names.
    const config = JSON.parse(readFileSync(join(ROOT, 'judge.config.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(folder, 'judge.config.json'), JSON.stringify({ ...config, web: { enabled: false } }));
    const judge = JudgeProcess.cli(['start'], folder);
    try {
      await judge.waitForLine(/judge LOCAL started/);
      const seen = new Set<string>();
      // `npx judge` runs the package's bin, the compiled dist/cli/main.js.
      const npxJudge = `${process.execPath} ${join(inject('compiledJudge'), 'cli', 'main.js')}`;
      for (const [index, step] of steps.entries()) {
        const printed = execFileSync('bash', ['-e', '-c', step.script.replaceAll('npx judge', npxJudge)], { cwd: folder, encoding: 'utf8' });
        const answered: string[] = [printed];
        await until(
          async () => {
            answered.push(...(await outboxTexts(folder, seen)));
            return step.answers.every((answer) => answered.some((text) => text.includes(answer)));
          },
          20_000,
          `the answers of step ${index + 1}: ${step.answers.join(' | ')}`,
        );
      }
      expect(readFileSync(join(folder, 'firstgame.svg'), 'utf8')).toMatch(/^<\?xml|^<svg/);
      // The README quotes the results file's first two lines.
      const [first, second] = readFileSync(join(folder, 'games', 'firstgame', 'results'), 'utf8').split('\n');
      expect([first, second]).toEqual(['=== S1901M ===', "Spring 1901 Movement results for game 'firstgame' (map standard)"]);
      expect(readme).toContain("its first line is\n   `=== S1901M ===` and its second `Spring 1901 Movement results for game 'firstgame' (map standard)`");
      expect(judge.lines.filter((line) => / mail from .*: processed/.test(line))).toHaveLength(10);
    } finally {
      judge.kill('SIGTERM');
      await judge.exited;
    }
  }, 90_000);
});
