import { MAP_POWER_ROLE, type GameStatus } from '../status/model.js';
import type { ResultsView } from './results.js';
import { masterAddresses, testedAddresses } from './tester.js';

/** One receiver of a game's general mail: its addresses, and as whom it reads. */
export interface Recipient {
  addresses: string[];
  reader: string | null;
  master: boolean;
  omniscient: boolean;
}

/** Who receives a game's general mail, and as whom they read it (OMNISCIENT: as the Master sees the board). */
export function recipients(game: GameStatus): Recipient[] {
  const list: Recipient[] = [];
  for (const power of game.powers) {
    if (power.addresses.length === 0) continue;
    const reader = power.role === MAP_POWER_ROLE ? power.name : null;
    list.push({ addresses: testedAddresses(game, power.addresses), reader, master: false, omniscient: power.omniscient !== 'no' });
  }
  list.push({ addresses: masterAddresses(game), reader: null, master: true, omniscient: false });
  return list.filter((recipient) => recipient.addresses.length > 0);
}

/** As whom a recipient reads a game's general mail. */
export function recipientView(recipient: Recipient): ResultsView {
  return { reader: recipient.reader, master: recipient.master, omniscient: recipient.omniscient };
}
