import { QueryClient } from '@tanstack/react-query';
import { isAuthError, isClientError } from './errors';

const QUERY_RETRIES = 3;
const MUTATION_RETRIES = 1;

export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

// Retrying a 4xx only repeats the refusal (and spends rate-limit budget), so only
// network failures and 5xx answers are retried. docs/decisions/002-client-does-not-retry-refusals.md
const retryUpTo = (max: number) => (failureCount: number, error: unknown) =>
  !isAuthError(error) && !isClientError(error) && failureCount < max;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: retryUpTo(QUERY_RETRIES),
        retryDelay,
      },
      mutations: {
        retry: retryUpTo(MUTATION_RETRIES),
        retryDelay,
      },
    },
  });
}
