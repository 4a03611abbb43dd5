import { createRoute } from '@tanstack/react-router';
import { titleHead } from '../lib/page-title';
import { trpc } from '../lib/trpc';
import { authedLayout } from './layouts';

export const stylebookRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/stylebook',
  head: titleHead('Stylebook'),
  loader: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(trpc.stylebook.list.queryOptions({ search: '' }));
  },
}).lazy(() => import('./stylebook-page').then((m) => m.stylebookLazyRoute));
