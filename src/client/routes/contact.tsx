import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root';

export const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact',
}).lazy(() => import('./contact-page').then((m) => m.contactLazyRoute));
