import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

describe('a judge run from its clone', () => {
  it('leaves git status clean: what it writes, games/ and var/, is ignored', () => {
    const ignored = execFileSync('git', ['check-ignore', 'games/firstgame/status', 'games/status', 'var/judge.db'], { cwd: ROOT, encoding: 'utf8' });
    expect(ignored.trim().split('\n')).toEqual(['games/firstgame/status', 'games/status', 'var/judge.db']);
  });
});
