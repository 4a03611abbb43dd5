import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Mail, X } from 'lucide-react';
import { useState } from 'react';
import { VERIFICATION_MESSAGES } from '~/shared/verification';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { useAcceptInvitation, useDeclineInvitation } from '../lib/team';
import { useResendVerification } from '../lib/verification';
import { daysLeftLabel, invitationDaysLeft, isInvitationUrgent } from '../lib/team-display';
import { trpc } from '../lib/trpc';
import { Button, buttonClasses } from './button';
import { Badge } from './card';

/**
 * The invitations waiting for the signed-in user, one at a time: Accept joins
 * that team and opens the editor, Decline moves on to the next.
 */
export function PendingInvitationsDialog() {
  const pending = useQuery({ ...trpc.team.pendingInvitations.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const [declined, setDeclined] = useState<ReadonlySet<number>>(new Set());
  const [dismissed, setDismissed] = useState(false);
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const resend = useResendVerification();
  // The server accepts from this list only for a verified address; the e-mailed link works regardless.
  const verified = useSignedInUser().emailVerified;

  const waiting = (pending.data ?? []).filter((i) => !declined.has(i.id));
  const current = waiting[0];
  if (!current || dismissed) return null;
  // Declined ones drop out of the refetched list too, so count them apart.
  const total = declined.size + waiting.length;
  const position = declined.size + 1;
  const days = invitationDaysLeft(current.expiresAt, Date.now());
  const busy = accept.isPending || decline.isPending;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && setDismissed(true)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl animate-dialog-in">
          <div className="flex items-start justify-between gap-4">
            <div className="flex items-start gap-3">
              <span className="rounded-full bg-brand-50 p-2 text-brand-600 ring-1 ring-brand-200">
                <Mail aria-hidden="true" className="size-5" />
              </span>
              <div>
                <Dialog.Title>Team Invitation</Dialog.Title>
                {total > 1 && (
                  <p className="text-xs text-slate-500">
                    Invitation {position} of {total}
                  </p>
                )}
              </div>
            </div>
            <Dialog.Close className={buttonClasses('ghost', 'icon', 'size-8 text-slate-500')} aria-label="Close">
              <X aria-hidden="true" className="size-4" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-4 text-slate-700">
            <strong className="font-semibold">{current.inviterName}</strong> invited you to join{' '}
            <strong className="font-semibold">{current.teamName}</strong>. The team's subscription covers your access to the editor.
          </Dialog.Description>
          <p className="mt-3">
            <Badge tone={isInvitationUrgent(days) ? 'red' : 'neutral'}>{daysLeftLabel(days)}</Badge>
          </p>
          {!verified && (
            <div className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
              <p>{VERIFICATION_MESSAGES.invitationsNeedVerifiedAddress}</p>
              <Button variant="link" className="mt-1 text-amber-900" loading={resend.isPending} onClick={() => resend.mutate()}>
                Get a new link
              </Button>
            </div>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              loading={decline.isPending}
              disabled={busy}
              onClick={() => decline.mutate({ idOrToken: current.id }, { onSuccess: () => setDeclined((d) => new Set(d).add(current.id)) })}
            >
              Decline
            </Button>
            <Button
              variant="brand"
              loading={accept.isPending}
              disabled={busy || !verified}
              onClick={() => accept.mutate({ token: current.token })}
            >
              Accept
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
