import { readFileSync, existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';

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
  mail: Record<string, unknown>;
  deadlines: Record<string, unknown>;
}

export const DEFAULT_CONFIG: JudgeConfig = {
  judge: { name: 'LOCAL', address: 'judge@localhost', keeper: 'keeper@localhost' },
  folders: { maps: 'maps', games: 'games', templates: 'templates', var: 'var' },
  mail: {},
  deadlines: {},
};

export class ConfigError extends Error {}

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

export function loadConfig(file = 'judge.config.json'): LoadedConfig {
  const path = resolve(file);
  if (!existsSync(path)) return { config: DEFAULT_CONFIG, root: dirname(path), file: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) throw new ConfigError(`${file}: must hold a JSON object`);
  const config = merge(DEFAULT_CONFIG as unknown as Json, parsed, '', file, false) as unknown as JudgeConfig;
  return { config, root: dirname(path), file: path };
}

export function folder(loaded: LoadedConfig, name: keyof JudgeConfig['folders']): string {
  return resolve(loaded.root, loaded.config.folders[name]);
}
