import { apiTokenIdInput, createApiTokenInput } from '../../shared/schemas/api-tokens';
import { router, sessionProcedure } from '../trpc/init';

/** Settings' API tokens: made, listed and revoked only by the signed-in person, never by a token. */
export const apiTokensRouter = router({
  list: sessionProcedure.query(({ ctx }) => ctx.services.apiTokens.list(ctx.user.id)),

  /** The token is in this answer once; only its hash is kept. */
  create: sessionProcedure
    .input(createApiTokenInput)
    .mutation(({ ctx, input }) => ctx.services.apiTokens.create({ user: ctx.user, ip: ctx.ip }, input)),

  revoke: sessionProcedure.input(apiTokenIdInput).mutation(async ({ ctx, input }) => {
    await ctx.services.apiTokens.revoke({ user: ctx.user, ip: ctx.ip }, input.id);
    return { success: true as const };
  }),
});
