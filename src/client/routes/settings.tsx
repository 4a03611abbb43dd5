import { createRoute } from '@tanstack/react-router';
import { titleHead } from '../lib/page-title';
import { authedLayout } from './layouts';

export const settingsRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/settings',
  head: titleHead('Settings'),
}).lazy(() => import('./settings-page').then((m) => m.settingsLazyRoute));
