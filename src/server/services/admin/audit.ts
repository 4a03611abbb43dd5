import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditLogRow, UserRow } from '../../../../db/schema';
import {
  ADMIN_LIMITS,
  type AuditAction,
  type AuditChanges,
  type AuditEntry,
  type AuditFilter,
  type AuditTargetType,
} from '../../../shared/schemas/admin';
import { auditChangeWords } from '../../../shared/audit-words';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { keysetPage } from '../keyset-page';

/** Who acted, and from where: every admin call carries it. */
export interface Actor {
  user: UserRow;
  ip: string;
}

export interface AuditTarget {
  type: AuditTargetType;
  id: number;
  label: string;
}

export interface AuditRecord {
  action: AuditAction;
  target?: AuditTarget;
  changes?: AuditChanges;
  /** The admin change this entry follows from. */
  relatedId?: number;
}

type Writer = Pick<DB, 'insert'>;

/** Before and after for each of `keys` whose value differs (dates compared and shown as ISO strings). */
export function changedFields<T extends object>(before: T | null, after: T | null, keys: readonly (keyof T & string)[]): AuditChanges {
  const show = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
  const changes: AuditChanges = {};
  for (const key of keys) {
    const was = show(before?.[key]);
    const now = show(after?.[key]);
    if (was !== now) changes[key] = { before: was, after: now };
  }
  return changes;
}

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    adminId: row.adminId,
    adminUsername: row.adminUsername,
    action: row.action as AuditAction,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    changes: JSON.parse(row.changes) as AuditChanges,
    ip: row.ip,
    relatedId: row.relatedId,
    createdAt: row.createdAt.toISOString(),
  };
}

const CSV_COLUMNS = [
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
] as const;

/** After the entry's own columns, one changed field per row, in words. */
const CHANGE_COLUMNS = ['field', 'from', 'to'] as const;

/** An entry's rows: one per changed field, or one with the change columns empty when it changed none. */
function csvRows(entry: AuditEntry): string[] {
  const common = CSV_COLUMNS.map((c) => csvCell(entry[c]));
  const words = auditChangeWords(entry.changes);
  if (words.length === 0) return [[...common, '', '', ''].join(',')];
  return words.map((w) => [...common, csvCell(w.label), csvCell(w.from), csvCell(w.to)].join(','));
}

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula is prefixed with a quote. */
function csvCell(value: unknown): string {
  let text = value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function createAuditService(db: DB, clock: Clock) {
  const { auditLog } = db.tables;
  const where = (filter: AuditFilter, beforeId?: number | null) =>
    and(
      filter.adminId != null ? eq(auditLog.adminId, filter.adminId) : undefined,
      filter.action ? eq(auditLog.action, filter.action) : undefined,
      filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
      filter.targetId != null ? eq(auditLog.targetId, filter.targetId) : undefined,
      beforeId != null ? lt(auditLog.id, beforeId) : undefined,
    );

  return {
    /** Pass the transaction that makes the change, so the change and its row land together. Answers the row's id. */
    async record(actor: Actor, entry: AuditRecord, writer: Writer = db): Promise<number> {
      const [row] = await writer
        .insert(auditLog)
        .values({
          adminId: actor.user.id,
          adminUsername: actor.user.username,
          action: entry.action,
          targetType: entry.target?.type ?? null,
          targetId: entry.target?.id ?? null,
          targetLabel: entry.target?.label ?? null,
          changes: JSON.stringify(entry.changes ?? {}),
          ip: actor.ip,
          relatedId: entry.relatedId ?? null,
          createdAt: clock(),
        })
        .returning({ id: auditLog.id });
      return row!.id;
    },

    /** Newest first. */
    async list(filter: AuditFilter, page: { cursor: string | null; limit: number }) {
      const rows = await db
        .select()
        .from(auditLog)
        .where(where(filter, page.cursor ? Number(page.cursor) : null))
        .orderBy(desc(auditLog.id))
        .limit(page.limit + 1);
      return keysetPage(rows, page.limit, toAuditEntry, (r) => String(r.id));
    },

    /** The admins who appear in the log, for the filter. */
    admins(): Promise<Array<{ id: number; username: string }>> {
      return db.selectDistinct({ id: auditLog.adminId, username: auditLog.adminUsername }).from(auditLog).orderBy(auditLog.adminUsername);
    },

    /** Newest first, at most ADMIN_LIMITS.auditExportMax entries, each as many rows as it changed fields. */
    async csv(filter: AuditFilter): Promise<string> {
      const rows = (
        await db.select().from(auditLog).where(where(filter)).orderBy(desc(auditLog.id)).limit(ADMIN_LIMITS.auditExportMax)
      ).map(toAuditEntry);
      const lines = [[...CSV_COLUMNS, ...CHANGE_COLUMNS].join(',')];
      for (const entry of rows) lines.push(...csvRows(entry));
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
