import { GAME, judge, mailText, phaseOf, playerOf, type Scenario, type Trial } from './harness.js';

/**
 * The moments that matter most, each a scenario for the crash harness: a phase processed by
 * `judge process`, by the checker's sweep and by the Master's PROCESS! mail, and press sent by mail
 * in pipe mode and to the daemon. Eight recipients of results: seven players and the Master.
 */

const RESULTS = { subject: `${GAME} S1901M results`, recipients: 8 };
const MASTER_MAIL = 'Mary Master <master@dip.test>';

/** Runs until the game moved on: what a judgekeeper does after a crash is run the command again. */
async function processUnlessDone(trial: Trial): Promise<void> {
  await judge(trial, ['check', '--config', trial.configFile], undefined);
  if (phaseOf(trial) === 'SPRING 1901 MOVEMENT') await judge(trial, ['process', GAME, '--config', trial.configFile], undefined);
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
    await judge(trial, ['check', '--config', trial.configFile], undefined);
  },
  expect: [RESULTS],
  phase: 'FALL 1901 MOVEMENT',
};

const processMail = mailText(MASTER_MAIL, '<process-crash@dip.test>', `SIGNON M${GAME} masterpw\nPROCESS!`);

export const masterProcessMail: Scenario = {
  name: "the Master's PROCESS! mail in pipe mode, delivered again",
  run: (trial) => ({ args: ['mail', '--config', trial.configFile], input: processMail }),
  recover: async (trial) => {
    await judge(trial, ['mail', '--config', trial.configFile], processMail);
  },
  expect: [RESULTS, { subject: 'Re: crash test', recipients: 1 }],
  phase: 'FALL 1901 MOVEMENT',
};

function pressMail(trial: Trial): string {
  const france = playerOf(trial, 'FRANCE');
  return mailText(`Player <${france.address}>`, '<press-crash@dip.test>', `SIGNON F${GAME} ${france.password}\nBROADCAST\nFrance greets everyone.\nENDPRESS`);
}

export const pressPipe: Scenario = {
  name: 'a player\u2019s BROADCAST in pipe mode, delivered again',
  run: (trial) => ({ args: ['mail', '--config', trial.configFile], input: pressMail(trial) }),
  recover: async (trial) => {
    await judge(trial, ['mail', '--config', trial.configFile], pressMail(trial));
  },
  // Six other players and the Master get the press; France gets the reply.
  expect: [
    { subject: 'Diplomacy press', recipients: 7 },
    { subject: 'Re: crash test', recipients: 1 },
  ],
  phase: 'SPRING 1901 MOVEMENT',
};

export const SCENARIOS: readonly Scenario[] = [processCommand, checkerSweep, masterProcessMail, pressPipe];
