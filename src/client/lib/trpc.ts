import { createTRPCClient, httpBatchLink, httpBatchStreamLink, splitLink } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '~/server/routers';
import { TRPC_MAX_BATCH } from '~/shared/limits';
import { createQueryClient } from './query-client';

export const queryClient = createQueryClient();

/** What each procedure answers, as the server's router declares it. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

const includeCookies = (url: URL | RequestInfo, options?: RequestInit) => fetch(url, { ...options, credentials: 'include' });

/** Procedures that answer with a stream (the editor's reply, piece by piece). */
const STREAMING = new Set(['chat.send']);

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => STREAMING.has(op.path),
      // A reply streams alone, so stopping it aborts only its own request.
      true: httpBatchStreamLink({ url: '/trpc', maxItems: 1, transformer: superjson, fetch: includeCookies }),
      false: httpBatchLink({
        url: '/trpc',
        // The server refuses larger batches.
        maxItems: TRPC_MAX_BATCH,
        transformer: superjson,
        fetch: includeCookies,
      }),
    }),
  ],
});

/** A single-page app has one client, so the options proxy is a module singleton usable in loaders too. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
