import { createRoute } from '@tanstack/react-router';
import { titleHead } from '../lib/page-title';
import { rootRoute } from './root';

export const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact',
  head: titleHead('Contact'),
}).lazy(() => import('./contact-page').then((m) => m.contactLazyRoute));
