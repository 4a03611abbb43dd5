import { trpc } from './trpc';

/** Kept apart from the subscribe flow so the landing page can ask for it without the flow's zod schemas. */
export function billingConfigQueryOptions() {
  return trpc.subscription.config.queryOptions();
}
