import { describe, expect, it } from 'vitest';
import { MASTER, mailJudge } from '../commands/execute/support.js';

/**
 * What a Payola game may not name, refused with the reason before anything is written, at CREATE
 * and in a later mail of the Master's alike: Rules.txt 3.1 ("The PROXY_OK and FICTIONAL_OK rules
 * are not allowed ... any rules that are specific to any other variant — such as NO_CHECK and
 * CD_SUPPORTS ... — are either not allowed or are silently ignored"), DPjudge's
 * PayolaGame.validateStatus ("PROXY_OK", "NO_CHECK" "RULE IS INVALID IN PAYOLA", "CONTROL ROTATION IS
 * INVALID IN PAYOLA"), and EXCHANGE, whose elections DPjudge's processExchangeElectionsPhase counts
 * and then leaves undecided ("what are the rules?").
 */

const REASONS: Record<string, string> = {
  EXCHANGE:
    "EXCHANGE is not played by this judge: DPjudge's own implementation leaves its elections undecided (it counts the ELECT votes, then does nothing with them), so this judge would play a different game than the Payola rules describe",
  PROXY_OK: 'PROXY_OK is not allowed in Payola games (Rules.txt 3.1; DPjudge refuses such a status file)',
  FICTIONAL_OK: 'FICTIONAL_OK is not allowed in Payola games (Rules.txt 3.1), except as the BLIND rule brings it',
  NO_CHECK: 'NO_CHECK is a rule of standard games only, which Payola does not allow (Rules.txt 3.1)',
  CD_SUPPORTS: 'CD_SUPPORTS is a rule of standard games only, which Payola does not allow (Rules.txt 3.1)',
  PUBLIC_LISTS: 'PUBLIC_LISTS is a rule of Crystal Ball games only, which Payola does not allow (Rules.txt 3.1)',
};

describe('rules and lines a Payola game refuses', () => {
  it('refuses each at CREATE with the reason, the line quoted, and writes none of them', async () => {
    const judge = mailJudge({ seed: 5 });
    const created = await judge.send(MASTER, ['CREATE refuse masterpw payola', ...Object.keys(REASONS).map((rule) => `RULE ${rule}`), 'SIGNOFF'].join('\n'));
    for (const [rule, reason] of Object.entries(REASONS)) expect(created.reply.text).toContain(`"RULE ${rule}": ${reason}`);
    const status = judge.statusText('refuse');
    for (const rule of Object.keys(REASONS)) expect(status).not.toContain(rule);
    // Rules.txt 3.1: "Payola games always use the ORDER_ANY rule", which DPjudge's PayolaGame.reinit sets; the Master is told.
    expect(created.reply.text).toContain('Every payola game plays under RULE ORDER_ANY, which its status file now has.');
    expect(status).toMatch(/^RULE ORDER_ANY$/m);
  });

  it('refuses them in a later mail too, and ROTATE, while a standard game takes them', async () => {
    const judge = mailJudge({ seed: 5 });
    await judge.send(MASTER, 'CREATE later masterpw payola\nSIGNOFF');
    const proxy = await judge.send(MASTER, 'SIGNON Mlater masterpw\nRULE PROXY_OK\nROTATE BEFORE MOVE\nRULE BLIND');
    expect(proxy.reply.text).toContain(`"RULE PROXY_OK": ${REASONS.PROXY_OK}`);
    expect(proxy.reply.text).toContain(
      '"ROTATE BEFORE MOVE": control rotation (ROTATE) is not allowed in Payola games: DPjudge refuses such a status file (PayolaGame.validateStatus)',
    );
    // BLIND, which brings FICTIONAL_OK, is a Payola rule all the same.
    expect(judge.statusText('later')).toMatch(/^RULE BLIND$/m);
    expect(judge.statusText('later')).not.toMatch(/PROXY_OK|ROTATE/);

    await judge.send(MASTER, 'CREATE plain masterpw\nSIGNOFF');
    const standard = await judge.send(MASTER, 'SIGNON Mplain masterpw\nRULE PROXY_OK NO_CHECK\nROTATE BEFORE MOVE\nRULE EXCHANGE');
    expect(standard.reply.text).not.toContain('not allowed');
    expect(standard.reply.text).toContain(
      'Note: the rule EXCHANGE is a PAYOLA rule, and this game is not a Payola game (CREATE game password payola makes one); the game runs as if it were not there.',
    );
    expect(judge.statusText('plain')).toMatch(/^RULE PROXY_OK NO_CHECK$/m);
  });
});
