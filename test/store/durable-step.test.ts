import { describe, expect, it } from 'vitest';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DurableStep } from '../../src/store/atomic-write.js';

function gameFolder(): { folder: string; status: string; history: string } {
  const folder = mkdtempSync(join(tmpdir(), 'judge-durable-step-'));
  const status = join(folder, 'status');
  writeFileSync(status, 'GAME alpha\nPHASE S1901M\n');
  mkdirSync(join(folder, 'history'));
  return { folder, status, history: join(folder, 'history') };
}

describe('a durable step', () => {
  it('keeps the status file it replaces as the snapshot by a second name: the same file, which the rename leaves holding the old bytes', async () => {
    const { status, history, folder } = gameFolder();
    const before = readFileSync(status);
    const { ino } = statSync(status);
    const step = new DurableStep();
    step.stageLink(status, join(history, 'S1901M'), before);
    step.stageLast(status, Buffer.from('GAME alpha\nPHASE F1901M\n'));
    await step.renameIn();
    expect(statSync(join(history, 'S1901M')).ino).toBe(ino);
    expect(readFileSync(join(history, 'S1901M'))).toEqual(before);
    expect(readFileSync(status, 'utf8')).toBe('GAME alpha\nPHASE F1901M\n');
    expect(statSync(join(history, 'S1901M')).nlink).toBe(1);
    expect(
      readdirSync(history)
        .concat(readdirSync(folder))
        .filter((name) => name.includes('.tmp-')),
    ).toEqual([]);
  });

  it('writes the snapshot from the bytes read when the file no longer holds them (edited since), or cannot be linked', async () => {
    const { status, history } = gameFolder();
    const read = Buffer.from('GAME alpha\nPHASE S1901M\nAS READ\n');
    const step = new DurableStep();
    step.stageLink(status, join(history, 'S1901M'), read);
    step.stageLink(join(history, 'no such file'), join(history, 'S1901M.next'), Buffer.from('after'));
    await step.renameIn();
    expect(readFileSync(join(history, 'S1901M'))).toEqual(read);
    expect(statSync(join(history, 'S1901M')).ino).not.toBe(statSync(status).ino);
    expect(readFileSync(join(history, 'S1901M.next'), 'utf8')).toBe('after');
  });

  it('leaves no second name behind when the snapshot is that file already (an attempt killed after renaming it in)', async () => {
    const { status, history, folder } = gameFolder();
    const before = readFileSync(status);
    linkSync(status, join(history, 'S1901M'));
    const step = new DurableStep();
    step.stageLink(status, join(history, 'S1901M'), before);
    step.stageLast(status, Buffer.from('new'));
    await step.renameIn();
    expect(readdirSync(history)).toEqual(['S1901M']);
    expect(readFileSync(join(history, 'S1901M'))).toEqual(before);
    expect(statSync(join(history, 'S1901M')).nlink).toBe(1);
    expect(readdirSync(folder).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('throws a staged link away with the step', async () => {
    const { status, history } = gameFolder();
    const step = new DurableStep();
    step.stageLink(status, join(history, 'S1901M'), readFileSync(status));
    await step.discard();
    expect(readdirSync(history)).toEqual([]);
    expect(statSync(status).nlink).toBe(1);
  });

  it('renames nothing in before a flush it was told to wait for is done (the journal entry that announces the change)', async () => {
    const { status } = gameFolder();
    let entryOnDisk = () => {};
    const step = new DurableStep();
    step.stageLast(status, Buffer.from('new'));
    step.waitFor(new Promise<void>((resolve) => (entryOnDisk = resolve)));
    const renaming = step.renameIn();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(status, 'utf8')).toBe('GAME alpha\nPHASE S1901M\n');
    entryOnDisk();
    await renaming;
    expect(readFileSync(status, 'utf8')).toBe('new');
  });

  it('fails, renaming nothing in, when a flush it waits for fails', async () => {
    const { status } = gameFolder();
    const step = new DurableStep();
    step.stageLast(status, Buffer.from('new'));
    step.waitFor(Promise.reject(new Error('the disk is gone')));
    await expect(step.renameIn()).rejects.toThrow('the disk is gone');
    await step.discard();
    expect(readFileSync(status, 'utf8')).toBe('GAME alpha\nPHASE S1901M\n');
    expect(existsSync(status)).toBe(true);
  });

  it('runs its checks while its flushes run, before any rename, and renames nothing in when one fails', async () => {
    const { status, history } = gameFolder();
    const seen: string[] = [];
    const step = new DurableStep();
    step.stage(join(history, 'S1901M.next'), Buffer.from('after'));
    step.stageLast(status, Buffer.from('new'));
    step.whileFlushing(() => seen.push(readFileSync(status, 'utf8')));
    step.whileFlushing(() => {
      throw new Error('would not read back');
    });
    step.whileFlushing(() => seen.push('after the failure'));
    await expect(step.renameIn()).rejects.toThrow('would not read back');
    await step.discard();
    expect(seen).toEqual(['GAME alpha\nPHASE S1901M\n']);
    expect(readFileSync(status, 'utf8')).toBe('GAME alpha\nPHASE S1901M\n');
    expect(readdirSync(history)).toEqual([]);
  });

  it('lands its renames: their folders flushed once the writer has moved on', async () => {
    const { status, history } = gameFolder();
    const step = new DurableStep();
    step.stage(join(history, 'S1901M.next'), Buffer.from('after'));
    step.stageLast(status, Buffer.from('new'));
    const { landed } = await step.renameIn();
    expect(readFileSync(status, 'utf8')).toBe('new');
    expect(readFileSync(join(history, 'S1901M.next'), 'utf8')).toBe('after');
    await expect(landed).resolves.toBeUndefined();
  });
});
