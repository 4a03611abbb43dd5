/**
 * Copydesk's typed client for scripts: `import { createCopydeskClient } from 'copydesk/client'`.
 * Every procedure of the server's router, with its input and output types, over /trpc with an API
 * token (Settings → API tokens); a change to the API is a compile error in the script.
 */
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '../server/routers';

export type { AppRouter };
export type CopydeskInputs = inferRouterInputs<AppRouter>;
export type CopydeskOutputs = inferRouterOutputs<AppRouter>;
export { TRPCClientError };

export interface CopydeskClientOptions {
  /** Where Copydesk is served, such as `https://copydesk.newsroom.example`. */
  baseUrl: string;
  /** An API token, `cdk_...`. */
  token: string;
  /** Replaces the global fetch (a proxy, a test). */
  fetch?: typeof fetch;
}

export function createCopydeskClient(o: CopydeskClientOptions) {
  if (!o.token.startsWith('cdk_')) throw new Error('An API token starts with cdk_ (Settings → API tokens)');
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${o.baseUrl.replace(/\/+$/, '')}/trpc`,
        transformer: superjson,
        // Queries go as POSTs too: a story to review does not fit in a URL.
        methodOverride: 'POST',
        headers: { authorization: `Bearer ${o.token}` },
        fetch: o.fetch,
      }),
    ],
  });
}

export type CopydeskClient = ReturnType<typeof createCopydeskClient>;

/** The status and message of a failed call, as scripts report them. */
export function describeFailure(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    return status ? `${status}: ${error.message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
