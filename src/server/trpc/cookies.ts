import type { SessionRow } from '../../../db/schema';
import { blankSessionCookie, sessionCookie } from '../services/auth/sessions';
import type { Context } from './context';

export function setSessionCookie(ctx: Context, token: string, session: SessionRow) {
  ctx.setCookie(sessionCookie(token, session, ctx.config.secureCookies, ctx.clock()));
}

export function clearSessionCookie(ctx: Context) {
  ctx.setCookie(blankSessionCookie(ctx.config.secureCookies));
}
