import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { loadConfig } from '../src/config/config.js';
import { handlePipedMail } from '../src/daemon/pipe-mode.js';

/**
 * The README's walkthrough, mail by mail, taken from README.md itself so that the two cannot drift:
 * each mail goes through the judge's real path (mail parsing, the journal, the command set, the
 * outbox writing .eml files), as the embedded default runs it.
 */

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

function readmeMails(): string[] {
  const mails: string[] = [];
  const pattern = /cat > var\/maildir\/new\/\d+\.eml <<'EOF'\n([\s\S]*?)\n\s*EOF/g;
  for (const match of readme.matchAll(pattern)) mails.push(match[1]!.replace(/^ {8}/gm, ''));
  return mails;
}

describe('the README walkthrough', () => {
  it('creates a game, fills it, takes orders and processes them, on the embedded default', async () => {
    const root = mkdtempSync(join(tmpdir(), 'judge-readme-'));
    writeFileSync(join(root, 'judge.config.json'), '{}');
    const loaded = loadConfig(join(root, 'judge.config.json'));
    const log: string[] = [];
    const send = (mail: string) => handlePipedMail(loaded, Readable.from([Buffer.from(mail.replace(/\n/g, '\r\n'))]), (line) => log.push(line));
    const outbox = () => readdirSync(join(root, 'var', 'outbox')).sort().map((file) => readFileSync(join(root, 'var', 'outbox', file), 'utf8'));

    const [create, join7, orders, processing] = readmeMails();
    expect([create, join7, orders, processing].every((mail) => mail !== undefined)).toBe(true);
    await send(create!);
    expect(outbox().at(-1)).toMatch(/Game 'firstgame' is created/);

    const names = ['paul', 'anna', 'bert', 'cleo', 'dirk', 'emma', 'finn'];
    for (const [n, name] of names.entries())
      await send(join7!.replace(/paul@example\.org/g, `${name}@example.org`).replace('paulpw', `${name}pw`).replace('<join-1@', `<join-${n + 1}@`));
    const status = readFileSync(join(root, 'games', 'firstgame', 'status'), 'utf8');
    expect(status).toMatch(/^PHASE SPRING 1901 MOVEMENT$/m);

    const france = /^FRANCE\s*\nADDRESS (\w+)@example\.org/m.exec(status)![1]!;
    await send(orders!.replace(/paul@example\.org/g, `${france}@example.org`).replace('paulpw', `${france}pw`));
    const ordersReply = outbox().find((mail) => mail.includes('A PAR - BUR') && mail.includes(`To: ${france}@example.org`));
    expect(ordersReply).toBeDefined();

    await send(processing!);
    const after = readFileSync(join(root, 'games', 'firstgame', 'status'), 'utf8');
    expect(after).toMatch(/^PHASE FALL 1901 MOVEMENT$/m);
    expect(readFileSync(join(root, 'games', 'firstgame', 'results'), 'utf8')).toContain('A PAR - BUR.');
    const results = outbox().filter((mail) => /Subject: .*firstgame S1901M results/.test(mail));
    expect(results.length).toBeGreaterThanOrEqual(8);
    // As the README says: each results mail carries the board's picture.
    for (const mail of results) expect(mail).toMatch(/Content-Type: image\/svg\+xml; name="?firstgame\.svg"?/);
    expect(log.every((line) => /processed/.test(line))).toBe(true);
  }, 60_000);
});
