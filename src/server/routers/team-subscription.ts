import { createSubscriptionInput } from '../../shared/schemas/subscription';
import { changeSeatsInput, seatChangePreviewInput } from '../../shared/schemas/team-seats';
import { authedProcedure } from '../trpc/init';

/** The owner's Subscribe Now and Manage Subscription; spread into the `team` router. */
export const teamSubscriptionProcedures = {
  subscribe: authedProcedure
    .input(createSubscriptionInput)
    .mutation(({ ctx, input }) => ctx.services.billing.subscribeTeam(ctx.user, input.promoCode, ctx.ip)),

  subscription: authedProcedure.query(({ ctx }) => ctx.services.billing.teamSubscription(ctx.user, `${ctx.config.appUrl}/team`)),

  seatChangePreview: authedProcedure
    .input(seatChangePreviewInput)
    .query(({ ctx, input }) => ctx.services.teamSeats.preview(ctx.user, input.seats)),

  changeSeats: authedProcedure
    .input(changeSeatsInput)
    .mutation(({ ctx, input }) => ctx.services.teamSeats.change({ user: ctx.user, ip: ctx.ip }, input.seats, input.prorationDate)),
};
