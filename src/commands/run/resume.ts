import { verifyPassword } from '../../status/password.js';
import type { Command } from '../language/types.js';
import type { ExecutionContext } from '../context/context.js';
import type { Session } from '../context/step.js';
import { resumesSession } from './registry.js';

/**
 * After a crash between a command's write and its record, the command is not done again; but if it
 * was one that signs the sender on (CREATE, JOIN, OBSERVE, TAKEOVER), the lines after it must
 * still act for the place it made. The password it gave says whether that place is the sender's.
 */
export async function resumedSession(context: ExecutionContext, command: Command): Promise<Session | undefined> {
  if (!resumesSession(command)) return undefined;
  let game;
  try {
    game = context.service.load(command.game).game;
  } catch {
    return undefined;
  }
  if (command.kind === 'create' || (command.kind === 'takeover' && command.who.form === 'master')) {
    const ours = game.masterPassword !== null && (await verifyPassword(game.masterPassword, command.password));
    return ours ? { kind: 'master', game: command.game } : undefined;
  }
  const power = game.powers.find((entry) => entry.addresses.some((address) => address.toLowerCase() === context.sender));
  const ours = power?.password != null && (await verifyPassword(power.password, command.password));
  return ours ? { kind: 'power', game: command.game, power: power!.name, master: false } : undefined;
}
