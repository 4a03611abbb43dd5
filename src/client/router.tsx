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
import { stylebookRoute } from './routes/stylebook';
import { subscribeRoute } from './routes/subscribe';
import { successRoute } from './routes/success';
import { teamRoute } from './routes/team';
import { verifyEmailRoute } from './routes/verify-email';

/** How long a page may take to load before its spinner shows. */
export const PENDING_MS = 150;

const routeTree = rootRoute.addChildren([
  landingRoute,
  authRoute,
  contactRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  acceptInvitationRoute,
  verifyEmailRoute,
  authedLayout.addChildren([
    subscribeRoute,
    successRoute,
    settingsRoute,
    teamRoute,
    stylebookRoute,
    adminRoute,
    subscribedLayout.addChildren([chatRoute]),
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Guards read the query cache, so the router keeps no second copy of loader data.
  defaultPreloadStaleTime: 0,
  defaultPendingMs: PENDING_MS,
  defaultPendingMinMs: 200,
  defaultPendingComponent: PageSpinner,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

// A page's code would otherwise start downloading only once the guards above it have asked the
// server who is signed in; the first page's is fetched at once, beside that question.
for (const match of router.matchRoutes(router.state.location)) {
  router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById])?.catch(() => {
    // The router asks again when it renders the page, and shows the error then.
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
