// Saves a game over and over, each version with its own deadline and message, until killed; says
// 'ready' before the first save and 'saved' after each.
// Run as: node crash-writer.mjs <compiled dist> <games folder> <database> <game> <first version>
import { pathToFileURL } from 'node:url';

const FIRST_DEADLINE = Date.UTC(2030, 0, 1);

/** Version k of a game: the deadline k minutes after the first, and a message of varying length. */
export function versionOf(game, k) {
  const deadline = new Date(FIRST_DEADLINE + k * 60_000).toISOString().replace(/[-T:]/g, '').slice(0, 12);
  const message = `version ${k} ${'x'.repeat((k * 37) % 400)}`.trim();
  return { ...game, deadline, powers: game.powers.map((power) => (power.name === 'FRANCE' ? { ...power, messages: [message] } : power)) };
}

export function versionNumberOf(deadline) {
  const [, year, month, day, hour, minute] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(deadline).map(Number);
  return (Date.UTC(year, month - 1, day, hour, minute) - FIRST_DEADLINE) / 60_000;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dist, games, database, name, first] = process.argv.slice(2);
  const { GameStore } = await import(`${dist}/store/game-store.js`);
  const { AuditLog } = await import(`${dist}/store/audit.js`);
  const { openDatabase } = await import(`${dist}/store/database.js`);
  const store = new GameStore({ games, audit: new AuditLog(openDatabase(database)) });
  process.stdout.write('ready\n');
  for (let k = Number(first); ; k++) {
    await store.update(name, { who: 'crash test', command: 'SET DEADLINE' }, ({ game }) => versionOf(game, k));
    process.stdout.write('saved\n');
  }
}
