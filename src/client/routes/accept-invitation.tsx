import { createRoute } from '@tanstack/react-router';
import { titleHead } from '../lib/page-title';
import { rootRoute } from './root';

export const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accept-invitation',
  head: titleHead('Accept invitation'),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
}).lazy(() => import('./accept-invitation-page').then((m) => m.acceptInvitationLazyRoute));
