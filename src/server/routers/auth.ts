import {
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
} from '../../shared/schemas/auth';
import { toPublicUser } from '../services/users';
import { clearSessionCookie, setSessionCookie } from '../trpc/cookies';
import { authedProcedure, publicProcedure, router } from '../trpc/init';

export const authRouter = router({
  me: authedProcedure.query(({ ctx }) => toPublicUser(ctx.user)),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const { user, token, session } = await ctx.services.accounts.register(input);
    setSessionCookie(ctx, token, session);
    return toPublicUser(user);
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { user, token, session } = await ctx.services.accounts.login(input, ctx.ip, ctx.session?.id);
    setSessionCookie(ctx, token, session);
    return toPublicUser(user);
  }),

  logout: publicProcedure.mutation(({ ctx }) => {
    ctx.services.accounts.logout(ctx.session?.id);
    clearSessionCookie(ctx);
    return { success: true as const };
  }),

  changePassword: authedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => ctx.services.accounts.changePassword(ctx.user.id, ctx.session.id, input)),

  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .mutation(({ ctx, input }) => ctx.services.accounts.forgotPassword(input.email)),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => ctx.services.accounts.resetPassword(input.token, input.newPassword)),
});
