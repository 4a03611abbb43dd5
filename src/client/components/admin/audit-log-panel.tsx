import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction, type AuditFilter } from '~/shared/schemas/admin';
import { AUDIT_ACTION_LABELS, auditCsvUrl, auditPagesQuery, useSettledSearch } from '../../lib/admin';
import { trpc } from '../../lib/trpc';
import { buttonClasses } from '../button';
import { Field, Input } from '../form-field';
import { AuditEntryRow } from './audit-entry-row';
import { PagedList } from './paged-list';
import { Panel } from './panel';
import { Select } from './select';

const ANY = '';

/** The audit log, newest first, narrowed by admin, action and target, and exportable as CSV with the same filters. */
export function AuditLogPanel() {
  const [adminId, setAdminId] = useState(ANY);
  const [action, setAction] = useState(ANY);
  const [targetType, setTargetType] = useState(ANY);
  const [targetIdText, setTargetIdText] = useState('');
  const targetId = useSettledSearch(targetIdText.trim());

  const filter: AuditFilter = {
    adminId: adminId ? Number(adminId) : undefined,
    action: action ? (action as AuditAction) : undefined,
    targetType: targetType === 'user' || targetType === 'team' ? targetType : undefined,
    targetId: /^\d{1,15}$/.test(targetId) && Number(targetId) > 0 ? Number(targetId) : undefined,
  };
  const admins = useQuery(trpc.admin.audit.admins.queryOptions());
  const query = useInfiniteQuery({ ...auditPagesQuery(filter), placeholderData: keepPreviousData });
  const filtered = Object.values(filter).some((v) => v !== undefined);

  return (
    <Panel
      title="Audit log"
      titleId="admin-audit-title"
      icon={<ScrollText aria-hidden="true" className="size-5" />}
      busy={query.isPlaceholderData}
      action={
        <a href={auditCsvUrl(filter)} download className={buttonClasses('outline', 'sm')}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      }
    >
      <p className="-mt-2 mb-4 text-sm text-slate-500">Every change made here and every admin sign-in, newest first.</p>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Admin">
          {(c) => (
            <Select {...c} value={adminId} onChange={(e) => setAdminId(e.target.value)}>
              <option value={ANY}>All admins</option>
              {admins.data?.map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {a.username}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Action">
          {(c) => (
            <Select {...c} value={action} onChange={(e) => setAction(e.target.value)}>
              <option value={ANY}>All actions</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {AUDIT_ACTION_LABELS[a]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Target">
          {(c) => (
            <Select {...c} value={targetType} onChange={(e) => setTargetType(e.target.value)}>
              <option value={ANY}>Users and teams</option>
              <option value="user">Users</option>
              <option value="team">Teams</option>
            </Select>
          )}
        </Field>
        <Field label="Target ID">
          {(c) => (
            <Input
              {...c}
              inputMode="numeric"
              placeholder="Any"
              value={targetIdText}
              onChange={(e) => setTargetIdText(e.target.value.replace(/\D/g, ''))}
            />
          )}
        </Field>
      </div>
      <PagedList
        query={query}
        label="Audit log entries"
        loading="Loading audit log..."
        failure="We could not load the audit log."
        empty={filtered ? 'No entries match these filters' : 'No admin actions recorded yet'}
      >
        {(entry) => <AuditEntryRow key={entry.id} entry={entry} />}
      </PagedList>
    </Panel>
  );
}
