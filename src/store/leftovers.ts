import { existsSync, readdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { abandonedTemporaryFiles } from './atomic-write.js';
import { removeAbandonedLock } from './lock.js';

/**
 * What judge processes killed at a bad moment leave behind, removed when a judge starts: files the
 * .eml outbox was writing (`.<name>.eml.tmp-<pid>-…`), lock claims (`status.lock.<pid>.<hex>`, left
 * by a full disk too), and a game folder holding nothing but a lock, from a CREATE cut short before
 * its status file was written. Only what a dead process left is touched.
 */

const LOCK = 'status.lock';
/** A game folder this old with no status file is no CREATE still running. */
const UNFINISHED_AFTER_MS = 10 * 60_000;
const LOCK_OR_CLAIM = /^status\.lock(\.\d+\.[0-9a-f]{16})?$/;

export interface SweptLeftovers {
  readonly outboxFiles: number;
  readonly gameFolders: number;
}

export function sweepLeftovers(games: string, outbox: string, now = Date.now()): SweptLeftovers {
  let outboxFiles = 0;
  if (existsSync(outbox)) {
    for (const file of abandonedTemporaryFiles(outbox)) {
      unlinkSync(file);
      outboxFiles++;
    }
  }
  let gameFolders = 0;
  if (existsSync(games)) {
    for (const entry of readdirSync(games, { withFileTypes: true })) {
      if (entry.isDirectory() && !entry.name.startsWith('.') && removeUnfinishedGame(join(games, entry.name), now)) gameFolders++;
    }
  }
  return { outboxFiles, gameFolders };
}

/**
 * Clears a game folder's dead lock, claims and temporary files; removes the folder when that left it
 * empty and it is older than a CREATE takes (one starting now makes its folder, then takes its lock).
 */
function removeUnfinishedGame(folder: string, now: number): boolean {
  // Judged before the sweep's own removals touch the folder.
  const unfinished = readdirSync(folder).every((name) => LOCK_OR_CLAIM.test(name)) && statSync(folder).mtimeMs <= now - UNFINISHED_AFTER_MS;
  removeAbandonedLock(join(folder, LOCK));
  for (const file of abandonedTemporaryFiles(folder)) unlinkSync(file);
  if (!unfinished || readdirSync(folder).length > 0) return false;
  rmdirSync(folder);
  return true;
}
