// Adds 1 to a number in a file, `times` times, each under the lock: read, pause, write.
// Run as: node counter.mjs <compiled dist> <lock file> <counter file> <times>
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const [dist, lockPath, counter, times] = process.argv.slice(2);
const { withLock } = await import(`${dist}/store/lock.js`);
for (let round = 0; round < Number(times); round++) {
  await withLock(lockPath, async () => {
    const value = Number(readFileSync(counter, 'utf8'));
    await sleep(Math.random() < 0.2 ? 1 : 0);
    writeFileSync(counter, String(value + 1));
  });
}
