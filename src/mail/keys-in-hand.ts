/**
 * The mails this process is handling right now, by their journal key. The journal's claim
 * (`MailsInHand`) keeps a mail from two processes at once, but it is a process's claim: the daemon
 * reads its mailbox and takes the mails `judge mail` hands it, and the same mail by both paths
 * carries the same pid twice. So the second arrival waits here until the first lets the key go,
 * once its outcome is recorded, and then finds it a duplicate.
 */
export class KeysInHand {
  private readonly held = new Map<string, Promise<void>>();

  /** Waits until no other arrival in this process holds `key`, then holds it until the returned function is called. */
  async hold(key: string): Promise<() => void> {
    // Several may wait for the same holder: each looks again, since one of them may hold it by now.
    for (let holder = this.held.get(key); holder !== undefined; holder = this.held.get(key)) await holder;
    let letGo!: () => void;
    const holding = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    this.held.set(key, holding);
    return () => {
      if (this.held.get(key) === holding) this.held.delete(key);
      letGo();
    };
  }
}
