import { Gift, KeyRound, Pencil, ShieldCheck, Trash2, Users } from 'lucide-react';
import { hasOwnSubscription } from '~/shared/access';
import { planDisplayName } from '~/shared/plan';
import type { AdminUser, AdminUserTeam } from '~/shared/schemas/admin';
import { canGift, statusLabel, useSendPasswordReset } from '../../lib/admin';
import { Badge, statusTone } from '../card';
import { IconAction } from './icon-action';

export function UserRow({
  user,
  apiTokens,
  team,
  onGift,
  onEdit,
  onDelete,
}: {
  user: AdminUser;
  /** The user's team, once read: a member of an active team is shown as covered by it. */
  team: AdminUserTeam | null;
  /** How many API tokens the user holds, once counted; admins never see the tokens. */
  apiTokens: number | undefined;
  onGift: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const reset = useSendPasswordReset();
  const status = statusLabel(user.subscriptionStatus);
  // A member of an active team is covered by it: that, not their own `inactive`, is their plan.
  const coveredBy = team?.subscriptionStatus === 'active' && !hasOwnSubscription(user) ? team : null;
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-900">{user.username}</span>
          {user.isAdmin && (
            <Badge tone="brand">
              <ShieldCheck aria-hidden="true" className="mr-1 size-3" />
              Admin
            </Badge>
          )}
        </p>
        <p className="truncate text-sm text-slate-600">{user.email}</p>
        {team && (
          <p className="mt-0.5 flex items-center gap-1 truncate text-xs text-slate-600">
            <Users aria-hidden="true" className="size-3 shrink-0" />
            <span className="sr-only">Team:</span>
            <span className="truncate">{team.name}</span>
          </p>
        )}
        <p className="mt-1.5 flex flex-wrap gap-1.5">
          {coveredBy ? (
            <>
              <Badge tone="green">Covered by {coveredBy.name}</Badge>
              {coveredBy.subscriptionPlan && <Badge>{planDisplayName(coveredBy.subscriptionPlan)}</Badge>}
            </>
          ) : (
            <>
              <Badge tone={statusTone(status)}>{status}</Badge>
              {user.subscriptionPlan && <Badge>{planDisplayName(user.subscriptionPlan)}</Badge>}
            </>
          )}
          {!user.emailVerified && <Badge tone="amber">Unverified email</Badge>}
          {!!apiTokens && <Badge>{apiTokens === 1 ? '1 API token' : `${apiTokens} API tokens`}</Badge>}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-0.5">
        {canGift(user) && (
          <IconAction title="Gift subscription" label={`Gift subscription to ${user.username}`} onClick={onGift}>
            <Gift aria-hidden="true" className="size-4" />
          </IconAction>
        )}
        <IconAction
          title="Send password reset"
          label={`Send password reset to ${user.username}`}
          pending={reset.isPending}
          onClick={() => reset.mutate({ id: user.id })}
        >
          <KeyRound aria-hidden="true" className="size-4" />
        </IconAction>
        <IconAction title="Edit user" label={`Edit user ${user.username}`} onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
        </IconAction>
        <IconAction title="Delete user" label={`Delete user ${user.username}`} danger onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" />
        </IconAction>
      </div>
    </li>
  );
}
