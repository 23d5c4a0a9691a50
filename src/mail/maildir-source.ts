import { closeSync, mkdirSync, openSync, readdirSync, readSync, renameSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { MailConfig } from '../config/config.js';
import type { HandledMail } from './intake.js';
import { limited, type RawMail } from './raw-mail.js';
import { wakeableSleep } from './sleep.js';
import { BATCH_SIZE, type MailHandler, type MailSource } from './source.js';

/**
 * The embedded default: a local Maildir (var/maildir) in place of an IMAP server. A mail dropped into
 * its `new/` folder is handled, then moved into the Maildir++ subfolder `.processed` (or `.failed`),
 * the same folders an IMAP server pointed at this Maildir would show.
 */

/** A file younger than this may still be being written by someone copying it straight into `new/`. */
const SETTLE_MS = 300;
/** How long a mail that must wait for its game waits before it is tried again. */
const RETRY_MS = 2_000;
/** inotify can miss events (a full queue, some network file systems): the folder is read at least this often. */
const SCAN_MS = 5_000;

interface WaitingFile {
  readonly name: string;
  readonly mtimeMs: number;
  readonly size: number;
}

export class MaildirSource implements MailSource {
  readonly description: string;
  private stopping = false;
  private wake: () => void = () => undefined;
  private running: Promise<void> | null = null;
  private watcher: FSWatcher | null = null;

  constructor(
    private readonly root: string,
    private readonly mail: Pick<MailConfig, 'processedFolder' | 'failedFolder' | 'maxMessageBytes'>,
    private readonly handle: MailHandler,
    private readonly log: (line: string) => void,
  ) {
    this.description = `Maildir ${root}`;
  }

  start(): void {
    if (this.running) return;
    for (const folder of ['', `.${this.mail.processedFolder}`, `.${this.mail.failedFolder}`]) {
      for (const sub of ['new', 'cur', 'tmp']) mkdirSync(join(this.root, folder, sub), { recursive: true });
    }
    this.watcher = watch(join(this.root, 'new'), () => this.wake());
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.watcher?.close();
    this.wake();
    await this.running;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let wait = SCAN_MS;
      try {
        wait = await this.drain();
      } catch (error) {
        this.log(`maildir: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (this.stopping) break;
      const sleep = wakeableSleep(wait);
      this.wake = sleep.wake;
      await sleep.done;
    }
  }

  /** Handles every settled file in `new/`, oldest first; returns how long to wait before looking again. */
  private async drain(): Promise<number> {
    for (;;) {
      const now = Date.now();
      const waiting = this.waitingFiles();
      const settled = waiting.filter((file) => now - file.mtimeMs >= SETTLE_MS);
      if (settled.length === 0) {
        const youngest = Math.max(...waiting.map((file) => file.mtimeMs), -Infinity);
        return waiting.length === 0 ? SCAN_MS : Math.max(youngest + SETTLE_MS - now, 1);
      }
      const batch = settled.slice(0, BATCH_SIZE);
      const handled = await this.handle(batch.map((file) => this.read(file)));
      batch.forEach((file, index) => this.fileAway(file, handled[index]!));
      if (this.stopping) return 0;
      // A mail that must wait (its game busy) stays in new/, and so keeps its turn: look again later.
      if (handled.some((mail) => mail.folder === 'retry')) return RETRY_MS;
    }
  }

  private waitingFiles(): WaitingFile[] {
    const folder = join(this.root, 'new');
    const files: WaitingFile[] = [];
    for (const name of readdirSync(folder)) {
      if (name.startsWith('.')) continue;
      try {
        const stat = statSync(join(folder, name));
        if (stat.isFile()) files.push({ name, mtimeMs: stat.mtimeMs, size: stat.size });
      } catch {
        // Gone since the listing: another judge or the judgekeeper took it.
      }
    }
    return files.sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));
  }

  private read(file: WaitingFile): RawMail {
    const length = Math.min(file.size, this.mail.maxMessageBytes);
    const bytes = Buffer.alloc(length);
    const fd = openSync(join(this.root, 'new', file.name), 'r');
    try {
      let read = 0;
      while (read < length) {
        const got = readSync(fd, bytes, read, length - read, read);
        if (got === 0) break;
        read += got;
      }
      return limited(bytes.subarray(0, read), file.size, this.mail.maxMessageBytes);
    } finally {
      closeSync(fd);
    }
  }

  private fileAway(file: WaitingFile, handled: HandledMail): void {
    if (handled.folder === 'retry') return;
    const [folder, flag] = handled.folder === 'failed' ? [this.mail.failedFolder, 'F'] : [this.mail.processedFolder, 'S'];
    const base = file.name.split(':')[0]!;
    renameSync(join(this.root, 'new', file.name), join(this.root, `.${folder}`, 'cur', `${base}:2,${flag}`));
  }
}
