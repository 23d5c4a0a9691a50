import { ConfigError, folder, type LoadedConfig } from '../config/config.js';

/** The web section of the configuration, checked beyond its types. */
export interface WebSettings {
  readonly enabled: boolean;
  readonly host: string;
  /** 0: any free port (tests). */
  readonly port: number;
  /** Where the cookie secret is kept. */
  readonly varFolder: string;
}

export function webSettings(loaded: LoadedConfig): WebSettings {
  const { enabled, listen } = loaded.config.web;
  const refuse = () => new ConfigError(`${loaded.file ?? 'embedded defaults'}: 'web.listen' must be an address like http://127.0.0.1:8080, got ${JSON.stringify(listen)}`);
  let url: URL;
  try {
    url = new URL(listen);
  } catch {
    throw refuse();
  }
  if (url.protocol !== 'http:' || url.pathname !== '/' || url.search !== '' || url.username !== '' || url.port === '') throw refuse();
  // URL keeps an IPv6 host in brackets, which listen() does not take.
  return { enabled, host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port), varFolder: folder(loaded, 'var') };
}
