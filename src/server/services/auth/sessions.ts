import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { SessionRow, UserRow } from '../../../../db/schema';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { prepared } from '../../database/prepared';
import { DAY_MS } from '../../../shared/limits';
import { hashToken, hashesEqual, randomToken } from './tokens';

export const SESSION_COOKIE = 'copydesk_session';
/** "Remember me" sessions live 30 days; others are browser-session cookies backed by a 1-day server expiry. */
export const REMEMBER_MS = 30 * DAY_MS;
export const BROWSER_SESSION_MS = DAY_MS;

export interface SessionWithToken {
  session: SessionRow;
  token: string;
}

export interface ValidatedSession {
  session: SessionRow;
  user: UserRow;
  /** True when the expiry slid forward and the cookie must be re-sent. */
  refreshed: boolean;
}

const lifetime = (rememberMe: boolean) => (rememberMe ? REMEMBER_MS : BROWSER_SESSION_MS);

/**
 * Sessions after Lucia's design: the token is `id.secret`; only SHA-256(secret)
 * is stored, compared in constant time; expiry slides forward once half is used.
 */
export function createSessionService(db: DB, clock: Clock) {
  const { sessions, users } = db.tables;
  // Every signed-in request looks its session up.
  const sessionWithUser = prepared(
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1),
    'session_with_user',
  );
  return {
    async create(userId: number, rememberMe: boolean): Promise<SessionWithToken> {
      const id = randomToken(15);
      const secret = randomToken(20);
      const now = clock();
      const session: SessionRow = {
        id,
        userId,
        secretHash: hashToken(secret),
        rememberMe,
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetime(rememberMe)),
      };
      await db.insert(sessions).values(session);
      return { session, token: `${id}.${secret}` };
    },

    async validate(token: string | undefined): Promise<ValidatedSession | null> {
      if (!token) return null;
      const dot = token.indexOf('.');
      if (dot <= 0 || token.length > 200) return null;
      const id = token.slice(0, dot);
      const secret = token.slice(dot + 1);
      const [row] = await sessionWithUser.execute({ id });
      if (!row) return null;
      const { session, user } = row;
      if (!hashesEqual(hashToken(secret), session.secretHash)) return null;
      const now = clock().getTime();
      if (now >= session.expiresAt.getTime()) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      const ttl = lifetime(session.rememberMe);
      if (session.expiresAt.getTime() - now >= ttl / 2) return { session, user, refreshed: false };
      session.expiresAt = new Date(now + ttl);
      await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id));
      return { session, user, refreshed: true };
    },

    async invalidate(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async invalidateAllForUser(userId: number, exceptSessionId?: string): Promise<void> {
      const where = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
      await db.delete(sessions).where(where);
    },

    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, clock()));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

/** Set-Cookie value for a session: a 30-day cookie when remembered, else a browser-session cookie. */
export function sessionCookie(token: string, session: SessionRow, secure: boolean, now: Date): string {
  const parts = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (session.rememberMe) {
    const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000));
    parts.push(`Max-Age=${maxAge}`, `Expires=${session.expiresAt.toUTCString()}`);
  }
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function blankSessionCookie(secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function readSessionToken(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() === SESSION_COOKIE) return part.slice(eqAt + 1).trim() || undefined;
  }
  return undefined;
}
