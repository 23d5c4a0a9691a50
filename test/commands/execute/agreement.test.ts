import { describe, expect, it } from 'vitest';
import { HOLDS, MASTER, address, mailJudge, noticesTo, playersOf, startedGame, type MailJudge } from './support.js';
import { editGame } from '../../support/edit-game.js';

function signon(power: string, details: { password: string }): string {
  return `SIGNON ${power[0]}alpha ${details.password}`;
}

describe('proposals under PROPOSE_DIAS', () => {
  it('ends the game when every voter agrees to a concession, and a veto drops a proposal with its votes', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE PROPOSE_DIAS']);
    const entries = [...players.entries()];
    const [proposer, proposerDetails] = entries[0]!;

    const standing = await judge.send(proposerDetails.address, `${signon(proposer, proposerDetails)}\nVOTE SOLO`);
    expect(standing.reply.text).toContain('this game decides its end by proposals (PROPOSE_DIAS)');
    const early = await judge.send(proposerDetails.address, `${signon(proposer, proposerDetails)}\nVOTE YES`);
    expect(early.reply.text).toContain('there is no proposal to agree to');

    const proposed = await judge.send(proposerDetails.address, `${signon(proposer, proposerDetails)}\nPROPOSE DIAS`);
    expect(proposed.reply.text).toContain('You propose a draw including all survivors');
    expect(judge.statusText('alpha')).toMatch(new RegExp(`^PROPOSAL DIAS ${proposer}$`, 'm'));
    expect(proposed.notices).toHaveLength(6);
    expect(proposed.notices[0]!.text).toContain('a draw including all survivors has been proposed by');
    const second = await judge.send(proposerDetails.address, `${signon(proposer, proposerDetails)}\nPROPOSE FRANCE`);
    expect(second.reply.text).toContain('a proposal is already on the table');

    const [agreeing, agreeingDetails] = entries[1]!;
    await judge.send(agreeingDetails.address, `${signon(agreeing, agreeingDetails)}\nVOTE YES`);
    expect(judge.statusText('alpha').match(/^VOTE YES$/gm)).toHaveLength(2);
    const [vetoing, vetoingDetails] = entries[2]!;
    const vetoed = await judge.send(vetoingDetails.address, `${signon(vetoing, vetoingDetails)}\nVOTE NO`);
    expect(vetoed.reply.text).toContain('You veto a draw including all survivors');
    expect(vetoed.notices.every((notice) => !notice.text.includes(vetoing))).toBe(true);
    expect(judge.statusText('alpha')).not.toMatch(/^(PROPOSAL|VOTE)/m);

    const conceded = entries[3]![0];
    for (const [index, [power, details]] of entries.entries()) {
      const line = index === 0 ? `PROPOSE ${conceded.toLowerCase()}` : 'VOTE YES';
      const outcome = await judge.send(details.address, `${signon(power, details)}\n${line}`);
      if (index < entries.length - 1) expect(judge.statusText('alpha')).toMatch(/^PROPOSAL/m);
      else {
        expect(outcome.reply.text).toMatch(/The votes agree: game 'alpha' is over, \w+ has won\./);
        expect(noticesTo(outcome.notices, MASTER)[0]!.text).toContain('has won');
      }
    }
    const status = judge.statusText('alpha');
    expect(status).toMatch(new RegExp(`^RESULT S1901M ${conceded}$`, 'm'));
    expect(status).not.toMatch(/^PROPOSAL/m);
    expect(judge.mainStatus()).toMatch(/^alpha standard completed$/m);
  });

  it('hides the proposer under HIDE_PROPOSER, and refuses proposals in a game without the rule', async () => {
    const judge = mailJudge();
    const players = await startedGame(judge, 'alpha', ['RULE HIDE_PROPOSER']);
    const [power, details] = [...players.entries()][0]!;
    const proposed = await judge.send(details.address, `${signon(power, details)}\nPROPOSE DRAW`);
    expect(proposed.notices[0]!.text).toContain('a draw including all survivors has been proposed.');

    const plain = mailJudge();
    const plainPlayers = await startedGame(plain);
    const [plainPower, plainDetails] = [...plainPlayers.entries()][0]!;
    const refused = await plain.send(plainDetails.address, `${signon(plainPower, plainDetails)}\nPROPOSE DIAS`);
    expect(refused.reply.text).toContain('this game takes no proposals (no PROPOSE_DIAS rule)');
  });
});

/** A standard game in which France plays Italy (TEAMS): six players join. */
async function teamGame(judge: MailJudge, lines: readonly string[]): Promise<Map<string, { address: string; password: string }>> {
  await judge.send(MASTER, ['CREATE alpha masterpw', 'TEAMS FRANCE-ITALY ENGLAND-GERMANY', ...lines, 'FORM', 'SIGNOFF'].join('\n'));
  for (let n = 1; n <= 5; n++) expect((await judge.send(address(n), `JOIN alpha pw${n}`)).reply.text).toContain('You have joined');
  expect((await judge.send(address(6), 'JOIN alpha pw6')).reply.text).toContain('the game alpha is not forming');
  return playersOf(judge, 'alpha');
}

describe('powers under CONTROL', () => {
  it("start from TEAMS and open with the controller's password only", async () => {
    const judge = mailJudge();
    const players = await teamGame(judge, []);
    expect([...players.keys()].sort()).toEqual(['AUSTRIA', 'ENGLAND', 'FRANCE', 'RUSSIA', 'TURKEY']);
    const status = judge.statusText('alpha');
    expect(status).toMatch(/^ITALY\nPLAYER DUMMY\nCONTROL FRANCE$/m);
    const france = players.get('FRANCE')!;
    const italy = await judge.send(france.address, `SIGNON Ialpha ${france.password}\n${HOLDS.ITALY}`);
    expect(italy.reply.text).toContain("Signed on as Italy in game 'alpha'.");
    expect(judge.service.load('alpha').game.powers.find((power) => power.name === 'ITALY')!.orders).toHaveLength(3);
    const england = players.get('ENGLAND')!;
    const refused = await judge.send(england.address, `SIGNON Ialpha ${england.password}`);
    expect(refused.reply.text).toContain('SIGNON refused');
  });

  it('pass on by ROTATE, with the change in the results', async () => {
    const judge = mailJudge();
    await judge.send(MASTER, ['CREATE alpha masterpw', 'ROTATE BEFORE MOVE', 'FORM', 'SIGNOFF'].join('\n'));
    await editGame(judge.store, 'alpha', (game) => ({
      ...game,
      teams: [[['FRANCE', 'ITALY']]],
    }));
    for (let n = 1; n <= 6; n++) await judge.send(address(n), `JOIN alpha pw${n}`);
    await editGame(judge.store, 'alpha', (game) => ({
      ...game,
      powers: game.powers.map((power) => (power.name === 'ITALY' ? { ...power, control: ['FRANCE', 'AUSTRIA'] } : power)),
    }));
    const processed = await judge.send(MASTER, 'SIGNON Malpha masterpw\nPROCESS!');
    const results = noticesTo(processed.notices, MASTER).find((notice) => notice.subject.includes('results'))!;
    expect(results.text).toContain('Italy is now played by Austria.');
    expect(judge.statusText('alpha')).toMatch(/^CONTROL AUSTRIA FRANCE$/m);
  });
});
