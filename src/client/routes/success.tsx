import { createRoute, redirect } from '@tanstack/react-router';
import { titleHead } from '../lib/page-title';
import { paymentReturnSearch, successPageStart } from '../lib/payment-return';
import { authedLayout } from './layouts';

export const successRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/success',
  head: titleHead('Subscription'),
  validateSearch: paymentReturnSearch,
  beforeLoad: ({ context, search, location }) => {
    const start = successPageStart(context.user, { pathname: location.pathname, search });
    if (start === 'chat') throw redirect({ to: '/chat' });
    if (start === 'subscribe') throw redirect({ to: '/subscribe' });
  },
}).lazy(() => import('./success-page').then((m) => m.successLazyRoute));
