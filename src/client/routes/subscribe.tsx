import { createRoute, redirect } from '@tanstack/react-router';
import { hasOwnSubscription } from '~/shared/access';
import { titleHead } from '../lib/page-title';
import { authedLayout } from './layouts';

export const subscribeRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/subscribe',
  head: titleHead('Subscribe'),
  beforeLoad: ({ context }) => {
    if (hasOwnSubscription(context.user)) throw redirect({ to: '/chat' });
  },
}).lazy(() => import('./subscribe-page').then((m) => m.subscribeLazyRoute));
