import {
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  verifyEmailInput,
} from '../../shared/schemas/auth';
import { knownDeviceCookie } from '../services/auth/known-devices';
import { toPublicUser } from '../services/users';
import type { Context } from '../trpc/context';
import { clearSessionCookie, setSessionCookie } from '../trpc/cookies';
import { authedProcedure, publicProcedure, router, sessionProcedure } from '../trpc/init';

const rememberDevice = (ctx: Context, value: string) => ctx.setCookie(knownDeviceCookie(value, ctx.config.secureCookies));

export const authRouter = router({
  me: authedProcedure.query(({ ctx }) => toPublicUser(ctx.user)),

  // What the browser asks on every page: null for a visitor, so a signed-out page load logs no failed request.
  // `me` keeps its 401, which GET /api/user answers by contract.
  session: publicProcedure.query(({ ctx }) => (ctx.user && ctx.session ? toPublicUser(ctx.user) : null)),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const { user, token, session, knownDevice } = await ctx.services.accounts.register(input, ctx);
    setSessionCookie(ctx, token, session);
    rememberDevice(ctx, knownDevice);
    return toPublicUser(user);
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { user, token, session, knownDevice } = await ctx.services.accounts.login(input, ctx, ctx.session?.id);
    setSessionCookie(ctx, token, session);
    rememberDevice(ctx, knownDevice);
    return toPublicUser(user);
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.services.accounts.logout(ctx.session?.id);
    clearSessionCookie(ctx);
    return { success: true as const };
  }),

  changePassword: sessionProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const { message, knownDevice } = await ctx.services.accounts.changePassword(ctx.user.id, ctx.session.id, input, ctx);
    rememberDevice(ctx, knownDevice);
    return { message };
  }),

  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .mutation(({ ctx, input }) => ctx.services.accounts.forgotPassword(input.email, ctx)),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    const { message, knownDevice } = await ctx.services.accounts.resetPassword(input.token, input.newPassword, ctx);
    rememberDevice(ctx, knownDevice);
    return { message };
  }),

  /** The link in the verification e-mail; needs no session, since the token proves the mailbox. */
  verifyEmail: publicProcedure
    .input(verifyEmailInput)
    .mutation(async ({ ctx, input }) => toPublicUser(await ctx.services.verification.verify(input.token))),

  resendVerification: authedProcedure.mutation(({ ctx }) => ctx.services.verification.resend(ctx.user)),
});
