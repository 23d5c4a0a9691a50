import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/commands/language/types.js';
import { changesGame, parseCommands, resumesSession, sessionEffect } from '../../src/commands/run/registry.js';

/** The facts the run and the crash replay read from the command registry, per kind of command. */

function kindsOf(mail: string): Command[] {
  const { commands, problems } = parseCommands(mail);
  expect(problems).toEqual([]);
  return commands;
}

const ANYONE = ['LIST', 'SUMMARY g', 'HISTORY g', 'HISTORY g PRESS', 'MAP g', 'HELP', 'SIGNOFF'];
const SIGNED_ON = ['STATUS', 'CLEAR', 'VOTE NO', 'SET WAIT', 'PROCESS!', 'OFFICIAL news', 'ROLLBACK', 'RESIGN'];

describe('the command registry', () => {
  it('lets only the queries, SIGNON, SIGNOFF and OFFICIAL run again after a crash; every other command and order line changes a game', () => {
    const commands = [...kindsOf(ANYONE.join('\n')), ...kindsOf(['SIGNON Fg pw', ...SIGNED_ON, 'A PAR H'].join('\n'))];
    const runAgain = commands.filter((command) => !changesGame(command.kind)).map((command) => command.kind);
    expect(runAgain).toEqual(['list', 'summary', 'history', 'pressHistory', 'map', 'help', 'signoff', 'signon', 'status', 'official']);
    expect(commands.filter((command) => changesGame(command.kind)).map((command) => command.kind)).toEqual([
      'clear',
      'veto',
      'setWait',
      'process',
      'rollback',
      'resignSignedOn',
      'order',
    ]);
  });

  it('opens a session with the commands that sign the sender on, and resumes it after a crash only for those that prove it by a password', () => {
    const openers = ['SIGNON Fg pw', 'RESIGN Fg pw', 'TAKEOVER Fg pw', 'JOIN g pw', 'OBSERVE me@g pw', 'CREATE g pw'].map((line) => kindsOf(line)[0]!);
    expect(openers.map((command) => sessionEffect(command.kind))).toEqual(['opens', 'opens', 'opens', 'opens', 'opens', 'opens']);
    expect(openers.map((command) => resumesSession(command))).toEqual([false, false, true, true, true, true]);
    const others = kindsOf('LIST\nPURGE g pw\nSIGNOFF');
    expect(others.map((command) => [sessionEffect(command.kind), resumesSession(command)])).toEqual([
      ['keeps', false],
      ['keeps', false],
      ['closes', false],
    ]);
  });

  it('reads a signed-on command before any SIGNON as a mistake, from the sender its descriptor names', () => {
    expect(parseCommands('SET WAIT\nLIST').problems).toEqual([{ line: 1, text: 'SET WAIT', reason: 'SET WAIT needs a SIGNON first' }]);
  });
});
