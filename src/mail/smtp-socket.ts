import { connect, type Socket } from 'node:net';

/** Well under the outbox's claim on a mail, so that a hung connection ends before another judge may take the mail. */
export const CONNECTION_TIMEOUT_MS = 30_000;

/**
 * Opens a connection to the SMTP server with Nagle's algorithm off. nodemailer leaves it on, and
 * then the last small write of each mail waits for the server's delayed acknowledgement (40 ms on
 * Linux), which holds a connection to some 25 mails a second. Resolves with the socket once
 * connected, or with null when it cannot be opened: nodemailer's connection then opens one itself,
 * and reports why it could not as it reports any failure of the server (`SmtpPool`).
 */
export function openSmtpSocket(host: string, port: number, signal?: AbortSignal): Promise<Socket | null> {
  return new Promise((resolve) => {
    let socket: Socket;
    try {
      socket = connect({ host, port, ...(signal === undefined ? {} : { signal }) });
    } catch {
      // A port out of range: the configuration's check says so, with the setting's name.
      resolve(null);
      return;
    }
    socket.setNoDelay(true);
    writeByTurns(socket);
    const failed = () => {
      socket.off('timeout', failed);
      socket.destroy();
      resolve(null);
    };
    socket.setTimeout(CONNECTION_TIMEOUT_MS);
    socket.once('timeout', failed);
    socket.once('error', failed);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.off('timeout', failed);
      socket.off('error', failed);
      resolve(socket);
    });
  });
}

/**
 * Gathers what is written to the connection in one turn of the event loop into one system call:
 * nodemailer writes a message and the line that ends it apart, two system calls of the five a mail
 * costs.
 */
function writeByTurns(socket: Socket): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (socket.writableCorked === 0) {
      socket.cork();
      setImmediate(() => socket.uncork());
    }
    return write(...args);
  }) as Socket['write'];
}

/**
 * A connection opened before it is needed: `judge mail` opens it as soon as it has read its
 * configuration, so that the server's greeting arrives while the judge loads and handles the mail
 * (smtp-server, for one, waits 100 ms before greeting, to catch clients that talk too early). The
 * outbox's first connection takes it; one nobody took is closed, connected or not yet.
 */
export class EarlySmtpSocket {
  private readonly abort = new AbortController();
  private socket: Promise<Socket | null> | null;

  constructor(host: string, port: number) {
    // An error while nobody holds the connection is for nodemailer to meet when it writes to it.
    this.socket = openSmtpSocket(host, port, this.abort.signal).then((socket) => socket?.on('error', () => undefined) ?? null);
  }

  /**
   * The connection, the first time it is asked for; null after that. One the server has closed
   * meanwhile resolves as none, so that nodemailer opens its own: handed a closed socket, it would
   * wait out its greeting timeout for a close it had missed.
   */
  take(): Promise<Socket | null> | null {
    const socket = this.socket;
    this.socket = null;
    return socket?.then((open) => (open === null || open.destroyed || open.readableEnded ? null : open)) ?? null;
  }

  close(): void {
    if (this.take() !== null) this.abort.abort();
  }
}
