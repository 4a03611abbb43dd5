import { createRoute } from '@tanstack/react-router';
import { titleHead } from '../lib/page-title';
import { rootRoute } from './root';

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  head: titleHead(null),
}).lazy(() => import('./landing-page').then((m) => m.landingLazyRoute));
