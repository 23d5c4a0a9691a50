import { isIP } from 'node:net';
import { ConfigError, folder, type LoadedConfig } from '../config/config.js';

/** The web section of the configuration, checked beyond its types. */
export interface WebSettings {
  readonly enabled: boolean;
  readonly host: string;
  /** 0: any free port (tests). */
  readonly port: number;
  /** Where the cookie secret is kept. */
  readonly varFolder: string;
  /**
   * The reverse proxies whose X-Forwarded-For names the visitor (addresses, CIDR ranges, or
   * proxy-addr's names loopback, linklocal, uniquelocal); empty: the connection's address is the
   * visitor's. Wrong passwords count per visitor address, so behind a proxy this must name it, or
   * every visitor shares the proxy's address and one guesser locks them all out.
   */
  readonly trustProxy: readonly string[];
}

const PROXY_RANGE_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address!);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

function trustedProxies(loaded: LoadedConfig): string[] {
  const { trustProxy } = loaded.config.web;
  const entries = trustProxy
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined)
    throw new ConfigError(
      `${loaded.file ?? 'embedded defaults'}: 'web.trustProxy' must list proxy addresses like "127.0.0.1" or "10.0.0.0/8, ::1", or be empty; ${JSON.stringify(wrong)} is not one`,
    );
  return entries;
}

export function webSettings(loaded: LoadedConfig): WebSettings {
  const { enabled, listen } = loaded.config.web;
  const refuse = () =>
    new ConfigError(`${loaded.file ?? 'embedded defaults'}: 'web.listen' must be an address like http://127.0.0.1:8080, got ${JSON.stringify(listen)}`);
  let url: URL;
  try {
    url = new URL(listen);
  } catch {
    throw refuse();
  }
  if (url.protocol !== 'http:' || url.pathname !== '/' || url.search !== '' || url.username !== '' || url.port === '') throw refuse();
  // URL keeps an IPv6 host in brackets, which listen() does not take.
  return {
    enabled,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(url.port),
    varFolder: folder(loaded, 'var'),
    trustProxy: trustedProxies(loaded),
  };
}
