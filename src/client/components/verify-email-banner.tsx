import { MailWarning } from 'lucide-react';
import type { PublicUser } from '../lib/api-types';
import { VERIFICATION_MESSAGES } from '~/shared/verification';
import { useResendVerification } from '../lib/verification';
import { Button } from './button';

/**
 * Shown on every signed-in page until the account's address is verified. The page passes the user
 * it already holds: an observer of its own, mounted after the page's first answers, would ask again.
 */
export function VerifyEmailBanner({ user }: { user: Pick<PublicUser, 'email' | 'emailVerified'> }) {
  const resend = useResendVerification();
  if (user.emailVerified) return null;
  return (
    <section aria-label="Address verification" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-1">
        <MailWarning aria-hidden="true" className="size-4 shrink-0" />
        <p className="min-w-0 flex-1">
          {VERIFICATION_MESSAGES.banner} <span className="text-amber-800">({user.email})</span>
        </p>
        <Button variant="outline" size="sm" loading={resend.isPending} onClick={() => resend.mutate()}>
          Get a new link
        </Button>
      </div>
    </section>
  );
}
