/** The status-file format: the typed model, reading, writing, validation and passwords. No I/O. */
export * from './model.js';
export { parseStatus, readStatus, type ParsedStatus, type ParseOptions } from './parse.js';
export { renderStatus, renderStatusBytes } from './render.js';
export { writeStatus } from './write.js';
export { StatusWriteError } from './safe.js';
export { validateStatus, type ValidationOptions } from './validate.js';
export { hashPassword, isPasswordHash, PASSWORD_HASH_PREFIX, verifyPassword, withHashedPasswords } from './password.js';
export {
  GAME_STATES,
  KNOWN_FLAGS,
  readMainStatus,
  renderMainStatusBytes,
  type GameListing,
  type GameState,
  type MainStatus,
  type ParsedMainStatus,
} from './main-status.js';
export { GAME_NAME_RULE, isGameName } from './game-name.js';
export { redactLine } from './redact.js';
export { lineChanges, type LineChange } from './line-diff.js';
export { GAME_OWNER, lineOfEntry, type StatusSource } from './source.js';
export { decodeStatusBytes, splitLines } from './text.js';
