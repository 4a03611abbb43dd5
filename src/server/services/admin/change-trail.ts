import { and, desc, eq, gte } from 'drizzle-orm';
import type { AuditLogRow, UserRow } from '../../../../db/schema';
import { LIMITS } from '../../../shared/limits';
import type { AuditAction, AuditChanges } from '../../../shared/schemas/admin';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import type { AuditService } from './audit';

/** How an audit row names a user account. */
export const userTarget = (u: Pick<UserRow, 'id' | 'username' | 'email'>) => ({
  type: 'user' as const,
  id: u.id,
  label: `${u.username} <${u.email}>`,
});

/** Audit rows of the admin's user edits scanned for the latest address change. */
const SCAN = 20;

/**
 * What happens to an account after an admin set its address: for LIMITS.adminChangeWatchMs the
 * account's own resets and its first sign-in are written to the audit log, linked to the change,
 * so a takeover through a changed address cannot pass unseen.
 */
export function createAdminChangeTrail(db: DB, clock: Clock, audit: AuditService) {
  const { auditLog } = db.tables;
  /** The audit row of the admin's latest change of this account's address, while it is watched. */
  async function watchedChange(user: UserRow): Promise<AuditLogRow | undefined> {
    const at = user.emailChangedByAdminAt;
    if (!at || clock().getTime() - at.getTime() > LIMITS.adminChangeWatchMs) return undefined;
    const rows = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'user.update'),
          eq(auditLog.targetType, 'user'),
          eq(auditLog.targetId, user.id),
          gte(auditLog.createdAt, at),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(SCAN);
    return rows.find((row) => 'email' in (JSON.parse(row.changes) as AuditChanges));
  }

  return {
    watchedChange,

    /** Writes `action`, done by the account itself, when it follows a watched admin change. */
    async record(user: UserRow, ip: string, action: AuditAction, changes?: AuditChanges): Promise<void> {
      const change = await watchedChange(user);
      if (change) await audit.record({ user, ip }, { action, target: userTarget(user), changes, relatedId: change.id });
    },

    /** The first sign-in after a watched admin change, once. */
    async recordSignIn(user: UserRow, ip: string): Promise<void> {
      const change = await watchedChange(user);
      if (!change) return;
      const [seen] = await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.relatedId, change.id), eq(auditLog.action, 'account.sign_in')))
        .limit(1);
      if (!seen) await audit.record({ user, ip }, { action: 'account.sign_in', target: userTarget(user), relatedId: change.id });
    },
  };
}

export type AdminChangeTrail = ReturnType<typeof createAdminChangeTrail>;
