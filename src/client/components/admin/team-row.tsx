import { CirclePause, CirclePlay, Pencil, Trash2, UserPlus, Users } from 'lucide-react';
import { planDisplayName } from '~/shared/plan';
import type { AdminTeam } from '~/shared/schemas/admin';
import { nextTeamStatus, statusLabel, teamStatusToggleTitle, useSetTeamStatus } from '../../lib/admin';
import { formatLongDate } from '../../lib/format';
import { Badge, statusTone } from '../card';
import { IconAction } from './icon-action';

export type TeamAction = 'invite' | 'members' | 'edit' | 'delete';

export function TeamRow({ team, onAction }: { team: AdminTeam; onAction: (action: TeamAction) => void }) {
  const setStatus = useSetTeamStatus();
  const status = statusLabel(team.subscriptionStatus);
  const active = team.subscriptionStatus === 'active';
  return (
    <li className="px-4 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-900">{team.name}</span>
          <Badge tone={statusTone(status)}>{status}</Badge>
          {team.subscriptionPlan && <Badge>{planDisplayName(team.subscriptionPlan)}</Badge>}
        </p>
        <p className="truncate text-sm text-slate-600">Owner: {team.ownerUsername}</p>
        <p className="text-sm text-slate-600">
          Seats: {team.usedSeats} / {team.maxSeats}
        </p>
        <p className="text-xs text-slate-500">Created {formatLongDate(team.createdAt) ?? ''}</p>
      </div>
      <div className="mt-2 -ml-2 flex flex-wrap gap-0.5">
        <IconAction
          title={teamStatusToggleTitle(team.subscriptionStatus)}
          pending={setStatus.isPending}
          danger={active}
          onClick={() => setStatus.mutate({ id: team.id, subscriptionStatus: nextTeamStatus(team.subscriptionStatus) })}
        >
          {active ? <CirclePause aria-hidden="true" className="size-4" /> : <CirclePlay aria-hidden="true" className="size-4" />}
        </IconAction>
        <IconAction title="Invite member" onClick={() => onAction('invite')}>
          <UserPlus aria-hidden="true" className="size-4" />
        </IconAction>
        <IconAction title="Manage members and invitations" onClick={() => onAction('members')}>
          <Users aria-hidden="true" className="size-4" />
        </IconAction>
        <IconAction title="Edit team" onClick={() => onAction('edit')}>
          <Pencil aria-hidden="true" className="size-4" />
        </IconAction>
        <IconAction title="Delete team" danger onClick={() => onAction('delete')}>
          <Trash2 aria-hidden="true" className="size-4" />
        </IconAction>
      </div>
    </li>
  );
}
