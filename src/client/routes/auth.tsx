import { createRoute, redirect } from '@tanstack/react-router';
import { homeFor } from '../lib/access';
import { titleHead } from '../lib/page-title';
import { ensureUser } from '../lib/session';
import { rootRoute } from './root';

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  head: titleHead('Sign in'),
  beforeLoad: async ({ context }) => {
    const user = await ensureUser(context.queryClient);
    if (user) throw redirect({ to: await homeFor(context.queryClient, user) });
  },
}).lazy(() => import('./auth-page').then((m) => m.authLazyRoute));
