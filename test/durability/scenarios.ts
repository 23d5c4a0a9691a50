import {
  deliverToMaildir,
  GAME,
  judge,
  mailText,
  maildirEmpty,
  nothingPending,
  phaseOf,
  playerOf,
  runJudge,
  statusText,
  type Ended,
  type Run,
  type Scenario,
  type Trial,
} from './harness.js';

/**
 * The moments that matter most, each a scenario for the crash harness: a phase processed by
 * `judge process`, by the checker's sweep and by the Master's PROCESS! mail, and press sent by mail
 * in pipe mode, to the daemon (on its embedded Maildir) and handed by `judge mail` to the daemon. Eight recipients of results: seven players and the Master.
 */

const RESULTS = { subject: `${GAME} S1901M results`, recipients: 8 };
const MASTER_MAIL = 'Mary Master <master@dip.test>';

/** Runs until the game moved on: what a judgekeeper does after a crash is run the command again. */
async function processUnlessDone(trial: Trial): Promise<void> {
  await judge(trial, { args: ['check', '--config', trial.configFile] });
  if (phaseOf(trial) === 'SPRING 1901 MOVEMENT') await judge(trial, { args: ['process', GAME, '--config', trial.configFile] });
}

export const processCommand: Scenario = {
  name: 'judge process',
  run: (trial) => ({ args: ['process', GAME, '--config', trial.configFile] }),
  recover: processUnlessDone,
  expect: [RESULTS],
  phase: 'FALL 1901 MOVEMENT',
};

export const checkerSweep: Scenario = {
  name: 'judge check (a ready game processed by the sweep)',
  run: (trial) => ({ args: ['check', '--config', trial.configFile] }),
  recover: async (trial) => {
    await judge(trial, { args: ['check', '--config', trial.configFile] });
  },
  expect: [RESULTS],
  phase: 'FALL 1901 MOVEMENT',
};

const processMail = mailText(MASTER_MAIL, '<process-crash@dip.test>', `SIGNON M${GAME} masterpw\nPROCESS!`);

export const masterProcessMail: Scenario = {
  name: "the Master's PROCESS! mail in pipe mode, delivered again",
  run: (trial) => ({ args: ['mail', '--config', trial.configFile], input: processMail }),
  recover: async (trial) => {
    await judge(trial, { args: ['mail', '--config', trial.configFile], input: processMail });
  },
  expect: [RESULTS, { subject: 'Re: crash test', recipients: 1 }],
  phase: 'FALL 1901 MOVEMENT',
};

function pressMail(trial: Trial, power = 'FRANCE'): string {
  const player = playerOf(trial, power);
  const greeting = `${power[0]}${power.slice(1).toLowerCase()} greets everyone.`;
  return mailText(
    `Player <${player.address}>`,
    `<press-crash-${power}@dip.test>`,
    `SIGNON ${power[0]}${GAME} ${player.password}\nBROADCAST\n${greeting}\nENDPRESS`,
  );
}

export const pressPipe: Scenario = {
  name: 'a player\u2019s BROADCAST in pipe mode, delivered again',
  run: (trial) => ({ args: ['mail', '--config', trial.configFile], input: pressMail(trial) }),
  recover: async (trial) => {
    await judge(trial, { args: ['mail', '--config', trial.configFile], input: pressMail(trial) });
  },
  // Six other players and the Master get the press; France gets the reply.
  expect: [
    { subject: 'Diplomacy press', recipients: 7 },
    { subject: 'Re: crash test', recipients: 1 },
  ],
  phase: 'SPRING 1901 MOVEMENT',
  archived: ['France greets everyone.'],
};

/** `judge check --now` at a time measured from the game's deadline (DEADLINE is in GMT in the template). */
function checkAt(trial: Trial, hoursAfterDeadline: number): Run {
  const stamp = /^DEADLINE (\d{12})$/m.exec(statusText(trial))![1]!;
  const deadline = Date.UTC(+stamp.slice(0, 4), +stamp.slice(4, 6) - 1, +stamp.slice(6, 8), +stamp.slice(8, 10), +stamp.slice(10, 12));
  return { args: ['check', '--config', trial.configFile, '--now', new Date(deadline + hoursAfterDeadline * 3_600_000).toISOString()] };
}

export const checkerLateNotices: Scenario = {
  name: 'judge check an hour after the deadline (late notices), run again',
  run: (trial) => checkAt(trial, 1),
  recover: async (trial) => {
    await judge(trial, checkAt(trial, 1));
  },
  // Seven late players and the Master.
  expect: [{ subject: 'orders late', recipients: 8 }],
  phase: 'SPRING 1901 MOVEMENT',
};

const DAEMON_PRESS_FROM = ['FRANCE', 'GERMANY', 'ITALY'];

/** The daemon on its embedded Maildir, started with the mails already waiting, until all are handled and every mail sent. */
function daemon(trial: Trial): Run {
  return { args: ['start', '--config', trial.configFile], done: () => maildirEmpty(trial) && nothingPending(trial) };
}

export const pressDaemon: Scenario = {
  name: 'three players’ BROADCASTs to the daemon, which is started again',
  run: (trial) => {
    deliverToMaildir(
      trial,
      DAEMON_PRESS_FROM.map((power) => pressMail(trial, power)),
    );
    return daemon(trial);
  },
  recover: async (trial) => {
    await judge(trial, daemon(trial));
  },
  expect: [
    ...DAEMON_PRESS_FROM.map((power) => ({ subject: 'Diplomacy press', body: `${power[0]}${power.slice(1).toLowerCase()} greets everyone.`, recipients: 7 })),
    { subject: 'Re: crash test', recipients: DAEMON_PRESS_FROM.length },
  ],
  phase: 'SPRING 1901 MOVEMENT',
  archived: DAEMON_PRESS_FROM.map((power) => `${power[0]}${power.slice(1).toLowerCase()} greets everyone.`),
};

/** The `judge mail` process of each trial of `pressHandedOver`, by the trial's folder: null until it ends. */
const handingOver = new Map<string, { ended: Ended | null; running: Promise<Ended> }>();

function handOver(trial: Trial): void {
  const client = { ended: null as Ended | null, running: runJudge(trial, { args: ['mail', '--config', trial.configFile], input: pressMail(trial) }) };
  void client.running.then((ended) => (client.ended = ended));
  handingOver.set(trial.folder, client);
}

/**
 * The daemon dies while a `judge mail` process waits for its answer: the process handles the mail
 * itself, or exits 75 and the MTA delivers it again; the daemon is started again for what is left
 * to send.
 */
export const pressHandedOver: Scenario = {
  name: 'a player\u2019s BROADCAST handed by judge mail to the daemon',
  run: (trial) => ({
    args: ['start', '--config', trial.configFile],
    beside: () => handOver(trial),
    done: () => (handingOver.get(trial.folder)?.ended ?? null) !== null && nothingPending(trial),
  }),
  recover: async (trial) => {
    const client = handingOver.get(trial.folder);
    handingOver.delete(trial.folder);
    // Killed before its socket was up, the daemon was never handed the mail: the MTA delivers it now.
    const ended = client === undefined ? null : await client.running;
    if (ended?.code !== 0) await judge(trial, { args: ['mail', '--config', trial.configFile], input: pressMail(trial) });
    await judge(trial, { args: ['start', '--config', trial.configFile], done: () => nothingPending(trial) });
  },
  expect: [
    { subject: 'Diplomacy press', recipients: 7 },
    { subject: 'Re: crash test', recipients: 1 },
  ],
  phase: 'SPRING 1901 MOVEMENT',
  archived: ['France greets everyone.'],
};

/**
 * A Payola phase with a transfer: France's player gives England 10 AgP and the Master processes
 * the phase in one mail, delivered again after the crash. The transfer and France's offer sheet
 * (7 AgP) are each applied once: France ends with 48 - 10 - 7, England with 48 + 10.
 */
function payolaMail(trial: Trial): string {
  const france = playerOf(trial, 'FRANCE');
  return mailText(MASTER_MAIL, '<payola-crash@dip.test>', `SIGNON F${GAME} ${france.password}\nTRANSFER 10 TO ENGLAND\nSIGNON M${GAME} masterpw\nPROCESS!`);
}

export const payolaPhase: Scenario = {
  name: 'a Payola phase with a transfer, by mail in pipe mode, delivered again',
  run: (trial) => ({ args: ['mail', '--config', trial.configFile], input: payolaMail(trial) }),
  recover: async (trial) => {
    await judge(trial, { args: ['mail', '--config', trial.configFile], input: payolaMail(trial) });
  },
  expect: [RESULTS, { subject: `${GAME}: Payola funds transfer`, recipients: 1 }, { subject: 'Re: crash test', recipients: 1 }],
  phase: 'FALL 1901 MOVEMENT',
  statusLines: [/^FRANCE\n[\s\S]*?^FUNDS \$31$/m, /^ENGLAND\n[\s\S]*?^FUNDS \$58$/m],
};

/**
 * A Crystal Ball phase: France's player gives the last first-turn list, which locks the lists (a
 * notice to everyone), and the next list, and the Master processes the phase, in one mail delivered
 * again after the crash. The lists are each filed once and the phase processed once: France's army
 * went to Burgundy, and the list written next is the one locked in for the Fall.
 */
function crystalBallMail(trial: Trial): string {
  const france = `SIGNON F${GAME} ${playerOf(trial, 'FRANCE').password}`;
  return mailText(MASTER_MAIL, '<xtalball-crash@dip.test>', `${france}\nA PAR - BUR\n${france}\nA BUR - MUN\nSIGNON M${GAME} masterpw\nPROCESS!`);
}

export const crystalBallPhase: Scenario = {
  name: 'a Crystal Ball phase with the last first list and the next, by mail in pipe mode, delivered again',
  run: (trial) => ({ args: ['mail', '--config', trial.configFile], input: crystalBallMail(trial) }),
  recover: async (trial) => {
    await judge(trial, { args: ['mail', '--config', trial.configFile], input: crystalBallMail(trial) });
  },
  expect: [RESULTS, { subject: `${GAME}: announcement`, body: 'the lists are locked in', recipients: 8 }, { subject: 'Re: crash test', recipients: 1 }],
  phase: 'FALL 1901 MOVEMENT',
  statusLines: [/^FRANCE\n[\s\S]*?^A BUR$/m, /^FRANCE\n[\s\S]*?^SOONER\nA BUR - MUN$/m],
};

export const SCENARIOS: readonly Scenario[] = [
  processCommand,
  checkerSweep,
  masterProcessMail,
  pressPipe,
  pressDaemon,
  pressHandedOver,
  checkerLateNotices,
  payolaPhase,
  crystalBallPhase,
];
