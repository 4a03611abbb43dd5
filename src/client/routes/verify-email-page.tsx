import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createLazyRoute, getRouteApi, Link } from '@tanstack/react-router';
import { MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { VERIFICATION_MESSAGES } from '~/shared/verification';
import { AuthDone, AuthShell } from '../components/auth-shell';
import { Button, buttonClasses } from '../components/button';
import { PageSpinner } from '../components/spinner';
import { serverMessage } from '../lib/errors';
import { setCachedUser, userQueryOptions } from '../lib/session';
import { trpc } from '../lib/trpc';
import { useResendVerification } from '../lib/verification';

export const verifyEmailLazyRoute = createLazyRoute('/verify-email')({ component: VerifyEmailPage });

const routeApi = getRouteApi('/verify-email');

/** Opened from the verification e-mail: the token proves the mailbox, signed in or not. */
function VerifyEmailPage() {
  const { token } = routeApi.useSearch();
  const queryClient = useQueryClient();
  const signedIn = useQuery(userQueryOptions()).data ?? null;
  const verify = useMutation({
    ...trpc.auth.verifyEmail.mutationOptions(),
    onSuccess: (user) => {
      const current = queryClient.getQueryData(userQueryOptions().queryKey);
      if (current?.id === user.id) setCachedUser(queryClient, user);
    },
  });
  const asked = useRef(false);
  useEffect(() => {
    // Once per visit: a second call with the same token would only find it spent.
    if (!token || asked.current) return;
    asked.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  if (token && (verify.isIdle || verify.isPending)) return <PageSpinner label="Verifying your email address" />;

  if (verify.isSuccess) {
    return (
      <AuthDone
        title="Email Verified"
        next={signedIn ? { to: '/chat', label: 'Continue to the editor' } : { to: '/auth', label: 'Continue to Login' }}
      >
        {VERIFICATION_MESSAGES.verified}: {verify.data.email}.
      </AuthDone>
    );
  }

  const reason = token ? serverMessage(verify.error, VERIFICATION_MESSAGES.invalidToken) : VERIFICATION_MESSAGES.invalidToken;
  return (
    <AuthShell>
      <div className="text-center">
        <MailX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
        <h1 className="mt-4 text-2xl">Invalid Link</h1>
        <p role="alert" className="mt-3 text-sm text-slate-600">
          {reason}. Links work once and for 24 hours.
        </p>
        {signedIn ? (
          signedIn.emailVerified ? (
            <Link to="/chat" className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
              Continue to the editor
            </Link>
          ) : (
            <ResendButton />
          )
        ) : (
          <Link to="/auth" className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
            Log in to send a new link
          </Link>
        )}
      </div>
    </AuthShell>
  );
}

function ResendButton() {
  const resend = useResendVerification();
  return (
    <Button size="lg" className="mt-6 w-full" loading={resend.isPending} onClick={() => resend.mutate()}>
      Get a new link
    </Button>
  );
}
