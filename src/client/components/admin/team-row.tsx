import { CirclePause, CirclePlay, Pencil, Trash2, UserPlus, Users } from 'lucide-react';
import { planDisplayName } from '~/shared/plan';
import type { AdminTeam } from '~/shared/schemas/admin';
import { statusLabel, teamStatusToggleTitle } from '../../lib/admin';
import { formatLongDate } from '../../lib/format';
import { Badge, statusTone } from '../card';
import { IconAction } from './icon-action';

export type TeamAction = 'status' | 'invite' | 'members' | 'edit' | 'delete';

export function TeamRow({ team, onAction }: { team: AdminTeam; onAction: (action: TeamAction) => void }) {
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
        {/* The spec's title stays the tooltip word for word; the accessible name adds the team. */}
        <IconAction
          title={teamStatusToggleTitle(team.subscriptionStatus)}
          label={`${teamStatusToggleTitle(team.subscriptionStatus)} for ${team.name}`}
          danger={active}
          onClick={() => onAction('status')}
        >
          {active ? <CirclePause aria-hidden="true" className="size-4" /> : <CirclePlay aria-hidden="true" className="size-4" />}
        </IconAction>
        <IconAction title="Invite member" label={`Invite member to ${team.name}`} onClick={() => onAction('invite')}>
          <UserPlus aria-hidden="true" className="size-4" />
        </IconAction>
        <IconAction
          title="Manage members and invitations"
          label={`Manage members and invitations of ${team.name}`}
          onClick={() => onAction('members')}
        >
          <Users aria-hidden="true" className="size-4" />
        </IconAction>
        <IconAction title="Edit team" label={`Edit team ${team.name}`} onClick={() => onAction('edit')}>
          <Pencil aria-hidden="true" className="size-4" />
        </IconAction>
        <IconAction title="Delete team" label={`Delete team ${team.name}`} danger onClick={() => onAction('delete')}>
          <Trash2 aria-hidden="true" className="size-4" />
        </IconAction>
      </div>
    </li>
  );
}
