import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { errorDetails } from '../errors';
import { API_TOKEN_MESSAGES } from '../../shared/schemas/api-tokens';
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

/**
 * A signed-in user, by session or by API token. A token's scope is held here, per call: `read`
 * makes queries only, `write` mutations too, and only `admin` reaches admin procedures.
 */
export const authedProcedure = t.procedure.use(({ ctx, type, next }) => {
  if (!ctx.user || (!ctx.session && !ctx.apiToken)) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  if (ctx.apiToken?.scope === 'read' && type !== 'query')
    throw new TRPCError({ code: 'FORBIDDEN', message: API_TOKEN_MESSAGES.outOfScope });
  return next({ ctx: { user: ctx.user } });
});

/** What only a person signed in in the browser may do: change the password, manage API tokens. */
export const sessionProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: 'FORBIDDEN', message: API_TOKEN_MESSAGES.sessionOnly });
  return next({ ctx: { session: ctx.session } });
});

export const subscribedProcedure = authedProcedure.use(async ({ ctx, next }) => {
  await ctx.services.access.assertEditorAccess(ctx.user);
  return next({ ctx });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin access required' });
  if (ctx.apiToken && ctx.apiToken.scope !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: API_TOKEN_MESSAGES.outOfScope });
  return next({ ctx });
});
