import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { PageSpinner } from '../components/spinner';
import { resolveEditorAccess } from '../lib/access';
import { ensureUser } from '../lib/session';
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
  component: Outlet,
});

/** The one subscription guard: own active/trialing plan or an active team, else /subscribe. */
export const subscribedLayout = createRoute({
  getParentRoute: () => authedLayout,
  id: 'subscribed',
  beforeLoad: async ({ context }) => {
    if (!(await resolveEditorAccess(context.queryClient, context.user))) throw redirect({ to: '/subscribe' });
  },
  pendingComponent: PageSpinner,
  component: Outlet,
});
