import { createRoute, redirect } from '@tanstack/react-router';
import { titleHead } from '../lib/page-title';
import { toast } from '../lib/toast';
import { rootRoute } from './root';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  head: titleHead('Reset password'),
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  beforeLoad: ({ search, preload }) => {
    if (search.token) return;
    if (!preload) toast({ title: 'Invalid Link', description: 'Invalid reset token', variant: 'destructive' });
    throw redirect({ to: '/auth' });
  },
}).lazy(() => import('./reset-password-page').then((m) => m.resetPasswordLazyRoute));
