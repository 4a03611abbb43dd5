import { createSubscriptionInput, validatePromoInput } from '../../shared/schemas/subscription';
import { toPublicUser } from '../services/users';
import { authedProcedure, publicProcedure, router } from '../trpc/init';
import { z } from 'zod';

export const subscriptionRouter = router({
  config: publicProcedure.query(({ ctx }) => ctx.services.billing.clientConfig()),

  validatePromoCode: authedProcedure
    .input(validatePromoInput)
    .mutation(({ ctx, input }) => ctx.services.billing.validatePromo(ctx.user, input.promoCode, ctx.ip)),

  create: authedProcedure
    .input(createSubscriptionInput)
    .mutation(({ ctx, input }) => ctx.services.billing.create(ctx.user, input.promoCode, ctx.ip)),

  activate: authedProcedure.mutation(async ({ ctx }) => {
    await ctx.services.billing.activate(ctx.user);
    return toPublicUser((await ctx.services.users.findById(ctx.user.id))!);
  }),

  cancel: authedProcedure.mutation(async ({ ctx }) => {
    await ctx.services.billing.cancel(ctx.user);
    const accessUntil = (await ctx.services.users.findById(ctx.user.id))!.subscriptionRenewalDate?.toISOString() ?? null;
    // A script reads the day from the message; the browser words accessUntil in its reader's locale.
    const message = accessUntil ? `Subscription cancelled. You keep access until ${accessUntil.slice(0, 10)}.` : 'Subscription cancelled.';
    return { message, accessUntil };
  }),

  webhook: publicProcedure
    .input(z.object({ payload: z.string().max(1024 * 1024), signature: z.string().min(1, 'Missing signature').max(4096) }))
    .mutation(({ ctx, input }) => ctx.services.billing.handleWebhook(input.payload, input.signature)),
});
