import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { PublicUser } from './api-types';
import { userQueryOptions } from './session';

/**
 * The user on a page behind the login guard. The guard already proved a user
 * exists; the query keeps it fresh, and the guard's copy bridges the moment
 * between logout clearing the cache and the page being left.
 */
export function useSignedInUser(): PublicUser {
  const { user } = useRouteContext({ from: '/authed' });
  const { data } = useQuery(userQueryOptions());
  return data ?? user;
}
