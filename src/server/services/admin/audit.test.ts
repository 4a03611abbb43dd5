import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../../shared/limits';
import type { AuditEntry, AuditFilter } from '../../../shared/schemas/admin';
import { visitor } from '../chat/test-support';
import { createTestApp, type TestApp } from '../../test-app';
import { login, PASSWORD } from '../../test-http';
import type { Actor } from './audit';
import { auditRows, signedInAdmin, userRowOf } from './test-support';
import { SQLITE_INTERNALS } from '../../test-engine';

let t: TestApp;
afterEach(() => t?.close());

const audit = () => t.services.admin.audit;
const everyRow: AuditFilter = { adminId: undefined, action: undefined, targetType: undefined, targetId: undefined };
const page = (limit = 50, cursor: string | null = null) => ({ cursor, limit });

/** An actor for `record`: the stored account of `email`, acting from `ip`. */
const actorOf = async (email: string, ip = '192.0.2.1'): Promise<Actor> => ({ user: (await userRowOf(t, email))!, ip });

/** RFC 4180 rows, for reading the export back as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell || row.length) throw new Error('the export does not end with CRLF');
  return rows;
}

describe('admin sign-in', () => {
  it("writes 'admin.sign_in' with the address and time for an admin; a non-admin's sign-in and a failed attempt write nothing", async () => {
    t = createTestApp({ env: { TRUST_PROXY: '1' } });
    await visitor(t, 'milo');
    t.clock.advance(HOUR_MS);
    const chief = await signedInAdmin(t, 'chief', { ip: '198.51.100.23' });
    expect(await auditRows(t)).toEqual([
      {
        id: expect.any(Number),
        adminId: chief.id,
        adminUsername: 'chief',
        action: 'admin.sign_in',
        targetType: null,
        targetId: null,
        targetLabel: null,
        changes: {},
        ip: '198.51.100.23',
        relatedId: null,
        createdAt: '2026-03-02T10:00:00.000Z',
      },
    ]);

    expect((await login(t, 'milo@news.example')).res.status).toBe(200);
    expect((await login(t, 'chief@news.example', 'not-the-password')).res.status).toBe(401);
    expect(await auditRows(t)).toHaveLength(1);

    // Over tRPC too: the rule is the account service's, not the transport's.
    await t.caller({ ip: '198.51.100.24' }).api.auth.login({ email: 'chief@news.example', password: PASSWORD });
    expect((await auditRows(t)).map((r) => [r.action, r.ip])).toEqual([
      ['admin.sign_in', '198.51.100.23'],
      ['admin.sign_in', '198.51.100.24'],
    ]);
  });
});

describe('the audit table', () => {
  it.skipIf(SQLITE_INTERNALS)(
    'refuses UPDATE and DELETE, from raw SQL or the query builder, and outlives the admins it names',
    async () => {
      t = createTestApp();
      const chief = await signedInAdmin(t);
      const deputy = await signedInAdmin(t, 'deputy');
      const sqlite = t.sqliteClient();
      const before = await auditRows(t);
      expect(before).toHaveLength(2);

      expect(() => sqlite.prepare(`UPDATE audit_log SET ip = '10.0.0.1'`).run()).toThrow('audit_log is append-only');
      expect(() => sqlite.prepare(`UPDATE audit_log SET changes = '{}' WHERE id = ?`).run(before[0]!.id)).toThrow(
        'audit_log is append-only',
      );
      expect(() => sqlite.prepare('DELETE FROM audit_log').run()).toThrow('audit_log is append-only');
      // Drizzle wraps the driver's error; the trigger's message is the cause's.
      const appendOnly = { cause: expect.objectContaining({ message: 'audit_log is append-only' }) };
      const { auditLog } = t.db.tables;
      await expect(t.db.delete(auditLog).where(eq(auditLog.adminId, deputy.id))).rejects.toMatchObject(appendOnly);
      await expect(t.db.update(auditLog).set({ action: 'user.create' })).rejects.toMatchObject(appendOnly);
      expect(await auditRows(t)).toEqual(before);

      await t.caller({ token: chief.token }).api.admin.users.delete({ id: deputy.id });
      expect(await userRowOf(t, deputy.email)).toBeUndefined();
      expect((await auditRows(t)).map((r) => [r.adminUsername, r.action])).toEqual([
        ['chief', 'admin.sign_in'],
        ['deputy', 'admin.sign_in'],
        ['chief', 'user.delete'],
      ]);
    },
  );
});

describe('reading the log', () => {
  /** Two admins, their sign-ins, and a few recorded actions an hour apart. */
  async function history() {
    t = createTestApp();
    const chief = await signedInAdmin(t);
    const deputy = await signedInAdmin(t, 'deputy');
    const milo = await visitor(t, 'milo');
    const steps: Array<[string, Parameters<ReturnType<typeof audit>['record']>[1]]> = [
      ['chief@news.example', { action: 'user.update', target: { type: 'user', id: milo.userId, label: 'milo' }, changes: {} }],
      ['deputy@news.example', { action: 'user.gift', target: { type: 'user', id: milo.userId, label: 'milo' } }],
      ['chief@news.example', { action: 'team.create', target: { type: 'team', id: 7, label: 'Metro Desk' } }],
      ['chief@news.example', { action: 'team.update', target: { type: 'team', id: 7, label: 'Metro Desk' } }],
      ['deputy@news.example', { action: 'team.update', target: { type: 'team', id: 8, label: 'Night Desk' } }],
    ];
    for (const [email, entry] of steps) {
      t.clock.advance(HOUR_MS);
      await audit().record(await actorOf(email), entry);
    }
    return { chief, deputy, milo };
  }
  const summary = (entries: AuditEntry[]) => entries.map((e) => `${e.adminUsername} ${e.action} ${e.targetId ?? ''}`.trim());

  it('lists newest first, filtered by admin, action and target, alone or together', async () => {
    const { chief, deputy, milo } = await history();
    expect(summary((await audit().list(everyRow, page())).items)).toEqual([
      'deputy team.update 8',
      'chief team.update 7',
      'chief team.create 7',
      'deputy user.gift ' + milo.userId,
      'chief user.update ' + milo.userId,
      'deputy admin.sign_in',
      'chief admin.sign_in',
    ]);
    const filtered = async (filter: Partial<AuditFilter>) => summary((await audit().list({ ...everyRow, ...filter }, page())).items);
    expect(await filtered({ adminId: deputy.id })).toEqual([
      'deputy team.update 8',
      `deputy user.gift ${milo.userId}`,
      'deputy admin.sign_in',
    ]);
    expect(await filtered({ action: 'team.update' })).toEqual(['deputy team.update 8', 'chief team.update 7']);
    expect(await filtered({ targetType: 'team' })).toEqual(['deputy team.update 8', 'chief team.update 7', 'chief team.create 7']);
    expect(await filtered({ targetType: 'team', targetId: 7 })).toEqual(['chief team.update 7', 'chief team.create 7']);
    expect(await filtered({ targetType: 'user', targetId: milo.userId, adminId: chief.id })).toEqual([`chief user.update ${milo.userId}`]);
    expect(await filtered({ adminId: chief.id, action: 'user.gift' })).toEqual([]);
    // A team and a user may share an id; the type keeps them apart.
    expect(await filtered({ targetType: 'user', targetId: 7 })).toEqual([]);

    expect(await audit().admins()).toEqual([
      { id: chief.id, username: 'chief' },
      { id: deputy.id, username: 'deputy' },
    ]);
    expect((await audit().list(everyRow, page())).items[0]!.createdAt).toBe('2026-03-02T14:00:00.000Z');
  });

  it('pages with a keyset cursor: no row twice, none skipped, even when rows arrive between pages', async () => {
    await history();
    const first = await audit().list(everyRow, page(3));
    expect(summary(first.items)).toHaveLength(3);
    expect(first.nextCursor).toBe(String(first.items.at(-1)!.id));

    // A new row lands on top; the next page still continues where the first ended.
    await audit().record(await actorOf('chief@news.example'), { action: 'user.create' });
    const second = await audit().list(everyRow, page(3, first.nextCursor));
    const third = await audit().list(everyRow, page(3, second.nextCursor));
    expect(third.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items, ...third.items].map((e) => e.id);
    expect(new Set(seen).size).toBe(7);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));

    const filtered = await audit().list({ ...everyRow, action: 'team.update' }, page(1));
    expect(summary(filtered.items)).toEqual(['deputy team.update 8']);
    expect(summary((await audit().list({ ...everyRow, action: 'team.update' }, page(1, filtered.nextCursor))).items)).toEqual([
      'chief team.update 7',
    ]);
  });
});

describe('the CSV export', () => {
  it('has a header row, quotes commas, quotes and line breaks, and neutralises cells a spreadsheet would run', async () => {
    t = createTestApp();
    await signedInAdmin(t);
    const actor = await actorOf('chief@news.example', '192.0.2.7');
    const labels = [
      'Metro Desk, "East"',
      'two\r\nlines',
      '=HYPERLINK("http://evil.example","click")',
      '+1+2',
      '-2+3',
      '@SUM(A1:A2)',
      '\tindented',
      'plain',
    ];
    for (const [i, label] of labels.entries()) {
      await audit().record(actor, { action: 'team.update', target: { type: 'team', id: i + 1, label } });
    }
    await audit().record(actor, {
      action: 'user.update',
      target: { type: 'user', id: 99, label: 'x' },
      changes: { plan: { before: '=1', after: 'a,b' } },
    });

    const csv = await audit().csv(everyRow);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([
      'id',
      'createdAt',
      'adminId',
      'adminUsername',
      'action',
      'targetType',
      'targetId',
      'targetLabel',
      'ip',
      'changes',
      'relatedId',
      'field',
      'from',
      'to',
    ]);
    expect(rows.slice(1).every((r) => r.length === 14)).toBe(true);
    const [changed, ...teamRows] = rows.slice(1, -1);
    expect(changed).toEqual([
      expect.any(String),
      '2026-03-02T09:00:00.000Z',
      String(actor.user.id),
      'chief',
      'user.update',
      'user',
      '99',
      'x',
      '192.0.2.7',
      JSON.stringify({ plan: { before: '=1', after: 'a,b' } }),
      '',
      'Plan',
      "'=1",
      'a,b',
    ]);
    expect(teamRows.map((r) => r[7])).toEqual([
      'plain',
      "'\tindented",
      "'@SUM(A1:A2)",
      "'-2+3",
      "'+1+2",
      `'=HYPERLINK("http://evil.example","click")`,
      'two\r\nlines',
      'Metro Desk, "East"',
    ]);
    expect(rows.at(-1)).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
      'chief',
      'admin.sign_in',
      '',
      '',
      '',
      expect.any(String),
      '{}',
      '',
      '',
      '',
      '',
    ]);
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of row) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);

    expect(parseCsv(await audit().csv({ ...everyRow, targetType: 'user' }))).toHaveLength(2);
  });

  it('writes one row per changed field, in words, each repeating the entry', async () => {
    t = createTestApp();
    await signedInAdmin(t);
    const actor = await actorOf('chief@news.example');
    await audit().record(actor, {
      action: 'user.update',
      target: { type: 'user', id: 7, label: 'nora <nora@news.example>' },
      changes: {
        subscriptionStatus: { before: 'inactive', after: 'active' },
        isAdmin: { before: false, after: true },
        subscriptionPlan: { before: null, after: 'professional' },
        renewalNote: { before: 'x', after: 'y' },
      },
    });

    const rows = parseCsv(await audit().csv({ ...everyRow, action: 'user.update' }));
    expect(rows.slice(1).map((r) => r.slice(-3))).toEqual([
      ['Subscription', 'inactive', 'active'],
      ['Admin', 'no', 'yes'],
      ['Plan', 'none', 'Professional Editor'],
      ['Renewal note', 'x', 'y'],
    ]);
    // The entry's own columns, the JSON of every change included, repeat on each of its rows.
    expect(new Set(rows.slice(1).map((r) => r.slice(0, 11).join('|'))).size).toBe(1);
    expect(rows[1]![4]).toBe('user.update');
  });

  it.skipIf(SQLITE_INTERNALS)('holds no password or hash, after accounts are created, edited and signed in', async () => {
    t = createTestApp();
    const chief = await signedInAdmin(t);
    const api = t.caller({ token: chief.token }).api;
    const quinn = await api.admin.users.create({
      username: 'quinn',
      email: 'quinn@news.example',
      password: 'secret-quinn-1',
      isAdmin: true,
    });
    await api.admin.users.update({ id: quinn.id, username: 'quinn', email: 'quinn@wire.example', isAdmin: true });
    await login(t, 'quinn@wire.example', 'secret-quinn-1');
    const hashes = t.sqliteClient().prepare('SELECT password_hash AS h FROM users').all() as Array<{ h: string }>;

    const exported = (await audit().csv(everyRow)) + JSON.stringify(await audit().list(everyRow, page()));
    expect((await auditRows(t)).map((r) => r.action)).toEqual([
      'admin.sign_in',
      'user.create',
      'user.update',
      'user.email_change_notice',
      'admin.sign_in',
      'account.sign_in',
    ]);
    for (const secret of [PASSWORD, 'secret-quinn-1', ...hashes.map((r) => r.h)]) expect(exported).not.toContain(secret);
    expect(exported).not.toMatch(/argon2|password/i);
  });
});
