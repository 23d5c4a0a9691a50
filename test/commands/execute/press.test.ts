import { describe, expect, it } from 'vitest';
import { HOLDS, MASTER, mailJudge, noticesTo, startedGame, type MailJudge } from './support.js';

/** A started game with an observer and a monitor; press is sent as `power`. */
async function pressGame(rules: readonly string[] = []) {
  const judge = mailJudge();
  const players = await startedGame(judge, 'alpha', rules);
  await judge.send('watcher@example.org', 'OBSERVE eye@alpha peek');
  await judge.send('site@example.org', 'MONITOR tracker@alpha peek');
  const as = (power: string, body: string) => judge.send(players.get(power)!.address, `SIGNON ${power[0]}alpha ${players.get(power)!.password}\n${body}`);
  return { judge, players, as };
}

/** The first deadline passes; every power that has sent no orders is now late. */
function pastDeadline(judge: MailJudge): void {
  judge.clock.now = judge.clock.now.plus({ days: 5 });
}

/** The lines the mail had refused, each with the rule its reason names (the first RULE-like word), in order. */
function refusedFor(outcome: Awaited<ReturnType<MailJudge['send']>>): { line: string | null; rule: string | null }[] {
  return outcome.refused.map(({ line, reason }) => ({ line, rule: /\b[A-Z]+(?:_[A-Z]+)+\b/.exec(reason)?.[0] ?? null }));
}

function pressTo(outcome: Awaited<ReturnType<MailJudge['send']>>, to: string) {
  return noticesTo(outcome.notices, to).filter((notice) => notice.subject.startsWith('Diplomacy press') || notice.subject.startsWith('Copy of your press'));
}

describe('PRESS and BROADCAST', () => {
  it('delivers private press to the addressed powers only, with a copy to the sender', async () => {
    const { players, as } = await pressGame();
    const outcome = await as('FRANCE', 'PRESS TO EG\nA secret plan.\nENDPRESS');
    // The wording of press's confirmation is kept here.
    expect(outcome.reply.text).toContain('Press sent to England, Germany; they read: "Message from France to England, Germany".');
    const reached = outcome.notices.flatMap((notice) => notice.to).sort();
    expect(reached).toEqual([players.get('ENGLAND')!.address, players.get('FRANCE')!.address, players.get('GERMANY')!.address].sort());
    expect(pressTo(outcome, players.get('FRANCE')!.address)[0]!.subject).toBe('Copy of your press (game alpha)');
    expect(pressTo(outcome, players.get('ENGLAND')!.address)[0]!.text).toBe("Message from France to England, Germany in game 'alpha':\n\nA secret plan.\n");
  });

  it('broadcasts to every player, observer and the Master, but not to monitors; QUIET sends no copy', async () => {
    const { players, as } = await pressGame();
    const outcome = await as('ITALY', 'BROADCAST QUIET\nHello all.\nENDBROADCAST');
    const reached = outcome.notices.flatMap((notice) => notice.to);
    expect(reached).toContain('watcher@example.org');
    expect(reached).toContain(MASTER);
    expect(reached).not.toContain('site@example.org');
    expect(reached).not.toContain(players.get('ITALY')!.address);
    expect(reached).toHaveLength(8);
  });

  it('refuses a recipient the game does not have', async () => {
    const { as } = await pressGame();
    const outcome = await as('FRANCE', 'PRESS TO XANADU\nhi\nENDPRESS');
    expect(outcome.refused).toEqual([{ line: 'PRESS TO XANADU', code: 'PRESS_REFUSED', reason: "XANADU is not a power or player in game 'alpha'" }]);
    expect(outcome.reply.text).toContain('Press not sent: XANADU');
    expect(outcome.notices).toEqual([]);
  });

  it('keeps NO_PRESS games to press with the Master', async () => {
    const { players, as } = await pressGame(['RULE NO_PRESS']);
    const refused = await as('FRANCE', 'PRESS TO ENGLAND\nhi\nENDPRESS\nBROADCAST\nall\nENDBROADCAST');
    expect(refusedFor(refused)).toEqual([
      { line: 'PRESS TO ENGLAND', rule: 'NO_PRESS' },
      { line: 'BROADCAST', rule: 'NO_PRESS' },
    ]);
    expect(refused.notices).toEqual([]);
    const toMaster = await as('FRANCE', 'PRESS TO MASTER\nI need help.\nENDPRESS');
    expect(pressTo(toMaster, MASTER)[0]!.text).toContain('Message from France to the Master');
    expect(pressTo(toMaster, players.get('ENGLAND')!.address)).toEqual([]);
  });

  it('allows only BROADCAST and press to the Master under PUBLIC_PRESS', async () => {
    const { as } = await pressGame(['RULE PUBLIC_PRESS']);
    const refused = await as('FRANCE', 'PRESS TO ENGLAND\nhi\nENDPRESS');
    expect(refusedFor(refused)).toEqual([{ line: 'PRESS TO ENGLAND', rule: 'PUBLIC_PRESS' }]);
    const broadcast = await as('FRANCE', 'BROADCAST\nhi all\nENDBROADCAST');
    expect(broadcast.reply.text).toContain('Broadcast sent to everyone in the game');
  });

  it('refuses GREY without a rule that allows it, and makes all press grey under GREY_PRESS', async () => {
    const plain = await pressGame();
    const refused = await plain.as('FRANCE', 'PRESS GREY TO ENGLAND\nguess who\nENDPRESS');
    expect(refusedFor(refused)).toEqual([{ line: 'PRESS GREY TO ENGLAND', rule: 'GREY_PRESS' }]);
    expect(refused.notices).toEqual([]);
    const grey = await pressGame(['RULE GREY_PRESS']);
    const outcome = await grey.as('FRANCE', 'PRESS TO ENGLAND\nguess who\nENDPRESS');
    const received = pressTo(outcome, grey.players.get('ENGLAND')!.address)[0]!;
    expect(received.text).toContain('Message from an anonymous sender to England');
    expect(received.text).not.toContain('France');
    const white = await grey.as('FRANCE', 'PRESS WHITE TO ENGLAND\nit is me\nENDPRESS');
    expect(refusedFor(white)).toEqual([{ line: 'PRESS WHITE TO ENGLAND', rule: 'GREY_PRESS' }]);
    const toMaster = await grey.as('FRANCE', 'PRESS TO MASTER\nit is me\nENDPRESS');
    expect(pressTo(toMaster, MASTER)[0]!.text).toContain('Message from France to the Master');
  });

  it('lets FAKE_PRESS games claim another sender and other recipients', async () => {
    const { players, as } = await pressGame(['RULE FAKE_PRESS']);
    const outcome = await as('FRANCE', 'PRESS TO A FAKE TO AT FROM G\nLet us split Russia.\nENDPRESS');
    const austrian = pressTo(outcome, players.get('AUSTRIA')!.address)[0]!;
    expect(austrian.text).toContain('Message from Germany to Austria, Turkey');
    expect(pressTo(outcome, players.get('TURKEY')!.address)).toEqual([]);
    expect(pressTo(outcome, players.get('GERMANY')!.address)).toEqual([]);
    const masterless = await as('FRANCE', 'PRESS TO A FAKE TO AM\nhi\nENDPRESS');
    expect(masterless.refused).toEqual([{ line: 'PRESS TO A FAKE TO AM', code: 'PRESS_REFUSED', reason: expect.stringContaining('the Master must be among') }]);
    expect(masterless.notices).toEqual([]);
    const noFake = await pressGame();
    const refused = await noFake.as('FRANCE', 'PRESS TO A FAKE TO AT\nhi\nENDPRESS');
    expect(refusedFor(refused)).toEqual([{ line: 'PRESS TO A FAKE TO AT', rule: 'FAKE_PRESS' }]);
  });

  it('sends the Master a silent copy of private press under EAVESDROP', async () => {
    const { judge, as } = await pressGame(['RULE EAVESDROP']);
    const outcome = await as('FRANCE', 'PRESS TO ENGLAND\nour secret\nENDPRESS');
    expect(pressTo(outcome, MASTER)[0]!.text).toContain('Message from France to England (a copy (EAVESDROP))');
    expect(outcome.reply.text).not.toContain('Master');
    expect(judge.statusText('alpha')).not.toContain('our secret');
  });

  it('keeps FTF_PRESS games to press with the Master outside movement phases and after the deadline', async () => {
    const { judge, as } = await pressGame(['RULE FTF_PRESS']);
    expect((await as('FRANCE', 'PRESS TO E\nTalks.\nENDPRESS')).reply.text).toContain('Press sent to England');
    judge.clock.now = judge.clock.now.plus({ days: 5 });
    const late = await as('FRANCE', 'PRESS TO E\nTalks.\nENDPRESS');
    expect(refusedFor(late)).toEqual([{ line: 'PRESS TO E', rule: 'FTF_PRESS' }]);
    expect(late.notices).toEqual([]);
    expect((await as('FRANCE', 'PRESS TO M\nA question.\nENDPRESS')).reply.text).toContain('Press sent to the Master');
  });

  it('keeps observers to the Master under MUTE_OBSERVERS', async () => {
    const { judge } = await pressGame(['RULE MUTE_OBSERVERS']);
    const outcome = await judge.send('watcher@example.org', 'SIGNON eye@alpha peek\nBROADCAST\nI see all\nENDBROADCAST\nPRESS TO MASTER\nhello\nENDPRESS');
    expect(refusedFor(outcome)).toEqual([{ line: 'BROADCAST', rule: 'MUTE_OBSERVERS' }]);
    expect(pressTo(outcome, MASTER)[0]!.text).toContain('Message from EYE to the Master');
  });

  it("sends the Master's press under an OFFICIAL subject without the header; players may not use OFFICIAL", async () => {
    const { players, judge, as } = await pressGame();
    const outcome = await judge.send(MASTER, 'SIGNON Malpha masterpw\nOFFICIAL Deadline news\nBROADCAST\nThe deadline moves.\nENDBROADCAST');
    const received = noticesTo(outcome.notices, players.get('FRANCE')!.address)[0]!;
    expect(received.subject).toBe('Deadline news');
    expect(received.text).toBe('The deadline moves.\n');
    const player = await as('FRANCE', 'OFFICIAL Fake news');
    expect(player.refused).toEqual([{ line: 'OFFICIAL Fake news', code: 'WRONG_SENDER', reason: expect.stringContaining("OFFICIAL is a Master's command") }]);
  });
  it('takes NO_PARTIAL for PUBLIC_PRESS, naming it as the game does', async () => {
    const { as } = await pressGame(['RULE NO_PARTIAL']);
    const refused = await as('FRANCE', 'PRESS TO ENGLAND\nhi\nENDPRESS');
    expect(refusedFor(refused)).toEqual([{ line: 'PRESS TO ENGLAND', rule: 'NO_PARTIAL' }]);
    expect(refused.notices).toEqual([]);
    expect((await as('FRANCE', 'BROADCAST\nhi all\nENDBROADCAST')).reply.text).toContain('Broadcast sent to everyone in the game');
    expect((await as('FRANCE', 'PRESS TO M\nhi\nENDPRESS')).reply.text).toContain('Press sent to the Master');
  });

  it("sends broadcasts without the sender's name under YELLOW_PRESS, but names the sender of private press", async () => {
    const { players, as } = await pressGame(['RULE YELLOW_PRESS', 'RULE WHITE_GREY']);
    const broadcast = await as('FRANCE', 'BROADCAST\nguess who\nENDBROADCAST');
    const english = pressTo(broadcast, players.get('ENGLAND')!.address)[0]!;
    expect(english.text).toContain('Broadcast message from an anonymous sender');
    expect(english.text).not.toContain('France');
    // The wording of the Master's copy of anonymous press is kept here.
    expect(pressTo(broadcast, MASTER)[0]!.text).toContain('Broadcast message from France (shown as: Broadcast message from an anonymous sender)');
    // WHITE_GREY lets a sender choose grey, not choose a name the rule takes away.
    const white = await as('FRANCE', 'BROADCAST WHITE\nit is me\nENDBROADCAST');
    expect(white.refused).toEqual([{ line: 'BROADCAST WHITE', code: 'PRESS_REFUSED', reason: expect.stringContaining('YELLOW_PRESS') }]);
    const grey = await as('FRANCE', 'BROADCAST GREY\nstill me\nENDBROADCAST');
    expect(grey.reply.text).toContain('they read: "Broadcast message from an anonymous sender"');
    const private_ = await as('FRANCE', 'PRESS TO ENGLAND\nit is me\nENDPRESS');
    expect(pressTo(private_, players.get('ENGLAND')!.address)[0]!.text).toContain('Message from France to England');
  });

  it('keeps map powers to the Master and observers to BROADCAST under BACKSEAT_PRESS', async () => {
    const { judge, players, as } = await pressGame(['RULE BACKSEAT_PRESS']);
    const power = await as('FRANCE', 'PRESS TO ENGLAND\nhi\nENDPRESS\nBROADCAST\nall\nENDBROADCAST');
    expect(refusedFor(power)).toEqual([
      { line: 'PRESS TO ENGLAND', rule: 'BACKSEAT_PRESS' },
      { line: 'BROADCAST', rule: 'BACKSEAT_PRESS' },
    ]);
    expect(power.notices).toEqual([]);
    expect((await as('FRANCE', 'PRESS TO M\nhelp\nENDPRESS')).reply.text).toContain('Press sent to the Master');
    const observer = await judge.send('watcher@example.org', 'SIGNON eye@alpha peek\nPRESS TO FRANCE\npsst\nENDPRESS\nBROADCAST\nGo France!\nENDBROADCAST');
    expect(refusedFor(observer)).toEqual([{ line: 'PRESS TO FRANCE', rule: 'BACKSEAT_PRESS' }]);
    expect(pressTo(observer, players.get('FRANCE')!.address)[0]!.text).toContain('Broadcast message from EYE');
  });

  it('sends broadcasts past the Master under PRESS_MASTER, who gets only press addressed to him', async () => {
    const { players, as } = await pressGame(['RULE PRESS_MASTER']);
    const broadcast = await as('FRANCE', 'BROADCAST QUIET\nHello all.\nENDBROADCAST');
    const reached = broadcast.notices.flatMap((notice) => notice.to);
    expect(reached).not.toContain(MASTER);
    expect(reached).toContain(players.get('ENGLAND')!.address);
    expect(reached).toHaveLength(7);
    const toMaster = await as('FRANCE', 'PRESS TO EM\nHello.\nENDPRESS');
    expect(pressTo(toMaster, MASTER)[0]!.text).toContain('Message from France to England, the Master');
  });

  it('keeps a late power to BROADCAST and press to the Master once the deadline has passed, unless LATE_SEND', async () => {
    const { judge, as } = await pressGame();
    pastDeadline(judge);
    const refused = await as('FRANCE', 'PRESS TO E\nSorry, still thinking.\nENDPRESS');
    expect(refusedFor(refused)).toEqual([{ line: 'PRESS TO E', rule: 'LATE_SEND' }]);
    expect(refused.notices).toEqual([]);
    expect((await as('FRANCE', 'BROADCAST\nSorry all.\nENDBROADCAST')).reply.text).toContain('Broadcast sent to everyone in the game');
    expect((await as('FRANCE', 'PRESS TO M\nSorry.\nENDPRESS')).reply.text).toContain('Press sent to the Master');
    // Orders in the same mail count, as they would on file.
    expect((await as('FRANCE', `${HOLDS.FRANCE}\nPRESS TO E\nDone now.\nENDPRESS`)).reply.text).toContain('Press sent to England');
    const lateSend = await pressGame(['RULE LATE_SEND']);
    pastDeadline(lateSend.judge);
    expect((await lateSend.as('FRANCE', 'PRESS TO E\nStill thinking.\nENDPRESS')).reply.text).toContain('Press sent to England');
  });

  it('leaves a late power only the Master under TOUCH_PRESS without PUBLIC_PRESS', async () => {
    const { judge, as } = await pressGame(['RULE TOUCH_PRESS']);
    pastDeadline(judge);
    const refused = await as('ITALY', 'PRESS TO A\nSorry.\nENDPRESS');
    expect(refused.refused).toEqual([{ line: 'PRESS TO A', code: 'PRESS_REFUSED', reason: expect.stringMatching(/TOUCH_PRESS and no LATE_SEND/) }]);
    expect(refused.notices).toEqual([]);
    expect((await as('ITALY', `${HOLDS.ITALY}\nPRESS TO A\nDone.\nENDPRESS`)).reply.text).toContain('Press sent to Austria');
  });

  it('keeps private press from late powers after the deadline under NO_LATE_RECEIVE, but not broadcasts', async () => {
    const { judge, players, as } = await pressGame(['RULE NO_LATE_RECEIVE']);
    expect((await as('FRANCE', 'PRESS TO E\nBefore the deadline.\nENDPRESS')).reply.text).toContain('Press sent to England');
    pastDeadline(judge);
    const refused = await as('FRANCE', `${HOLDS.FRANCE}\nPRESS TO EG\nAfter it.\nENDPRESS`);
    expect(refused.reply.text).toContain(
      'the game has NO_LATE_RECEIVE: England, Germany are late with orders, and after the deadline no private press goes to a late power',
    );
    expect(pressTo(refused, players.get('ENGLAND')!.address)).toEqual([]);
    const broadcast = await as('FRANCE', 'BROADCAST\nWake up!\nENDBROADCAST');
    expect(pressTo(broadcast, players.get('ENGLAND')!.address)).toHaveLength(1);
    const master = await judge.send(MASTER, 'SIGNON Malpha masterpw\nPRESS TO E\nYour orders, please.\nENDPRESS');
    expect(pressTo(master, players.get('ENGLAND')!.address)).toHaveLength(1);
    await as('ENGLAND', HOLDS.ENGLAND!);
    expect((await as('FRANCE', 'PRESS TO E\nThanks.\nENDPRESS')).reply.text).toContain('Press sent to England');
  });

  it('does not name the late powers in a NO_LATE_RECEIVE refusal under HIDE_LATE_POWERS', async () => {
    const { judge, as } = await pressGame(['RULE NO_LATE_RECEIVE HIDE_LATE_POWERS']);
    pastDeadline(judge);
    const refused = await as('FRANCE', `${HOLDS.FRANCE}\nPRESS TO EG\nAfter it.\nENDPRESS`);
    expect(refusedFor(refused)).toEqual([{ line: 'PRESS TO EG', rule: 'NO_LATE_RECEIVE' }]);
    expect(refused.reply.text).not.toMatch(/England|Germany/);
  });

  it('lets TOUCH_PRESS powers write only to powers whose units are next to theirs, and BROADCAST only with PUBLIC_PRESS', async () => {
    const { as } = await pressGame(['RULE TOUCH_PRESS']);
    // Spring 1901: Venice and Trieste touch; Italy's units are nowhere near France's.
    expect((await as('ITALY', 'PRESS TO A\nAbout Trieste.\nENDPRESS')).reply.text).toContain('Press sent to Austria');
    const far = await as('ITALY', 'PRESS TO AF\nhi\nENDPRESS');
    expect(far.refused).toEqual([{ line: 'PRESS TO AF', code: 'PRESS_REFUSED', reason: expect.stringMatching(/TOUCH_PRESS: France\b/) }]);
    expect(far.notices).toEqual([]);
    expect((await as('ITALY', 'PRESS TO EYE\nhi\nENDPRESS')).reply.text).toContain('the game has TOUCH_PRESS: EYE has no unit next to yours');
    expect(refusedFor(await as('ITALY', 'BROADCAST\nhi\nENDBROADCAST'))).toEqual([{ line: 'BROADCAST', rule: 'TOUCH_PRESS' }]);
    expect((await as('ITALY', 'PRESS TO M\nhi\nENDPRESS')).reply.text).toContain('Press sent to the Master');
    const open = await pressGame(['RULE TOUCH_PRESS', 'RULE PUBLIC_PRESS']);
    expect((await open.as('ITALY', 'BROADCAST\nhi\nENDBROADCAST')).reply.text).toContain('Broadcast sent to everyone in the game');
    expect((await open.as('ITALY', 'PRESS TO A\nhi\nENDPRESS')).reply.text).toContain('Press sent to Austria');
    expect((await open.as('ITALY', 'PRESS TO F\nhi\nENDPRESS')).reply.text).toContain('the game has TOUCH_PRESS: France has no unit next to yours');
  });

  it('lets REMOTE_PRESS powers write only to powers on the board out of their reach', async () => {
    const { as } = await pressGame(['RULE REMOTE_PRESS']);
    expect((await as('ITALY', 'PRESS TO FE\nGreetings from afar.\nENDPRESS')).reply.text).toContain('Press sent to France, England');
    expect((await as('ITALY', 'PRESS TO A\nhi\nENDPRESS')).reply.text).toContain('the game has REMOTE_PRESS: Austria has a unit next to yours');
    expect((await as('ITALY', 'PRESS TO EYE\nhi\nENDPRESS')).refused).toEqual([
      { line: 'PRESS TO EYE', code: 'PRESS_REFUSED', reason: expect.stringMatching(/REMOTE_PRESS: EYE owns no supply center/) },
    ]);
    expect(refusedFor(await as('ITALY', 'BROADCAST\nhi\nENDBROADCAST'))).toEqual([{ line: 'BROADCAST', rule: 'REMOTE_PRESS' }]);
  });
});
