/** The e-mail command language: from a mail's text to commands. Pure: no I/O, no game state. */
export { parseMail } from './parse.js';
export type {
  AbsenceSpan,
  ClaimedSender,
  Command,
  CommandBody,
  DateSpec,
  Login,
  ParsedMail,
  ParseProblem,
  PlayerRef,
  PowerList,
  Press,
  PressEnd,
  SourceLine,
} from './types.js';
