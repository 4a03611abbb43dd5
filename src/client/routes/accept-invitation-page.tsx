import { useQuery } from '@tanstack/react-query';
import { createLazyRoute, getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { CheckCircle2, MailWarning, MailX, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { TEAM_MESSAGES } from '~/shared/schemas/team';
import { AuthShell } from '../components/auth-shell';
import { Button, buttonClasses } from '../components/button';
import { PageSpinner } from '../components/spinner';
import { httpStatusOf, serverMessage } from '../lib/errors';
import { formatLongDate } from '../lib/format';
import { saveRedirectAfterLogin } from '../lib/redirect-after-login';
import { userQueryOptions } from '../lib/session';
import { useAcceptInvitation, useDeclineInvitation } from '../lib/team';
import { trpc } from '../lib/trpc';

export const acceptInvitationLazyRoute = createLazyRoute('/accept-invitation')({ component: AcceptInvitationPage });

const routeApi = getRouteApi('/accept-invitation');

function AcceptInvitationPage() {
  const { token } = routeApi.useSearch();
  if (!token) return <InvalidInvitation reason="This invitation link is missing its token." />;
  return <Invitation token={token} />;
}

function Invitation({ token }: { token: string }) {
  const user = useQuery(userQueryOptions());
  // Always asked afresh: the invitation may have been used, cancelled or resent since.
  const invitation = useQuery({ ...trpc.team.invitationByToken.queryOptions({ token }), staleTime: 0 });
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();

  if (invitation.isPending || user.isPending) return <PageSpinner label="Loading invitation" />;
  if (invitation.isError) {
    const status = httpStatusOf(invitation.error);
    if (status === 404 || status === 400) return <InvalidInvitation reason={TEAM_MESSAGES.invalidInvitation} signedIn={!!user.data} />;
    return (
      <Shell icon={<MailX aria-hidden="true" className="mx-auto size-10 text-slate-400" />} title="Team Invitation">
        <p role="alert" className="mt-2 text-sm text-slate-600">
          {serverMessage(invitation.error, 'We could not load this invitation. Check your connection and try again.')}
        </p>
        <Button className="mt-6" onClick={() => void invitation.refetch()}>
          Try again
        </Button>
      </Shell>
    );
  }

  const { status, teamName, inviterName, email, expiresAt, hasAccount } = invitation.data;
  const signedIn = user.data ?? null;
  if (status === 'replaced') return <ReplacedInvitation teamName={teamName} email={email} signedIn={!!signedIn} />;
  if (status === 'accepted') return <AcceptedInvitation teamName={teamName} email={email} />;
  const busy = accept.isPending || decline.isPending;
  return (
    <Shell icon={<UserPlus aria-hidden="true" className="mx-auto size-10 text-brand-600" />} title="Team Invitation">
      <p className="mt-2 text-slate-700">
        <strong className="font-semibold">{inviterName}</strong> invited you to join <strong className="font-semibold">{teamName}</strong>{' '}
        on Copydesk.
      </p>
      <p className="mt-1 text-sm text-slate-500">
        Sent to {email}
        {formatLongDate(expiresAt) ? `, valid until ${formatLongDate(expiresAt)}` : ''}.
      </p>
      {signedIn ? (
        <>
          {signedIn.email.toLowerCase() !== email.toLowerCase() && (
            <p role="note" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              You are signed in as {signedIn.email}. Only {email} can accept this invitation.
            </p>
          )}
          <div className="mt-6 flex flex-col gap-2">
            <Button variant="brand" size="lg" loading={accept.isPending} disabled={busy} onClick={() => accept.mutate({ token })}>
              Accept Invitation
            </Button>
            <Button
              variant="outline"
              loading={decline.isPending}
              disabled={busy}
              onClick={() => decline.mutate({ idOrToken: token }, { onSuccess: () => void navigate({ to: '/' }) })}
            >
              Decline & Go Home
            </Button>
            <Link to="/team" className={buttonClasses('ghost', 'md')}>
              Go to Team Dashboard
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600">
            {hasAccount
              ? `Log in as ${email} to accept. You will come back here afterwards.`
              : `${email} has no Copydesk account yet. Create one on the next page to accept; you will come back here afterwards.`}
          </p>
          <Button
            className="mt-6 w-full"
            size="lg"
            onClick={() => {
              saveRedirectAfterLogin();
              void navigate({ to: '/auth' });
            }}
          >
            Log in to accept
          </Button>
        </>
      )}
    </Shell>
  );
}

const DESTINATIONS = {
  home: { to: '/', label: 'Go Home' },
  team: { to: '/team', label: 'Go to Team Dashboard' },
} as const;

/** An invitation link that cannot be answered: why, what to do, and where to go next (the first link leads). */
function Outcome(o: { icon: ReactNode; title: string; reason: string; advice: ReactNode; links: Array<keyof typeof DESTINATIONS> }) {
  return (
    <Shell icon={o.icon} title={o.title}>
      <p className="mt-2 text-sm text-slate-600">{o.reason}</p>
      <p className="mt-1 text-sm text-slate-600">{o.advice}</p>
      <div className="mt-6 flex flex-col gap-2">
        {o.links.map((key, i) => (
          <Link key={key} to={DESTINATIONS[key].to} className={buttonClasses(i === 0 ? 'primary' : 'ghost', 'md')}>
            {DESTINATIONS[key].label}
          </Link>
        ))}
      </div>
    </Shell>
  );
}

/** A link a resend or a copied link superseded: the newer e-mail holds the one that works. */
function ReplacedInvitation({ teamName, email, signedIn }: { teamName: string; email: string; signedIn: boolean }) {
  return (
    <Outcome
      icon={<MailWarning aria-hidden="true" className="mx-auto size-10 text-amber-500" />}
      title="Invitation Replaced"
      reason={TEAM_MESSAGES.invitationReplaced}
      advice={`Look for the most recent email inviting ${email} to join ${teamName}.`}
      links={signedIn ? ['home', 'team'] : ['home']}
    />
  );
}

function AcceptedInvitation({ teamName, email }: { teamName: string; email: string }) {
  return (
    <Outcome
      icon={<CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-emerald-600" />}
      title="Invitation Already Accepted"
      reason={TEAM_MESSAGES.invitationAccepted}
      advice={`${email} joined ${teamName} with it. If that was you, the team dashboard lists the members and the subscription.`}
      links={['team', 'home']}
    />
  );
}

function InvalidInvitation({ reason, signedIn }: { reason: string; signedIn?: boolean }) {
  return (
    <Outcome
      icon={<MailX aria-hidden="true" className="mx-auto size-10 text-slate-400" />}
      title="Invalid Invitation"
      reason={reason}
      advice="Ask your team owner to send you a new invitation."
      links={signedIn ? ['home', 'team'] : ['home']}
    />
  );
}

function Shell({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <AuthShell>
      <div className="text-center">
        {icon}
        <h1 className="mt-4 text-2xl">{title}</h1>
        {children}
      </div>
    </AuthShell>
  );
}
