import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerDeadlineCommand } from '../../src/cli/subcommands/deadline.js';

async function judgeDeadline(...args: string[]): Promise<string> {
  const program = new Command().exitOverride().configureOutput({ writeErr: () => undefined });
  registerDeadlineCommand(program);
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  await program.parseAsync(['node', 'judge', 'deadline', ...args]);
  return written.join('');
}

/**
 * The output's rows by their label (`deadline`, `DEADLINE`, `TIMING`...): what follows the label,
 * with an unlabelled line continuing the row before it.
 */
function rowsOf(output: string): Record<string, string[]> {
  const rows: Record<string, string[]> = {};
  let label = '';
  for (const line of output.split('\n').filter((text) => text !== '')) {
    const labelled = /^(\S+)\s+(.*)$/.exec(line);
    if (labelled !== null) label = labelled[1]!;
    (rows[label] ??= []).push((labelled?.[2] ?? line).trim());
  }
  return rows;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('judge deadline', () => {
  // The output's whole layout and wording is kept in the first test; the others read its rows.
  it('prints the deadline, its warnings and grace expiry on the game clocks and in UTC', async () => {
    const output = await judgeDeadline('--timing', 'NEXT 1D MOVE 2D AT 20:00 WARN 1D,4H GRACE 12H', '--zone', 'Asia/Kolkata', '--from', '2024-01-15T10:07');
    expect(output).toBe(
      [
        'TIMING    NEXT 1D MOVE 2D AT 20:00 WARN 1D,4H GRACE 12H',
        'ZONE      Asia/Kolkata',
        'phase     SPRING 1901 MOVEMENT: delay 2D, on the :00/:20/:40 slots',
        'from      Mon 2024-01-15 10:07 +05:30  =  Mon 2024-01-15 04:37 UTC',
        'deadline  Wed 2024-01-17 20:00 +05:30  =  Wed 2024-01-17 14:30 UTC',
        'DEADLINE  202401172000',
        'warning   Tue 2024-01-16 20:00 +05:30  =  Tue 2024-01-16 14:30 UTC',
        'warning   Wed 2024-01-17 16:00 +05:30  =  Wed 2024-01-17 10:30 UTC',
        'grace     Thu 2024-01-18 08:00 +05:30  =  Thu 2024-01-18 02:30 UTC',
        '',
      ].join('\n'),
    );
  });

  it('keeps a later current deadline, doubles an initial one and drops ended vacations', async () => {
    const output = await judgeDeadline(
      '--timing',
      'TIMING NOT 20240110,20240124 WARN 0',
      '--phase',
      'SPRING 1901 RETREATS',
      '--from',
      '2024-01-15T10:00Z',
      '--current',
      '202401191200',
      '--initial',
    );
    const rows = rowsOf(output);
    expect(rows.phase).toEqual([expect.stringContaining('delay 2D (initial: doubled)')]);
    expect(rows.deadline).toEqual([expect.stringMatching(/^Fri 2024-01-19 12:00 /)]);
    expect(rows.DEADLINE).toEqual(['202401191200', expect.stringContaining('the current deadline stands')]);
    expect(rows.warning).toEqual(['none (WARN 0)']);
    expect(rows.grace).toEqual([expect.stringMatching(/^none \(no GRACE/)]);
    expect(rows.TIMING!.at(-1)).toMatch(/^WARN 0 NOT 20240124 +\(vacations that have ended are dropped\)$/);
  });

  it('leaves a real-time deadline off the slots', async () => {
    const output = await judgeDeadline('--timing', 'NEXT 30M', '--from', '2024-01-15T10:07Z', '--real-time');
    expect(rowsOf(output).DEADLINE).toEqual(['202401151037']);
  });

  it('sets a deadline from now when no --from is given', async () => {
    expect(await judgeDeadline('--timing', 'NEXT 1D')).toMatch(/^deadline {2}\w{3} \d{4}-\d{2}-\d{2} \d{2}:[024]0 /m);
  });

  it.each([
    [['--timing', 'NXT 1D'], "TIMING: unknown key 'NXT'"],
    [['--timing', 'AT 25:00'], "TIMING: AT needs hh:mm, got '25:00'"],
    [['--timing', 'INCOME 1D'], "TIMING: unknown key 'INCOME'"],
    [['--timing', 'NEXT 1D', '--zone', 'Mars/Olympus'], "ZONE: unknown time zone 'Mars/Olympus'"],
    [['--timing', 'NEXT 1D', '--from', 'tomorrow'], "--from needs an ISO 8601 time such as 2024-03-09T10:00 or 2024-03-09T15:00Z, got 'tomorrow'"],
    [['--timing', 'NEXT 1D', '--current', '2024'], "DEADLINE needs yyyymmddhhmm, got '2024'"],
    [['--timing', 'NEXT 1D', '--phase', '1901'], "a phase ends with its type, such as MOVEMENT, got '1901'"],
    [[], "error: required option '--timing <line>' not specified"],
  ])('refuses %j with one line', async (args, message) => {
    await expect(judgeDeadline(...args)).rejects.toThrow(message);
    await judgeDeadline(...args).catch((error: Error) => expect(error.message).not.toContain('\n'));
  });

  it("takes a map's own phase type from --phase", async () => {
    const output = await judgeDeadline('--timing', 'INCOME 4H', '--phase', 'WINTER 1901 INCOME', '--from', '2024-01-15T10:00Z');
    expect(rowsOf(output).DEADLINE).toEqual(['202401151400']);
  });
});
