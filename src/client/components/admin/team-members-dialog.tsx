import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Mail, RefreshCw, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { planDisplayName } from '~/shared/plan';
import type { AdminTeam } from '~/shared/schemas/admin';
import type { Invitation, TeamMember } from '~/shared/schemas/team';
import { statusLabel, useResendAsAdmin } from '../../lib/admin';
import { formatLongDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../button';
import { Badge, statusTone } from '../card';
import { TeamRoleBadge } from '../team-role-badge';
import { AdminDialog } from './admin-dialog';
import { EmptyLine, FailedLine, LoadingLine } from './list-status';

/** Open while `team` is set; its members and invitations are fetched only then. */
export function TeamMembersDialog({ team, onClose }: { team: AdminTeam | null; onClose: () => void }) {
  return (
    <AdminDialog
      open={team !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Team Members & Invitations"
      description={team ? `${team.name} · Seats: ${team.usedSeats} / ${team.maxSeats}` : undefined}
      wide
    >
      {team && <MembersAndInvitations team={team} />}
      <div className="mt-6 flex justify-end">
        <Dialog.Close asChild>
          <Button variant="outline">Close</Button>
        </Dialog.Close>
      </div>
    </AdminDialog>
  );
}

function MembersAndInvitations({ team }: { team: AdminTeam }) {
  // Read afresh at every opening: people join, decline and leave outside the console.
  const members = useQuery({ ...trpc.admin.teams.members.queryOptions({ id: team.id }), staleTime: 0, refetchOnMount: 'always' });
  const invitations = useQuery({ ...trpc.admin.teams.invitations.queryOptions({ id: team.id }), staleTime: 0, refetchOnMount: 'always' });
  const pending = invitations.data?.filter((i) => i.status === 'pending').length ?? 0;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Column
        titleId="admin-members-title"
        title="Members"
        count={members.data?.length}
        icon={<Users aria-hidden="true" className="size-4" />}
      >
        <Listed query={members} loading="Loading members..." failure="We could not load the members." empty="No members" label="Members">
          {(member) => <MemberItem key={member.id} member={member} />}
        </Listed>
      </Column>
      <Column
        titleId="admin-invitations-title"
        title="Invitations"
        count={invitations.data?.length}
        note={invitations.data ? `${pending} pending` : undefined}
        icon={<Mail aria-hidden="true" className="size-4" />}
      >
        <Listed
          query={invitations}
          loading="Loading invitations..."
          failure="We could not load the invitations."
          empty="No invitations sent yet"
          label="Invitations"
        >
          {(invitation) => <InvitationItem key={invitation.id} teamId={team.id} invitation={invitation} />}
        </Listed>
      </Column>
    </div>
  );
}

function Column({
  titleId,
  title,
  count,
  note,
  icon,
  children,
}: {
  titleId: string;
  title: string;
  count?: number;
  note?: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <h3 id={titleId} className="mb-3 flex items-center gap-2 text-base text-slate-900">
        {icon}
        {title}
        {count !== undefined && <span className="font-normal text-slate-500"> ({count})</span>}
        {note && <span className="ml-auto text-xs font-normal text-slate-500">{note}</span>}
      </h3>
      {children}
    </section>
  );
}

function Listed<T>({
  query,
  loading,
  failure,
  empty,
  label,
  children,
}: {
  query: UseQueryResult<T[], unknown>;
  loading: string;
  failure: string;
  empty: string;
  label: string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingLine>{loading}</LoadingLine>;
  if (query.isError) return <FailedLine error={query.error} fallback={failure} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyLine>{empty}</EmptyLine>;
  return (
    <ul aria-label={label} className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
      {query.data.map(children)}
    </ul>
  );
}

function MemberItem({ member }: { member: TeamMember }) {
  const status = statusLabel(member.subscriptionStatus);
  return (
    <li className="px-3 py-2.5">
      <p className="flex flex-wrap items-center gap-2">
        <span className="truncate font-medium text-slate-900">{member.username}</span>
        <TeamRoleBadge role={member.role} />
      </p>
      <p className="truncate text-sm text-slate-600">{member.email}</p>
      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
        <span>Joined {formatLongDate(member.createdAt) ?? ''}</span>
        <Badge>{member.subscriptionPlan ? planDisplayName(member.subscriptionPlan) : 'No plan'}</Badge>
        <Badge tone={statusTone(status)}>{status}</Badge>
      </p>
    </li>
  );
}

function InvitationItem({ teamId, invitation }: { teamId: number; invitation: Invitation }) {
  const resend = useResendAsAdmin();
  const updated = invitation.updatedAt !== invitation.createdAt ? formatLongDate(invitation.updatedAt) : null;
  return (
    <li className="flex items-start justify-between gap-3 px-3 py-2.5">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-900">{invitation.email}</span>
          <Badge tone={invitation.status === 'pending' ? 'amber' : invitation.status === 'accepted' ? 'green' : 'neutral'}>
            {invitation.status}
          </Badge>
        </p>
        <p className="mt-1 text-xs text-slate-500">Sent {formatLongDate(invitation.createdAt) ?? ''}</p>
        <p className="text-xs text-slate-500">Expires {formatLongDate(invitation.expiresAt) ?? ''}</p>
        {updated && <p className="text-xs text-slate-500">Updated {updated}</p>}
      </div>
      {invitation.status === 'pending' && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Resend invitation to ${invitation.email}`}
          loading={resend.isPending}
          onClick={() => resend.mutate({ id: teamId, invitationId: invitation.id })}
        >
          {!resend.isPending && <RefreshCw aria-hidden="true" className="size-4" />}
          Resend
        </Button>
      )}
    </li>
  );
}
