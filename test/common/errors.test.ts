import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REFUSAL_CODES, Refusal } from '../../src/common/errors.js';
import { TimingError } from '../../src/deadline/errors.js';
import { GameRuleError } from '../../src/game/lifecycle.js';
import { NoSuchGameError } from '../../src/store/game-store.js';

const PROJECT_ROOT = new URL('../..', import.meta.url).pathname;

async function lintMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: PROJECT_ROOT }).lintText(code, { filePath });
  return result!.messages.map((message) => message.message);
}

describe("the player's refusals and the judge's failures", () => {
  it('refuses, in the lint, an error class of src that extends Error itself rather than choosing one of the two', async () => {
    const messages = await lintMessages('export class NewRuleError extends Error {}\n', 'src/game/new-rule.ts');
    expect(messages).toEqual([expect.stringContaining('Extend Refusal')]);
    expect(
      await lintMessages(
        "import { Refusal } from '../common/errors.js';\nexport class NewRuleError extends Refusal {\n  readonly code = 'GAME_RULE';\n}\n",
        'src/game/new-rule.ts',
      ),
    ).toEqual([]);
  });

  it('gives each refusal a code of the catalogue and the reason the player reads', () => {
    const refusals = [new GameRuleError('the game is over'), new NoSuchGameError('/var/games/x/status'), new TimingError('bad key')];
    expect(refusals.every((refusal) => refusal instanceof Refusal)).toBe(true);
    expect(refusals.map((refusal) => refusal.code)).toEqual(['GAME_RULE', 'NO_SUCH_GAME', 'TIMING_LINE_WRONG']);
    expect(refusals.every((refusal) => Object.hasOwn(REFUSAL_CODES, refusal.code))).toBe(true);
    expect(refusals.map((refusal) => refusal.reason)).toEqual([
      'the game is over',
      'there is no such game on this judge',
      "the game's TIMING line is wrong: TIMING: bad key",
    ]);
  });
});
