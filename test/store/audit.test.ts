import { describe, expect, it } from 'vitest';
import { AuditLog, sha256 } from '../../src/store/audit.js';
import { openDatabase } from '../../src/store/database.js';

const before = Buffer.from('GAME alpha\nPHASE FORMING\nPASSWORD old-secret\nPRIVATE letmein\n');
const after = Buffer.from('GAME alpha\nPHASE SPRING 1901 MOVEMENT\nPASSWORD new-secret\nPRIVATE letmein\n');

describe('the audit log', () => {
  it('creates its own table, and the outbox its held mails wait in, beside the others in the judge database', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE journal (id INTEGER PRIMARY KEY)');
    new AuditLog(db);
    new AuditLog(db);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
    expect(tables).toEqual(['audit', 'audit_landing', 'journal', 'mail_in_hand', 'mail_received', 'outbox', 'outbox_attachment', 'outbox_hold']);
  });

  it('records who, when, the command and the changed lines, with secrets hidden', () => {
    const audit = new AuditLog(openDatabase(':memory:'));
    const id = audit.begin({ file: 'alpha/status', game: 'alpha', actor: 'gm@example.org', command: 'PROCESS', before, after }).id;
    audit.renamed(id);
    audit.landed(id);
    const [entry] = audit.history('alpha/status');
    expect(entry).toMatchObject({
      id,
      game: 'alpha',
      actor: 'gm@example.org',
      command: 'PROCESS',
      beforeSha256: sha256(before),
      afterSha256: sha256(after),
      state: 'done',
      changes: [{ beforeLine: 2, before: ['PHASE FORMING', 'PASSWORD (hidden)'], afterLine: 2, after: ['PHASE SPRING 1901 MOVEMENT', 'PASSWORD (hidden)'] }],
    });
    expect(Date.parse(entry!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(audit.history('alpha/status'))).not.toMatch(/secret|letmein/);
  });

  it('settles entries a crash left pending by the file as it is', () => {
    const audit = new AuditLog(openDatabase(':memory:'));
    const written = audit.begin({ file: 'a/status', game: 'a', actor: 'x', command: 'C', before, after }).id;
    const notWritten = audit.begin({ file: 'b/status', game: 'b', actor: 'x', command: 'C', before, after }).id;
    const editedSince = audit.begin({ file: 'c/status', game: 'c', actor: 'x', command: 'C', before, after }).id;
    const neverCreated = audit.begin({ file: 'd/status', game: 'd', actor: 'x', command: 'CREATE', before: null, after }).id;
    audit.reconcile('a/status', sha256(after));
    audit.reconcile('b/status', sha256(before));
    audit.reconcile('c/status', sha256(Buffer.from('edited')));
    audit.reconcile('d/status', null);
    const state = (file: string, id: number) => audit.history(file).find((entry) => entry.id === id)!.state;
    expect([state('a/status', written), state('b/status', notWritten), state('c/status', editedSince), state('d/status', neverCreated)]).toEqual([
      'done',
      'abandoned',
      'uncertain',
      'abandoned',
    ]);
  });
});
