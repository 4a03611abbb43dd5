import { createRoute } from '@tanstack/react-router';
import { titleHead } from '../lib/page-title';
import { rootRoute } from './root';

export const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  head: titleHead('Verify email'),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
}).lazy(() => import('./verify-email-page').then((m) => m.verifyEmailLazyRoute));
