import { expect } from 'vitest';
import { address, MASTER, mailJudge, noticesTo, playersOf, type MailJudge } from '../commands/execute/support.js';

/** A Payola game created and filled by mail: `send` mails as a power's player, `process` has the Master PROCESS. */
export async function payolaGame(game: string, statusLines: readonly string[] = [], seed = 5) {
  const judge: MailJudge = mailJudge({ seed });
  const created = await judge.send(MASTER, [`CREATE ${game} masterpw payola`, ...statusLines, 'FORM', 'SIGNOFF'].join('\n'));
  expect(created.reply.text).toContain(`Game '${game}' is created to play payola`);
  for (let n = 1; n <= 7; n++) expect((await judge.send(address(n), `JOIN ${game} pw${n}`)).reply.text).toContain('You have joined');
  const players = playersOf(judge, game);
  const send = (power: string, lines: string) => {
    const player = players.get(power)!;
    return judge.send(player.address, `SIGNON ${power.charAt(0)}${game} ${player.password}\n${lines}`);
  };
  /** Processes the phase and returns the results each reader got: the Master under MASTER, each power under its name. */
  const process = async () => {
    const processed = await judge.send(MASTER, `SIGNON M${game} masterpw\nPROCESS!`);
    expect(processed.reply.text).toMatch(/is processed/);
    const results = (to: string) => noticesTo(processed.notices, to).find((notice) => notice.subject.includes('results'))?.text ?? '';
    return { master: results(MASTER), of: (power: string) => results(players.get(power)!.address) };
  };
  const funds = (power: string) => judge.service.load(game).game.powers.find((each) => each.name === power)!.funds;
  /** Mails the Master's lines, signed on to the game. */
  const master = (lines: string) => judge.send(MASTER, `SIGNON M${game} masterpw\n${lines}`);
  return { judge, players, send, process, funds, master };
}

/** A power's account statement in a results text, from its heading to its remaining balance; '' when it has none. */
export function statement(text: string, power: string): string {
  const start = text.indexOf(`ACCOUNT STATEMENT FOR ${power}`);
  return start < 0 ? '' : text.slice(start, text.indexOf('AgP', text.indexOf('THE REMAINING BALANCE', start)) + 3);
}
