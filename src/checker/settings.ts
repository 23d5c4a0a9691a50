import { validate } from 'node-cron';
import { ConfigError, type DeadlinesConfig, type LoadedConfig } from '../config/config.js';

const POLICIES: readonly DeadlinesConfig['outagePolicy'][] = ['hold', 'extend'];

/** The `deadlines` settings checked beyond their types: a cron expression node-cron accepts, a known policy. */
export function deadlineSettings(loaded: LoadedConfig): DeadlinesConfig {
  const { deadlines } = loaded.config;
  const where = loaded.file ?? 'embedded defaults';
  const fail = (setting: string, expected: string, value: unknown) =>
    new ConfigError(`${where}: 'deadlines.${setting}' must be ${expected}, got ${JSON.stringify(value)}`);
  if (!validate(deadlines.cron)) throw fail('cron', "a cron expression such as '*/20 * * * *'", deadlines.cron);
  if (!(Number.isFinite(deadlines.outageMinutes) && deadlines.outageMinutes > 0)) throw fail('outageMinutes', 'a positive number', deadlines.outageMinutes);
  if (!POLICIES.includes(deadlines.outagePolicy)) throw fail('outagePolicy', `one of ${POLICIES.join(', ')}`, deadlines.outagePolicy);
  return deadlines;
}
