import { readFileSync, existsSync } from 'node:fs';
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JudgeFailure } from '../common/errors.js';

/**
 * The judge's configuration. Every field has an embedded default so that `npm start` runs on a
 * fresh checkout; `judge.config.json` overrides any of them. Relative folders are resolved against
 * the folder holding the configuration file.
 */
export interface JudgeConfig {
  judge: {
    /** The judge's name, shown in mail headers and results (DPjudge's JUDGE name). */
    name: string;
    /** The address players write to; mail from it is never answered (loop protection). */
    address: string;
    /** The judgekeeper's address: told about failures, trial maps and outages. */
    keeper: string;
  };
  folders: {
    maps: string;
    games: string;
    templates: string;
    var: string;
  };
  mail: MailConfig;
  deadlines: DeadlinesConfig;
  web: WebConfig;
}

/**
 * The judge's web pages, served by `judge start` beside the mail. `listen` is the address the
 * pages are served on (http only: a judge on the internet sits behind a proxy that adds TLS).
 */
interface WebConfig {
  enabled: boolean;
  /** `http://host:port`; port 0 takes any free port. */
  listen: string;
  /**
   * The reverse proxies (addresses or CIDR ranges, comma-separated) whose X-Forwarded-For is
   * believed; empty: none, and a visitor's address is the connection's.
   */
  trustProxy: string;
}

/**
 * The deadline checker. After an outage longer than `outageMinutes` it either holds every game until
 * the judgekeeper runs `judge check --resume` ('hold'), or moves every active deadline on by the
 * outage ('extend'), so that players are never punished for the judge being down.
 */
export interface DeadlinesConfig {
  /** When sweeps run: a node-cron expression, read in UTC. */
  cron: string;
  outageMinutes: number;
  outagePolicy: 'hold' | 'extend';
}

/**
 * Mail in and out. With no IMAP host the judge reads the local Maildir `maildir`, and with no SMTP
 * host it writes outgoing mail as .eml files into `outbox`: both folders are relative to the var
 * folder, so a fresh checkout runs without any mail server.
 */
export interface MailConfig {
  imap: {
    /** Empty: no IMAP server, read the local Maildir instead. */
    host: string;
    port: number;
    /** Implicit TLS (port 993); when false, STARTTLS is used if the server offers it. */
    tls: boolean;
    user: string;
    password: string;
    /** The mailbox players' mail arrives in. */
    mailbox: string;
    /** How often the mailbox is checked when the server offers no IDLE, and at the latest with IDLE. */
    pollSeconds: number;
  };
  smtp: {
    /** Empty: no SMTP server, write .eml files into the local outbox folder instead. */
    host: string;
    port: number;
    /** Implicit TLS (port 465); when false, STARTTLS is used if the server offers it. */
    secure: boolean;
    /** Empty: send without authenticating. */
    user: string;
    password: string;
    /** SMTP connections kept open at once. */
    connections: number;
  };
  /** Where a handled mail is moved: an IMAP mailbox, or a Maildir++ subfolder of the local Maildir. */
  processedFolder: string;
  /** Where a mail whose processing failed is moved for the judgekeeper to look at. */
  failedFolder: string;
  maildir: string;
  outbox: string;
  /** Larger mails are not read, only refused with a short reply. */
  maxMessageBytes: number;
  /** How long `judge mail` waits for the daemon's answer to a mail it handed over before it exits 75 (try again later). */
  handoffAnswerSeconds: number;
  /** At most `mails` mails from one address are processed in any `minutes` minutes. */
  throttle: { mails: number; minutes: number };
  /** Exponential backoff of IMAP reconnects and SMTP retries: the first wait, doubled up to the last. */
  backoff: { firstSeconds: number; maxSeconds: number };
}

export const DEFAULT_CONFIG: JudgeConfig = {
  judge: { name: 'LOCAL', address: 'judge@localhost', keeper: 'keeper@localhost' },
  folders: { maps: 'maps', games: 'games', templates: 'templates', var: 'var' },
  mail: {
    imap: { host: '', port: 993, tls: true, user: '', password: '', mailbox: 'INBOX', pollSeconds: 60 },
    smtp: { host: '', port: 587, secure: false, user: '', password: '', connections: 4 },
    processedFolder: 'processed',
    failedFolder: 'failed',
    maildir: 'maildir',
    outbox: 'outbox',
    maxMessageBytes: 1_000_000,
    handoffAnswerSeconds: 300,
    throttle: { mails: 20, minutes: 10 },
    backoff: { firstSeconds: 1, maxSeconds: 300 },
  },
  deadlines: { cron: '*/20 * * * *', outageMinutes: 60, outagePolicy: 'extend' },
  web: { enabled: true, listen: 'http://127.0.0.1:8080', trustProxy: '' },
};

export class ConfigError extends JudgeFailure {}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges `override` into `base`, refusing keys and types the base does not know. */
function merge(base: Json, override: Json, path: string, file: string, open: boolean): Json {
  const result: Json = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const where = path ? `${path}.${key}` : key;
    if (!(key in base)) {
      if (open) {
        result[key] = value;
        continue;
      }
      throw new ConfigError(`${file}: unknown setting '${where}'`);
    }
    const known = base[key];
    if (isObject(known)) {
      if (!isObject(value)) throw new ConfigError(`${file}: '${where}' must be an object`);
      result[key] = merge(known, value, where, file, Object.keys(known).length === 0);
    } else if (typeof known !== typeof value) {
      throw new ConfigError(`${file}: '${where}' must be a ${typeof known}, got ${JSON.stringify(value)}`);
    } else {
      result[key] = value;
    }
  }
  return result;
}

export interface LoadedConfig {
  config: JudgeConfig;
  /** The folder relative paths are resolved against. */
  root: string;
  /** The file read, or null when only the embedded defaults apply. */
  file: string | null;
}

/** The name of the configuration file in the places the judge looks for one. */
const CONFIG_FILE_NAME = 'judge.config.json';

/** The judge's embedded defaults, with relative folders resolved against `root`. */
export function embeddedConfig(root: string): LoadedConfig {
  return { config: DEFAULT_CONFIG, root, file: null };
}

/**
 * Where the judge looks for its configuration when none is named: the current folder first (a judge
 * run from its own folder), then the installation (a judge run from anywhere else on the machine).
 */
export function configPlaces(cwd = process.cwd()): string[] {
  return [...new Set([join(resolve(cwd), CONFIG_FILE_NAME), join(installation(), CONFIG_FILE_NAME)])];
}

/**
 * Reads the configuration. A file named by the judgekeeper must exist: running on defaults instead
 * would start a judge on an empty mailbox beside the mistyped path. With no file named, the first of
 * `configPlaces` that exists is read, and without any the embedded defaults apply in `cwd`.
 */
export function loadConfig(file?: string, cwd = process.cwd()): LoadedConfig {
  if (file !== undefined) {
    const path = resolve(cwd, file);
    if (!existsSync(path)) throw new ConfigError(`${file}: no such configuration file`);
    return readConfigFile(path, file);
  }
  const found = configPlaces(cwd).find((place) => existsSync(place));
  return found === undefined ? embeddedConfig(resolve(cwd)) : readConfigFile(found, found);
}

/** `shown` is how error messages name the file: as the judgekeeper wrote it. */
function readConfigFile(path: string, shown: string): LoadedConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${shown}: not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) throw new ConfigError(`${shown}: must hold a JSON object`);
  const config = merge(DEFAULT_CONFIG as unknown as Json, parsed, '', shown, false) as unknown as JudgeConfig;
  return { config, root: dirname(path), file: path };
}

/** The help of every command's --config option. */
export const CONFIG_OPTION_HELP = `the configuration file (default: ./${CONFIG_FILE_NAME}, else the installation's)`;

/** How the start line and reports name where the configuration came from. */
export function configSource(loaded: LoadedConfig): string {
  return loaded.file === null ? `the embedded default configuration (no ${CONFIG_FILE_NAME} found)` : loaded.file;
}

/**
 * The judge's installation: the nearest folder above this module holding the shipped `maps/` and
 * `templates/` (the project root, whether the code runs from src/, dist/ or another build folder).
 */
function installation(): string {
  let candidate = dirname(fileURLToPath(import.meta.url));
  while (!(existsSync(join(candidate, 'maps', 'standard.map')) && existsSync(join(candidate, 'templates')))) {
    const parent = dirname(candidate);
    if (parent === candidate) return process.cwd();
    candidate = parent;
  }
  return candidate;
}

/**
 * A configured folder. Maps and templates not found where the configuration points come from the
 * judge's installation, so a judge started in an empty folder still has its standard map and its
 * mail texts; games and var are always the configuration's own.
 */
export function folder(loaded: LoadedConfig, name: keyof JudgeConfig['folders']): string {
  const configured = resolve(loaded.root, loaded.config.folders[name]);
  if ((name === 'maps' || name === 'templates') && !existsSync(configured)) return join(installation(), name);
  return configured;
}
