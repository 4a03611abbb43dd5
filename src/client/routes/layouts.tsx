import { useQuery } from '@tanstack/react-query';
import { createRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PageSpinner } from '../components/spinner';
import { resolveEditorAccess } from '../lib/access';
import { isSigningOut } from '../lib/auth';
import { ensureUser, userQueryOptions } from '../lib/session';
import { rootRoute } from './root';

/** The one login guard: every page under it needs a signed-in user. */
export const authedLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authed',
  beforeLoad: async ({ context }) => {
    const user = await ensureUser(context.queryClient);
    if (!user) throw redirect({ to: '/auth' });
    return { user };
  },
  pendingComponent: PageSpinner,
  component: AuthedOutlet,
});

/** A session that ends while a page is open (password changed or reset elsewhere) leads back to /auth. */
function AuthedOutlet() {
  const { data: user } = useQuery(userQueryOptions());
  const navigate = useNavigate();
  useEffect(() => {
    if (user === null && !isSigningOut()) void navigate({ to: '/auth' });
  }, [user, navigate]);
  return <Outlet />;
}

/** The one subscription guard: own active/trialing plan or an active team, else /subscribe. */
export const subscribedLayout = createRoute({
  getParentRoute: () => authedLayout,
  id: 'subscribed',
  beforeLoad: async ({ context }) => {
    if (!(await resolveEditorAccess(context.queryClient, context.user))) throw redirect({ to: '/subscribe' });
  },
  pendingComponent: PageSpinner,
}).lazy(() => import('./subscribed-layout').then((m) => m.subscribedLazyLayout));
