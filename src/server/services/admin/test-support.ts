import { asc, eq } from 'drizzle-orm';
import type { UserRow } from '../../../../db/schema';
import type { AuditEntry } from '../../../shared/schemas/admin';
import type { TestApp } from '../../test-app';
import { login, PASSWORD } from '../../test-http';
import { toAuditEntry } from './audit';

export interface SignedInAdmin {
  token: string;
  id: number;
  username: string;
  email: string;
}

/** An admin made as the operator makes one (`create-admin`), then signed in through POST /api/login. */
export async function signedInAdmin(t: TestApp, name = 'chief', o: { ip?: string } = {}): Promise<SignedInAdmin> {
  const email = `${name}@news.example`;
  const { user } = await t.services.users.ensureAdmin(email, PASSWORD);
  const { res, token } = await login(t, email, PASSWORD, o.ip ? { headers: { 'x-forwarded-for': o.ip } } : {});
  if (res.status !== 200 || !token) throw new Error(`admin login ${name}: ${res.status} ${await res.text()}`);
  return { token, id: user.id, username: user.username, email };
}

/** The account as stored now, or undefined once it is gone. */
export async function userRowOf(t: TestApp, email: string): Promise<UserRow | undefined> {
  const { users } = t.db.tables;
  return (await t.db.select().from(users).where(eq(users.email, email)).limit(1))[0];
}

/** Every audit row, oldest first, read straight from the table. */
export async function auditRows(t: TestApp): Promise<AuditEntry[]> {
  const { auditLog } = t.db.tables;
  const rows = await t.db.select().from(auditLog).orderBy(asc(auditLog.id));
  return rows.map(toAuditEntry);
}

/** The audit rows written while `action` ran. */
export async function auditRowsWrittenBy(t: TestApp, action: () => Promise<unknown>): Promise<AuditEntry[]> {
  const before = (await auditRows(t)).length;
  await action();
  return (await auditRows(t)).slice(before);
}
