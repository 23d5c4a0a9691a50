import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { processedPhasePicture } from '../../src/game/board-picture.js';
import { STANDARD } from '../../src/game/variant.js';
import { attachmentBytes } from '../../src/store/outgoing-mail.js';
import { playMap } from './play.js';
import { master, projectRoot, queuedMails } from './support.js';

describe("HISTORY's picture of a processed phase", () => {
  it('is the picture its results mail carried, with its orders, for movement, retreat and adjustment phases alike', async () => {
    const mailed = new Map<string, string>();
    const { judge, played } = await playMap(join(projectRoot, 'maps'), 'standard', 12, 3, {
      processed: (judge, mailsBefore) => {
        const phase = judge.service.archive('v').lastResultsPhase()!;
        const toMaster = queuedMails(judge.db, mailsBefore).find(({ mail }) => mail.to.includes(master.email) && (mail.attachments ?? []).length > 0);
        mailed.set(phase, attachmentBytes(toMaster!.mail.attachments![0]!).toString('utf8'));
      },
    });
    expect(played.map((phase) => phase.slice(-1))).toEqual(expect.arrayContaining(['M', 'R', 'A']));
    const maps = judge.service.maps(judge.service.load('v').game);
    const archive = judge.service.archive('v');
    for (const [phase, picture] of mailed) {
      const drawn = processedPhasePicture('v', phase, maps, archive, { reader: null, master: true }, { variant: STANDARD, now: DateTime.utc() });
      expect({ phase, picture: drawn === null ? null : attachmentBytes(drawn).toString('utf8') }).toEqual({ phase, picture });
    }
    // The orders are drawn: every movement phase's picture has its arrows and the order key.
    const movement = [...mailed].find(([phase]) => phase.endsWith('M'))![1];
    expect(movement).toContain('move (retreat: from a dislodged unit)');
  });

  it('is none for a phase the game kept no status files from', async () => {
    const { judge } = await playMap(join(projectRoot, 'maps'), 'standard', 1, 3);
    const maps = judge.service.maps(judge.service.load('v').game);
    expect(
      processedPhasePicture('v', 'F1905M', maps, judge.service.archive('v'), { reader: null, master: true }, { variant: STANDARD, now: DateTime.utc() }),
    ).toBeNull();
  });
});
