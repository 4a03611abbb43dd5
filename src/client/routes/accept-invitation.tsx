import { createRoute, Link, useNavigate } from '@tanstack/react-router';
import { MailX, UserPlus } from 'lucide-react';
import { AuthShell } from '../components/auth-shell';
import { Button, buttonClasses } from '../components/button';
import { useCurrentUser } from '../lib/auth';
import { saveRedirectAfterLogin } from '../lib/redirect-after-login';
import { rootRoute } from './root';

export const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accept-invitation',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  component: AcceptInvitationPage,
});

function AcceptInvitationPage() {
  const { token } = acceptInvitationRoute.useSearch();
  const user = useCurrentUser();
  const navigate = useNavigate();

  if (!token) {
    return (
      <AuthShell>
        <div className="text-center">
          <MailX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
          <h1 className="mt-4 font-sans text-2xl font-semibold tracking-tight">Invalid Invitation</h1>
          <p className="mt-2 text-sm text-slate-600">This invitation link is missing its token. Ask your team owner to send it again.</p>
          <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
            Go Home
          </Link>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <div className="text-center">
        <UserPlus aria-hidden="true" className="mx-auto size-10 text-brand-600" />
        <h1 className="mt-4 font-sans text-2xl font-semibold tracking-tight">Team Invitation</h1>
        {user ? (
          <>
            <p className="mt-2 text-sm text-slate-600">You have been invited to join a team on Copydesk.</p>
            <Link to="/team" className={buttonClasses('primary', 'md', 'mt-6')}>
              Go to Team Dashboard
            </Link>
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-600">Log in to accept this invitation. You will come back here afterwards.</p>
            <Button
              className="mt-6"
              onClick={() => {
                saveRedirectAfterLogin();
                void navigate({ to: '/auth' });
              }}
            >
              Log in to accept
            </Button>
          </>
        )}
      </div>
    </AuthShell>
  );
}
