import { createRoute, redirect } from '@tanstack/react-router';
import { paymentReturnSearch, successPageStart } from '../lib/payment-return';
import { authedLayout } from './layouts';

export const successRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/success',
  validateSearch: paymentReturnSearch,
  beforeLoad: ({ context, search, location }) => {
    const start = successPageStart(context.user, { pathname: location.pathname, search });
    if (start === 'chat') throw redirect({ to: '/chat' });
    if (start === 'subscribe') throw redirect({ to: '/subscribe' });
  },
}).lazy(() => import('./success-page').then((m) => m.successLazyRoute));
