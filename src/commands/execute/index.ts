/** Executing the commands of a mail against the games: the reply and every other mail they cause. */
export { MailCommandProcessor, type ExecutionOutcome, type MailToExecute, type ProcessorDeps } from './processor.js';
export type { Session } from './step.js';
