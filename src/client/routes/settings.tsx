import { createRoute } from '@tanstack/react-router';
import { authedLayout } from './layouts';

export const settingsRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/settings',
}).lazy(() => import('./settings-page').then((m) => m.settingsLazyRoute));
