import { GameRuleError } from '../../game/lifecycle.js';
import type { Command } from '../language/types.js';
import type { ExecutionContext } from '../context/context.js';
import { create, purge, rename } from '../master/games.js';
import { help } from '../listings/help.js';
import { join, joinAs, takeOver } from '../joining/joining.js';
import { history, list, summary } from '../listings/listings.js';
import { showMap } from '../listings/map-text.js';
import { pressHistory } from '../listings/press-history.js';
import * as master from '../master/master.js';
import { clearOrders, showStatus } from '../orders/orders.js';
import { sendPress, type PressOptions } from '../press/press.js';
import * as settings from '../settings/settings.js';
import { resignInsteadOfSignon, resignSignedOn, signOff, signOn } from '../joining/signing.js';
import type { Session, Step } from '../context/step.js';

/** Which handler runs each command. Orders and status-file lines are gathered by the run first and do not come here. */

function powerSession(session: Session, keyword: string): Extract<Session, { kind: 'power' }> {
  if (session.kind === 'power') return session;
  throw new GameRuleError(
    session.kind === 'master' ? `${keyword} is for a power; sign on as the power (its initial and the Master's password)` : `${keyword} needs a SIGNON first`,
  );
}

export async function dispatch(context: ExecutionContext, session: Session, command: Command, press: PressOptions): Promise<Step> {
  switch (command.kind) {
    case 'list':
      return list(context, session, command.game);
    case 'summary':
      return summary(context, session, command.game);
    case 'history':
      return history(context, session, command.game, command.phases);
    case 'pressHistory':
      return pressHistory(context, session, command.game);
    case 'map':
      return showMap(context, session, command.game, command.format);
    case 'help':
      return help(context, session, command.topic);
    case 'join':
      return join(context, command);
    case 'joinAs':
      return joinAs(context, command);
    case 'takeover':
      return takeOver(context, command);
    case 'signon':
      return signOn(context, command);
    case 'resign':
      return resignInsteadOfSignon(context, command);
    case 'signoff':
      return signOff();
    case 'create':
      return create(context, command);
    case 'purge':
      return purge(context, command);
    case 'rename':
      return rename(context, command);
    case 'clear':
      return clearOrders(context, powerSession(session, 'CLEAR'));
    case 'status':
      return showStatus(context, session);
    case 'press':
      return sendPress(context, session, command, press);
    case 'setAddress':
      return settings.setAddress(context, settings.signedOn(session, 'SET ADDRESS'), command.addresses);
    case 'setPassword':
      return settings.setPassword(context, settings.signedOn(session, 'SET PASSWORD'), command.password);
    case 'setWait':
    case 'setNoWait':
      return settings.setWait(context, settings.signedOn(session, command.kind === 'setWait' ? 'SET WAIT' : 'SET NOWAIT'), command.kind === 'setWait');
    case 'setAbsence':
      return settings.setAbsence(context, settings.signedOn(session, 'SET ABSENCE'), command.span);
    case 'setDeadline':
      return settings.setDeadline(context, settings.signedOn(session, 'SET DEADLINE'), command.date);
    case 'setDraw':
      return settings.setDraw(context, session, command.powers);
    case 'setNoDraw':
      return settings.setNoDraw(context, session);
    case 'vote':
      return settings.vote(context, session, command.vote);
    case 'propose':
      return settings.propose(context, session, command.result);
    case 'veto':
      return settings.veto(context, session);
    case 'resignSignedOn':
      return resignSignedOn(context, session);
    case 'reveal':
      return master.reveal(context, master.masterOf(session, 'REVEAL'));
    case 'form':
      return master.form(context, master.masterOf(session, 'FORM'));
    case 'activate':
      return master.activate(context, master.masterOf(session, 'ACTIVATE'));
    case 'wait':
      return master.wait(context, master.masterOf(session, 'WAIT'));
    case 'terminate':
      return master.terminate(context, master.masterOf(session, 'TERMINATE'));
    case 'process':
      return master.processGame(context, master.masterOf(session, command.force ? 'PROCESS!' : 'PROCESS'), command.force, command.phase);
    case 'preview':
      return master.preview(context, master.masterOf(session, 'PREVIEW'), command.phase);
    case 'rollback':
    case 'rollforward':
      return master.roll(context, master.masterOf(session, command.kind.toUpperCase()), command);
    case 'resignPower':
      return master.resignPlayer(context, master.masterOf(session, 'RESIGN power'), command.power);
    case 'dummy':
      return master.dummy(context, master.masterOf(session, 'DUMMY'), command.power);
    case 'revive':
      return master.revive(context, master.masterOf(session, 'REVIVE'), command.power, command.password);
    case 'official':
      master.masterOf(session, 'OFFICIAL');
      return master.official(command.subject);
    case 'setUnlisted':
    case 'setListed':
      return master.setListed(context, master.masterOf(session, command.kind === 'setListed' ? 'SET LISTED' : 'SET UNLISTED'), command.kind === 'setListed');
    case 'order':
    case 'statusLine':
      throw new Error(`${command.kind} lines are gathered by the run, not dispatched one by one`);
  }
}
