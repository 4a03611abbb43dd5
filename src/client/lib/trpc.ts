import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '~/server/routers';
import { TRPC_MAX_BATCH } from '~/shared/limits';
import { createQueryClient } from './query-client';

export const queryClient = createQueryClient();

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      // The server refuses larger batches.
      maxItems: TRPC_MAX_BATCH,
      transformer: superjson,
      fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
    }),
  ],
});

/** A single-page app has one client, so the options proxy is a module singleton usable in loaders too. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
