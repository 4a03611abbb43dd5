import { auditFieldLabel } from '~/shared/audit-words';
import type { AuditEntry } from '~/shared/schemas/admin';
import { AUDIT_ACTION_LABELS, auditValue } from '../../lib/admin';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../card';

const TARGET_NAMES = { user: 'User', team: 'Team' } as const;

/** One audited action: when, who, what, on which row, the fields it changed (in words), and from which address. */
export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes);
  return (
    <li className="px-4 py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex min-w-0 flex-wrap items-center gap-2">
          <Badge tone={entry.action.endsWith('delete') ? 'red' : 'neutral'}>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</Badge>
          {entry.targetType && (
            <span className="min-w-0 truncate text-slate-900">
              {TARGET_NAMES[entry.targetType]} #{entry.targetId}
              {entry.targetLabel && <span className="text-slate-600"> · {entry.targetLabel}</span>}
            </span>
          )}
        </p>
        <time dateTime={entry.createdAt} className="shrink-0 text-xs text-slate-500">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        Entry #{entry.id} · by <span className="font-medium text-slate-700">{entry.adminUsername}</span> from {entry.ip}
        {entry.relatedId != null && <> · follows entry #{entry.relatedId}</>}
      </p>
      {changes.length > 0 && (
        <dl className="mt-2 space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-xs">
          {changes.map(([field, change]) => (
            // Inline, so the line reads (and copies) as "Subscription: inactive → active".
            <div key={field} className="break-words">
              <dt className="inline font-medium text-slate-700">{auditFieldLabel(field)}:</dt>{' '}
              <dd className="inline text-slate-600">
                {auditValue(field, change.before)}{' '}
                <span role="img" aria-label="to">
                  →
                </span>{' '}
                <span className="text-slate-900">{auditValue(field, change.after)}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
