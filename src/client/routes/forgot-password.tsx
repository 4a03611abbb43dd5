import { createRoute } from '@tanstack/react-router';
import { titleHead } from '../lib/page-title';
import { rootRoute } from './root';

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  head: titleHead('Forgot password'),
}).lazy(() => import('./forgot-password-page').then((m) => m.forgotPasswordLazyRoute));
