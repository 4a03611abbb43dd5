import { Gift, KeyRound, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { planDisplayName } from '~/shared/plan';
import type { AdminUser } from '~/shared/schemas/admin';
import { canGift, statusLabel, useSendPasswordReset } from '../../lib/admin';
import { Badge, statusTone } from '../card';
import { IconAction } from './icon-action';

export function UserRow({
  user,
  apiTokens,
  onGift,
  onEdit,
  onDelete,
}: {
  user: AdminUser;
  /** How many API tokens the user holds, once counted; admins never see the tokens. */
  apiTokens: number | undefined;
  onGift: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const reset = useSendPasswordReset();
  const status = statusLabel(user.subscriptionStatus);
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
        <p className="mt-1.5 flex flex-wrap gap-1.5">
          <Badge tone={statusTone(status)}>{status}</Badge>
          {user.subscriptionPlan && <Badge>{planDisplayName(user.subscriptionPlan)}</Badge>}
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
