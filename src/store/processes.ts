import { hostname } from 'node:os';

/** Whether a process of this host still exists (EPERM: it does, but belongs to someone else). */
export function processAlive(pid: number): boolean {
  // 0 and negative numbers address process groups, not a process.
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const HOST = hostname();
