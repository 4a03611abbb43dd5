import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { errorDetails } from '../errors';
import type { Context } from './context';

/** The message a client may see: the first zod message for bad input, nothing internal for a 500. */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? 'Invalid input';
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Internal server error';
  return error.message;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      message: publicMessage(error),
      data: {
        ...shape.data,
        stack: undefined,
        details: errorDetails(error),
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure;

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

export const subscribedProcedure = authedProcedure.use(async ({ ctx, next }) => {
  await ctx.services.access.assertEditorAccess(ctx.user);
  return next({ ctx });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin access required' });
  return next({ ctx });
});
