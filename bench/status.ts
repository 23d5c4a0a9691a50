import type { UnitType } from '../src/map/model.js';
import { newGame, newPower, updatePower, type GameStatus, type PowerStatus } from '../src/status/model.js';
import { parseStatus } from '../src/status/parse.js';
import { renderStatus } from '../src/status/render.js';
import { writeStatus } from '../src/status/write.js';
import { formatMs, measure } from './stats.js';

/** A standard game late in 1905: every one of the 34 supply centers held, a unit on each, all ordered. */
const POSITION: Record<string, string[]> = {
  AUSTRIA: ['A BUD', 'A VIE', 'F TRI', 'A SER', 'A RUM'],
  ENGLAND: ['F LON', 'F EDI', 'A LVP', 'F NWY', 'F SWE', 'A DEN'],
  FRANCE: ['A PAR', 'A MAR', 'F BRE', 'A SPA', 'F POR', 'A BEL'],
  GERMANY: ['A BER', 'A MUN', 'F KIE', 'A HOL'],
  ITALY: ['A ROM', 'A VEN', 'F NAP', 'F TUN'],
  RUSSIA: ['A MOS', 'A WAR', 'F SEV', 'F STP/SC'],
  TURKEY: ['A CON', 'A ANK', 'F SMY', 'A BUL', 'F GRE'],
};

function benchGame(): GameStatus {
  const powers = Object.entries(POSITION).map(([name, units], index): PowerStatus => ({
    ...newPower(name),
    player: { current: { id: 1000 + index, email: `${name.toLowerCase()}@example.com`, name: `Player_${index}` }, earlier: [] },
    addresses: [`${name.toLowerCase()}@example.com`],
    password: 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    owns: units.map((unit) => unit.slice(2, 5)),
    units: units.map((unit) => ({ type: unit[0] as UnitType, location: unit.slice(2), retreats: null })),
    orders: units.map((unit) => `${unit} H`),
  }));
  return {
    ...newGame('benchmark'),
    phase: { mode: 'PHASE', phase: { season: 'FALL', year: 1905, type: 'MOVEMENT' } },
    deadline: '202405011800',
    zone: 'Europe/London',
    timing: 'NEXT 2D AT 18:00 WARN 12H',
    map: { name: 'standard', trial: false },
    master: { id: 1, email: 'master@example.org', name: 'Master' },
    masterPassword: 'scrypt$16384$8$1$bWFzdGVyc2FsdA$bWFzdGVyaGFzaG1hc3Rlcmhhc2htYXN0ZXJoYXNo',
    rules: [[{ rule: 'CIVIL_DISORDER', on: true }]],
    powers,
  };
}

/** `npm run bench`: reading and writing a 34-unit status file (targets: under 100 µs each). */
export async function benchStatus(): Promise<void> {
  const text = renderStatus(benchGame());
  const read = parseStatus(text).game;
  const changed = updatePower(read, 'FRANCE', (power) => ({ ...power, orders: ['A PAR - BUR', ...power.orders.slice(1)] }));
  const units = read.powers.reduce((count, power) => count + power.units.length, 0);
  console.log(`status files (${units} units, ${text.split('\n').length - 1} lines; median / p95 of 2000 runs)`);
  const rows: [string, () => unknown, string][] = [
    ['parse', () => parseStatus(text), ' (target < 100 µs)'],
    ['render, unchanged', () => renderStatus(read), ' (target < 100 µs)'],
    ['render, one order changed', () => renderStatus(changed), ''],
    // A fresh model each time: writeStatus remembers the bytes of a model it has written.
    ['write (render + read-back check)', () => writeStatus({ ...changed }), ''],
  ];
  for (const [label, work, target] of rows) {
    const timing = measure(work, 2000, 200);
    console.log(`  ${label.padEnd(34)} ${formatMs(timing.median).padStart(10)}  p95 ${formatMs(timing.p95)}${target}`);
  }
}
