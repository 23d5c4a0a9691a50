import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { installedBinary } from './debian-packages.js';

/**
 * A real IMAP server for the tests and the benchmark: Debian's Dovecot, run in the foreground from a
 * private configuration in a temporary folder, listening on 127.0.0.1 on a free port. Any user name
 * logs in with the server's password and gets its own Maildir in that folder, so that one server
 * serves many tests, each with mailboxes of its own. Run as root, Dovecot's own `dovenull` and
 * `dovecot` users run its login processes and own the mail, since Dovecot refuses to run those as root.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Accounts {
  loginUser: string;
  internalUser: string;
  internalGroup: string;
  mailUid: number;
  mailGid: number;
}

function accounts(): Accounts {
  const me = userInfo();
  const id = (...args: string[]) => spawnSync('id', args, { encoding: 'utf8' }).stdout.trim();
  if (me.uid !== 0) {
    return { loginUser: me.username, internalUser: me.username, internalGroup: id('-gn'), mailUid: me.uid, mailGid: me.gid };
  }
  const mailUid = Number(id('-u', 'dovecot'));
  return { loginUser: 'dovenull', internalUser: 'dovecot', internalGroup: 'dovecot', mailUid, mailGid: Number(id('-g', 'dovecot')) };
}

const PASSWORD = 'judge-test-password';

function configuration(folder: string, port: number, who: Accounts, root: boolean): string {
  // chroot needs root; as another user every service runs unconfined as that user.
  const chroot = root ? '' : '  chroot =\n';
  return `base_dir = ${folder}/run
state_dir = ${folder}/state
log_path = ${folder}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_max_userip_connections = 100
first_valid_uid = 1
first_valid_gid = 1
default_login_user = ${who.loginUser}
default_internal_user = ${who.internalUser}
default_internal_group = ${who.internalGroup}
passdb {
  driver = static
  args = password=${PASSWORD}
}
userdb {
  driver = static
  args = uid=${who.mailUid} gid=${who.mailGid} home=${folder}/home/%u
}
mail_location = maildir:~/Maildir
service imap-login {
${chroot}  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
${chroot}}
`;
}

/** Where a server listens and the password every user logs in with. */
export interface DovecotAddress {
  readonly host: string;
  readonly port: number;
  readonly password: string;
}

export class DovecotServer implements DovecotAddress {
  readonly host = '127.0.0.1';
  readonly password = PASSWORD;
  private process: ChildProcess | null = null;

  private constructor(
    private readonly binary: string,
    private readonly folder: string,
    readonly port: number,
  ) {}

  static async start(): Promise<DovecotServer> {
    const binary = installedBinary('dovecot', 'dovecot-imapd');
    const folder = mkdtempSync(join(tmpdir(), 'judge-dovecot-'));
    // Dovecot's unprivileged processes must reach the configuration and the Maildir below it.
    chmodSync(folder, 0o755);
    const server = new DovecotServer(binary, folder, await freePort());
    const root = process.getuid?.() === 0;
    const who = accounts();
    for (const sub of ['run', 'state']) mkdirSync(join(folder, sub));
    mkdirSync(join(folder, 'home'));
    if (root) chownSync(join(folder, 'home'), who.mailUid, who.mailGid);
    writeFileSync(join(folder, 'dovecot.conf'), configuration(folder, server.port, who, root));
    try {
      await server.resume();
    } catch (error) {
      await server.dispose();
      throw error;
    }
    return server;
  }

  /** Starts Dovecot (again) on the same port and mail; resolves once it greets. */
  async resume(): Promise<void> {
    // Its own process group, so that stopping it reaches every Dovecot process at once.
    const child = spawn(this.binary, ['-F', '-c', join(this.folder, 'dovecot.conf')], { stdio: 'ignore', detached: true });
    this.process = child;
    const killGroup = () => signalGroup(child, 'SIGKILL');
    process.once('exit', killGroup);
    child.once('exit', () => process.off('exit', killGroup));
    const deadline = Date.now() + 15_000;
    while (!(await greets(this.host, this.port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`dovecot did not start: ${this.logTail()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Stops Dovecot, dropping every connection, as a server shutdown does. Dovecot's master alone
   * would leave its IMAP processes to notice its death seconds later; the whole group is told at once.
   */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (child === null || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    signalGroup(child, 'SIGKILL');
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }

  private logTail(): string {
    const log = join(this.folder, 'dovecot.log');
    return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-3).join(' | ') : 'no log';
  }
}

/** One user's mailboxes on a Dovecot server, made on the user's first login. */
export class MailAccount implements DovecotAddress {
  readonly host: string;
  readonly port: number;
  readonly password: string;

  constructor(
    server: DovecotAddress,
    readonly user: string,
  ) {
    this.host = server.host;
    this.port = server.port;
    this.password = server.password;
  }

  /** A connected client of this user; the caller logs it out. */
  async client(): Promise<ImapFlow> {
    const client = new ImapFlow({
      host: this.host,
      port: this.port,
      secure: false,
      auth: { user: this.user, pass: this.password },
      logger: false,
    });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  /** Delivers mails into a mailbox with IMAP APPEND, in order. */
  async append(mails: readonly (Buffer | string)[], mailbox = 'INBOX'): Promise<void> {
    const client = await this.client();
    try {
      for (const mail of mails) await client.append(mailbox, mail);
    } finally {
      await client.logout();
    }
  }

  /** The mails in a mailbox, in UID order (none when it does not exist). */
  async messages(mailbox: string): Promise<Buffer[]> {
    const client = await this.client();
    try {
      const status = await client.status(mailbox, { messages: true }).catch(() => null);
      if (!status || !status.messages) return [];
      const lock = await client.getMailboxLock(mailbox);
      try {
        const found = await client.fetchAll('1:*', { uid: true, source: true });
        return found.sort((a, b) => a.uid - b.uid).map(({ source }) => source ?? Buffer.alloc(0));
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone already.
  }
}

function greets(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.setTimeout(1000);
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
