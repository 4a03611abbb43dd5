import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
}).lazy(() => import('./landing-page').then((m) => m.landingLazyRoute));
