import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

export type OnDemandResolver<S extends z.$ZodType<FieldValues, FieldValues>> = Resolver<z.input<S>, unknown, z.output<S>> & {
  /** Starts loading the schema; call it when the user first reaches the form. */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose zod schema is imported only when it is first needed:
 * zod is a quarter of a public page's JavaScript, and a form can be shown before it arrives.
 * docs/decisions/017-pages-load-their-own-code.md
 */
export function zodResolverOnDemand<S extends z.$ZodType<FieldValues, FieldValues>>(load: () => Promise<S>): OnDemandResolver<S> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  const ready = () =>
    (resolver ??= load().then(
      (schema) => zodResolver(schema),
      (error: unknown) => {
        // A failed download is tried again on the next submit.
        resolver = undefined;
        throw error;
      },
    ));
  const resolve: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, options) => (await ready())(values, context, options);
  return Object.assign(resolve, {
    preload: () => {
      void ready();
    },
  });
}
