import {
  createTeamInput,
  declineInvitationInput,
  invitationTokenInput,
  inviteInput,
  memberRoleInput,
  teamItemInput,
} from '../../shared/schemas/team';
import { authedProcedure, publicProcedure, router } from '../trpc/init';
import { teamSubscriptionProcedures } from './team-subscription';

/** Exported as an object so team billing's procedures can join the same `team` router. */
export const teamProcedures = {
  get: authedProcedure.query(({ ctx }) => ctx.services.teams.get(ctx.user)),
  members: authedProcedure.query(({ ctx }) => ctx.services.teams.members(ctx.user)),
  invitations: authedProcedure.query(({ ctx }) => ctx.services.teams.invitations(ctx.user)),
  create: authedProcedure.input(createTeamInput).mutation(({ ctx, input }) => ctx.services.teams.create(ctx.user, input.name)),
  invite: authedProcedure.input(inviteInput).mutation(({ ctx, input }) => ctx.services.teams.invite(ctx.user, input.email)),
  resendInvitation: authedProcedure.input(teamItemInput).mutation(({ ctx, input }) => ctx.services.teams.resend(ctx.user, input.id)),
  copyInvitationLink: authedProcedure.input(teamItemInput).mutation(({ ctx, input }) => ctx.services.teams.copyLink(ctx.user, input.id)),
  cancelInvitation: authedProcedure.input(teamItemInput).mutation(({ ctx, input }) => ctx.services.teams.cancel(ctx.user, input.id)),
  removeMember: authedProcedure.input(teamItemInput).mutation(({ ctx, input }) => ctx.services.teams.removeMember(ctx.user, input.id)),
  setMemberRole: authedProcedure
    .input(memberRoleInput)
    .mutation(({ ctx, input }) => ctx.services.teams.setMemberRole(ctx.user, input.id, input.role)),
  leave: authedProcedure.mutation(({ ctx }) => ctx.services.teams.leave(ctx.user)),
  transferOwnership: authedProcedure.input(teamItemInput).mutation(async ({ ctx, input }) => {
    const team = await ctx.services.teams.transferOwnership(ctx.user, input.id);
    // The team's Stripe customer now e-mails its receipts to the new owner.
    await ctx.services.billing.syncCustomers(null, await ctx.services.teams.find(team.id));
    return team;
  }),
  pendingInvitations: authedProcedure.query(({ ctx }) => ctx.services.teams.pending(ctx.user)),
  invitationByToken: publicProcedure.input(invitationTokenInput).query(({ ctx, input }) => ctx.services.teams.preview(input.token)),
  acceptInvitation: authedProcedure.input(invitationTokenInput).mutation(async ({ ctx, input }) => {
    const accepted = await ctx.services.teams.accept(ctx.user, input.token);
    // One coverage at a time: joining an active team ends the invitee's own plan, and says so.
    const personalPlan = await ctx.services.billing.endPersonalPlanForCoverage(ctx.user.id);
    return { ...accepted, ...(personalPlan ? { personalPlan } : {}) };
  }),
  declineInvitation: authedProcedure
    .input(declineInvitationInput)
    .mutation(({ ctx, input }) => ctx.services.teams.decline(ctx.user, input.idOrToken)),
};

export const teamRouter = router({ ...teamProcedures, ...teamSubscriptionProcedures });
