import { createRouter } from '@tanstack/react-router';
import { NotFound } from './components/not-found';
import { PageSpinner } from './components/spinner';
import { queryClient } from './lib/trpc';
import { acceptInvitationRoute } from './routes/accept-invitation';
import { adminRoute } from './routes/admin';
import { authRoute } from './routes/auth';
import { chatRoute } from './routes/chat';
import { contactRoute } from './routes/contact';
import { forgotPasswordRoute } from './routes/forgot-password';
import { landingRoute } from './routes/index';
import { authedLayout, subscribedLayout } from './routes/layouts';
import { resetPasswordRoute } from './routes/reset-password';
import { rootRoute } from './routes/root';
import { settingsRoute } from './routes/settings';
import { subscribeRoute } from './routes/subscribe';
import { successRoute } from './routes/success';
import { teamRoute } from './routes/team';

const routeTree = rootRoute.addChildren([
  landingRoute,
  authRoute,
  contactRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  acceptInvitationRoute,
  authedLayout.addChildren([subscribeRoute, successRoute, settingsRoute, teamRoute, adminRoute, subscribedLayout.addChildren([chatRoute])]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Guards read the query cache, so the router keeps no second copy of loader data.
  defaultPreloadStaleTime: 0,
  defaultPendingMs: 150,
  defaultPendingMinMs: 200,
  defaultPendingComponent: PageSpinner,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
