import {
  adminCreateTeamInput,
  adminCreateUserInput,
  adminInviteInput,
  adminListInput,
  adminResendInput,
  adminTeamRefInput,
  adminTeamSubscriptionInput,
  adminUpdateTeamInput,
  adminUpdateUserInput,
  adminUserIdsInput,
  adminUserRefInput,
  auditListInput,
  ownerChoicesInput,
} from '../../shared/schemas/admin';
import type { Actor } from '../services/admin';
import type { Context } from '../trpc/context';
import { adminProcedure, router } from '../trpc/init';

const actor = (ctx: Pick<Context, 'ip'> & { user: Actor['user'] }): Actor => ({ user: ctx.user, ip: ctx.ip });

const usersRouter = router({
  list: adminProcedure.input(adminListInput).query(({ ctx, input }) => ctx.services.admin.users.list(input)),
  apiTokenCounts: adminProcedure.input(adminUserIdsInput).query(({ ctx, input }) => ctx.services.admin.users.apiTokenCounts(input.ids)),
  teams: adminProcedure.input(adminUserIdsInput).query(({ ctx, input }) => ctx.services.admin.users.teams(input.ids)),
  ownerChoices: adminProcedure.input(ownerChoicesInput).query(({ ctx, input }) => ctx.services.admin.users.ownerChoices(input.search)),
  create: adminProcedure.input(adminCreateUserInput).mutation(({ ctx, input }) => ctx.services.admin.users.create(actor(ctx), input)),
  update: adminProcedure.input(adminUpdateUserInput).mutation(({ ctx, input }) => ctx.services.admin.users.update(actor(ctx), input)),
  delete: adminProcedure.input(adminUserRefInput).mutation(({ ctx, input }) => ctx.services.admin.users.delete(actor(ctx), input.id)),
  gift: adminProcedure.input(adminUserRefInput).mutation(({ ctx, input }) => ctx.services.admin.users.gift(actor(ctx), input.id)),
  sendPasswordReset: adminProcedure
    .input(adminUserRefInput)
    .mutation(({ ctx, input }) => ctx.services.admin.users.sendPasswordReset(actor(ctx), input.id)),
});

const teamsRouter = router({
  list: adminProcedure.input(adminListInput).query(({ ctx, input }) => ctx.services.admin.teams.list(input)),
  create: adminProcedure.input(adminCreateTeamInput).mutation(({ ctx, input }) => ctx.services.admin.teams.create(actor(ctx), input)),
  update: adminProcedure.input(adminUpdateTeamInput).mutation(({ ctx, input }) => ctx.services.admin.teams.update(actor(ctx), input)),
  delete: adminProcedure.input(adminTeamRefInput).mutation(({ ctx, input }) => ctx.services.admin.teams.delete(actor(ctx), input.id)),
  members: adminProcedure.input(adminTeamRefInput).query(({ ctx, input }) => ctx.services.admin.teams.members(input.id)),
  invitations: adminProcedure.input(adminTeamRefInput).query(({ ctx, input }) => ctx.services.admin.teams.invitations(input.id)),
  invite: adminProcedure
    .input(adminInviteInput)
    .mutation(({ ctx, input }) => ctx.services.admin.teams.invite(actor(ctx), input.id, input.email)),
  resendInvitation: adminProcedure
    .input(adminResendInput)
    .mutation(({ ctx, input }) => ctx.services.admin.teams.resendInvitation(actor(ctx), input.id, input.invitationId)),
  setSubscription: adminProcedure
    .input(adminTeamSubscriptionInput)
    .mutation(({ ctx, input }) => ctx.services.admin.teams.setSubscription(actor(ctx), input.id, input.subscriptionStatus)),
});

const auditRouter = router({
  list: adminProcedure.input(auditListInput).query(({ ctx, input }) => {
    const { cursor, limit, ...filter } = input;
    return ctx.services.admin.audit.list(filter, { cursor, limit });
  }),
  admins: adminProcedure.query(({ ctx }) => ctx.services.admin.audit.admins()),
  csv: adminProcedure.input(auditListInput).query(({ ctx, input }) => {
    const { cursor: _cursor, limit: _limit, ...filter } = input;
    return ctx.services.admin.audit.csv(filter);
  }),
});

/** Every procedure is an adminProcedure: 401 for a visitor, 403 for anyone not an admin on this request. */
export const adminRouter = router({ users: usersRouter, teams: teamsRouter, audit: auditRouter });
