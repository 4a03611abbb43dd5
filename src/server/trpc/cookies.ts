import type { SessionRow } from '../../../db/schema';
import { blankSessionCookie, sessionCookie } from '../services/auth/sessions';
import type { Context } from './context';

export function setSessionCookie(ctx: Context, token: string, session: SessionRow) {
  ctx.resHeaders.append('Set-Cookie', sessionCookie(token, session, ctx.config.secureCookies, ctx.clock()));
}

export function clearSessionCookie(ctx: Context) {
  ctx.resHeaders.append('Set-Cookie', blankSessionCookie(ctx.config.secureCookies));
}
