import { PROFESSIONAL_PLAN } from '~/shared/plan';
import { ADMIN_LIMITS, type AdminUser } from '~/shared/schemas/admin';
import { statusLabel, useGiftSubscription } from '../../lib/admin';
import { ConfirmActionDialog, ConfirmTarget } from './confirm-action-dialog';

/** What a gift does to the account, said before it is given. */
export function giftConsequence(user: Pick<AdminUser, 'username' | 'subscriptionStatus'>): string {
  const gift = `${user.username} gets the ${PROFESSIONAL_PLAN.name} plan free for ${ADMIN_LIMITS.giftDays} days; it then ends on its own and is never charged.`;
  return user.subscriptionStatus === 'trialing' ? `${gift} Their trial ends now, without a charge.` : gift;
}

/** Open while `user` is set: asks before gifting them a subscription. */
export function GiftSubscriptionDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const gift = useGiftSubscription();
  return (
    <ConfirmActionDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Gift Subscription"
      confirmLabel="Gift Subscription"
      pending={gift.isPending}
      onConfirm={() => user && gift.mutate({ id: user.id }, { onSuccess: onClose })}
    >
      {user && (
        <>
          <ConfirmTarget>
            <span className="block font-medium text-slate-900">{user.username}</span>
            <span className="block">{user.email}</span>
            <span className="block">Subscription: {statusLabel(user.subscriptionStatus)} → active</span>
          </ConfirmTarget>
          <p>{giftConsequence(user)}</p>
        </>
      )}
    </ConfirmActionDialog>
  );
}
