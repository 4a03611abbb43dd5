import { and, eq, gt, ne } from 'drizzle-orm';
import { passwordResetTokens, sessions, users } from '../../../../db/schema';
import type { ChangePasswordInput, LoginInput, RegisterInput } from '../../../shared/schemas/auth';
import { LIMITS, RATE_LIMITS } from '../../../shared/limits';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { fail } from '../../errors';
import type { MailService } from '../mail';
import type { RateLimiter } from '../rate-limiter';
import type { UserService } from '../users';
import { verifyAgainstDummy, verifyPassword, hashPassword } from './passwords';
import type { SessionService } from './sessions';
import { hashToken, randomToken } from './tokens';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again later.';
export const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';
export const FORGOT_PASSWORD_SENT = 'If an account exists for that email, a password reset link has been sent.';
export const INVALID_RESET_TOKEN = 'Invalid or expired reset token';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many incorrect password attempts. Please try again later.';
export const PASSWORD_CHANGED = 'Password changed successfully';
export const PASSWORD_RESET_DONE = 'Password updated successfully';

const loginAccountKey = (email: string) => `login:account:${email.toLowerCase()}`;

interface Deps {
  db: DB;
  clock: Clock;
  users: UserService;
  sessions: SessionService;
  limiter: RateLimiter;
  mail: MailService;
  appUrl: string;
  log?: (line: string) => void;
}

export function createAccountService(deps: Deps) {
  const { db, clock, limiter } = deps;
  const log = deps.log ?? ((line: string) => console.error(line));

  return {
    async register(input: RegisterInput) {
      const user = await deps.users.create(input);
      return { user, ...deps.sessions.create(user.id, false) };
    },

    /** On success the caller's previous session (if any) ends, so a login always starts a fresh one. */
    async login(input: LoginInput, ip: string, previousSessionId?: string) {
      const accountKey = loginAccountKey(input.email);
      const ipKey = `login:ip:${ip}`;
      const wait = Math.max(
        limiter.retryAfter(accountKey, RATE_LIMITS.failedLoginsPerAccount),
        limiter.retryAfter(ipKey, RATE_LIMITS.failedLoginsPerIp),
      );
      if (wait > 0) fail('TOO_MANY_REQUESTS', TOO_MANY_LOGINS, { retryAfter: wait });
      // Counted before the slow hash check: parallel attempts must not all pass the check above.
      limiter.hit(accountKey, RATE_LIMITS.failedLoginsPerAccount);
      const ipHit = limiter.hit(ipKey, RATE_LIMITS.failedLoginsPerIp);

      const user = deps.users.findByEmail(input.email);
      const ok = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
      if (!user || !ok) fail('UNAUTHORIZED', INVALID_CREDENTIALS);
      limiter.reset(accountKey);
      limiter.forget(ipKey, ipHit);
      if (previousSessionId) deps.sessions.invalidate(previousSessionId);
      return { user, ...deps.sessions.create(user.id, input.rememberMe ?? false) };
    },

    logout(sessionId: string | undefined) {
      if (sessionId) deps.sessions.invalidate(sessionId);
    },

    /** Changes the password and ends every other session of the user. */
    /**
     * Changes the password and ends every other session of the user. A wrong
     * current password counts as a failed login of the account, so a stolen
     * session is no way around the login limit.
     */
    async changePassword(userId: number, sessionId: string, input: ChangePasswordInput) {
      const user = deps.users.findById(userId);
      if (!user) fail('UNAUTHORIZED', 'Authentication required');
      const key = loginAccountKey(user.email);
      const wait = limiter.retryAfter(key, RATE_LIMITS.failedLoginsPerAccount);
      if (wait > 0) fail('TOO_MANY_REQUESTS', TOO_MANY_PASSWORD_ATTEMPTS, { retryAfter: wait });
      const attempt = limiter.hit(key, RATE_LIMITS.failedLoginsPerAccount);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        fail('BAD_REQUEST', WRONG_CURRENT_PASSWORD);
      }
      limiter.forget(key, attempt);
      const passwordHash = await hashPassword(input.newPassword);
      db.transaction((tx) => {
        tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
        tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId))).run();
        // A reset link sent before the change must not undo it.
        tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
      });
      return { message: PASSWORD_CHANGED };
    },

    /** Same answer whether or not the account exists; at most 5 e-mails per address per hour. */
    async forgotPassword(email: string) {
      const key = `reset:${email}`;
      const wait = limiter.retryAfter(key, RATE_LIMITS.resetEmailsPerAddress);
      if (wait > 0) fail('TOO_MANY_REQUESTS', TOO_MANY_RESETS, { retryAfter: wait });
      limiter.hit(key, RATE_LIMITS.resetEmailsPerAddress);

      const user = deps.users.findByEmail(email);
      if (user) {
        const token = randomToken(32);
        const now = clock();
        db.transaction((tx) => {
          tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).run();
          tx.insert(passwordResetTokens)
            .values({
              userId: user.id,
              tokenHash: hashToken(token),
              createdAt: now,
              expiresAt: new Date(now.getTime() + LIMITS.resetLinkLifetimeMs),
            })
            .run();
        });
        const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Not awaited: the answer must not take longer when the account exists.
        deps.mail
          .send({
            to: user.email,
            subject: 'Reset your Copydesk password',
            text: `Hello ${user.username},\n\nSomeone asked to reset the password of your Copydesk account. Open this link within one hour to choose a new one:\n\n${link}\n\nIf you did not ask, ignore this e-mail; your password stays as it is.\n`,
            html: `<p>Hello ${escapeHtml(user.username)},</p><p>Someone asked to reset the password of your Copydesk account. Open this link within one hour to choose a new one:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If you did not ask, ignore this e-mail; your password stays as it is.</p>`,
          })
          .catch((e: unknown) => log(`mail: reset e-mail failed: ${e instanceof Error ? e.message : String(e)}`));
      }
      return { message: FORGOT_PASSWORD_SENT };
    },

    /** Single use; ends every session of the user. */
    async resetPassword(token: string, newPassword: string) {
      const row = db
        .select()
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), gt(passwordResetTokens.expiresAt, clock())))
        .get();
      if (!row) fail('BAD_REQUEST', INVALID_RESET_TOKEN);
      const passwordHash = await hashPassword(newPassword);
      const used = db.transaction((tx) => {
        const deleted = tx.delete(passwordResetTokens).where(eq(passwordResetTokens.id, row.id)).run();
        if (deleted.changes === 0) return false;
        tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, row.userId)).run();
        tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId)).run();
        tx.delete(sessions).where(eq(sessions.userId, row.userId)).run();
        return true;
      });
      if (!used) fail('BAD_REQUEST', INVALID_RESET_TOKEN);
      return { message: PASSWORD_RESET_DONE };
    },
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export type AccountService = ReturnType<typeof createAccountService>;
