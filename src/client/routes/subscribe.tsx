import { createRoute, redirect } from '@tanstack/react-router';
import { hasOwnSubscription } from '~/shared/access';
import { authedLayout } from './layouts';

export const subscribeRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/subscribe',
  beforeLoad: ({ context }) => {
    if (hasOwnSubscription(context.user)) throw redirect({ to: '/chat' });
  },
}).lazy(() => import('./subscribe-page').then((m) => m.subscribeLazyRoute));
