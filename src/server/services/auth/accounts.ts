import { and, eq, gt, ne } from 'drizzle-orm';
import type { UserRow } from '../../../../db/schema';
import type { ChangePasswordInput, LoginInput, RegisterInput } from '../../../shared/schemas/auth';
import { LIMITS, RATE_LIMITS } from '../../../shared/limits';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { fail } from '../../errors';
import type { MailService } from '../mail';
import { addressKey, type RateCheck, type RateLimiter, type RateRule } from '../rate-limiter';
import type { UserService } from '../users';
import type { AuditService } from '../admin/audit';
import type { AdminChangeTrail } from '../admin/change-trail';
import { resetEmail } from './account-emails';
import { heldAddress, type EmailVerification } from './email-verification';
import { createKnownDevices } from './known-devices';
import { verifyAgainstDummy, verifyPassword, hashPassword } from './passwords';
import type { SessionService } from './sessions';
import { endApiTokens } from './api-tokens';
import { hashToken, randomToken } from './tokens';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again later, or reset your password to sign in now.';
export const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';
export const TOO_MANY_REGISTRATIONS = 'Too many accounts have been created from this network. Please try again later.';
export const FORGOT_PASSWORD_SENT = 'If an account exists for that email, a password reset link has been sent.';
export const INVALID_RESET_TOKEN = 'Invalid or expired reset token';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many incorrect password attempts. Please try again later.';
export const PASSWORD_CHANGED = 'Password changed successfully';
export const PASSWORD_RESET_DONE = 'Password updated successfully';

const loginAccountKey = (email: string) => `login:account:${email.toLowerCase()}`;
const loginAccountDayKey = (email: string) => `login:account-day:${email.toLowerCase()}`;

/** Where a sign-in comes from: the client's address and its Cookie header (the known-device cookie). */
export interface Client {
  ip: string;
  cookie?: string;
}

interface Deps {
  db: DB;
  clock: Clock;
  users: UserService;
  sessions: SessionService;
  limiter: RateLimiter;
  mail: MailService;
  appUrl: string;
  /** Registrations one client address may make (REGISTRATIONS_PER_HOUR). */
  registrationsPerIp?: RateRule;
  /** Each admin sign-in is written to the audit log. */
  audit?: AuditService;
  /** Sends the link that verifies a new account's address. */
  verification: EmailVerification;
  /** Logs resets and the first sign-in after an admin changed the account's address. */
  trail?: AdminChangeTrail;
  log?: (line: string) => void;
}

export function createAccountService(deps: Deps) {
  const { db, clock, limiter } = deps;
  const { passwordResetTokens, sessions, users } = db.tables;
  const log = deps.log ?? ((line: string) => console.error(line));
  const devices = createKnownDevices(db, clock);
  const registrationsPerIp = deps.registrationsPerIp ?? RATE_LIMITS.registrationsPerIp;

  /** Forgets the failures that lock an account for browsers it does not know. */
  async function unlock(email: string) {
    await limiter.reset(loginAccountKey(email), loginAccountDayKey(email));
  }

  /** A new single-use link, replacing the account's earlier ones, mailed to `to`. Not awaited: an answer must not take longer when the account exists. */
  async function sendResetLink(user: Pick<UserRow, 'id' | 'username'>, to: string): Promise<void> {
    const token = randomToken(32);
    const now = clock();
    await db.transaction(async (tx) => {
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + LIMITS.resetLinkLifetimeMs),
      });
    });
    const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    deps.mail
      .send(resetEmail({ to, username: user.username, link }))
      .catch((e: unknown) => log(`mail: reset e-mail failed: ${e instanceof Error ? e.message : String(e)}`));
  }

  return {
    sendResetLink,

    /** Counted per client address before the password is hashed, whether or not the e-mail is taken. */
    async register(input: RegisterInput, client: Client) {
      await limiter.take([[`register:ip:${addressKey(client.ip)}`, registrationsPerIp]], TOO_MANY_REGISTRATIONS);
      const { username, email, password } = input;
      const user = await deps.users.create({ username, email, password });
      await deps.verification.send(user);
      return { user, knownDevice: await devices.remember(user, client), ...(await deps.sessions.create(user.id, false)) };
    },

    /**
     * On success the caller's previous session (if any) ends, so a login always
     * starts a fresh one, and the browser is remembered as a known device.
     *
     * A browser that signed in to this account before is throttled only by its
     * own failures (from another address, only its first few); any other attempt
     * by the account's failures (per quarter hour, then per day) and by its
     * address's. So strangers' guesses can lock the account and the address for
     * new browsers, never for the owner's.
     */
    async login(input: LoginInput, client: Client, previousSessionId?: string) {
      const found = await deps.users.findByEmail(input.email);
      const device = found ? await devices.recognise(found, client) : undefined;
      // Away from the address it last signed in from, a device has a small allowance; spent, its attempts are a stranger's.
      const own = device && devices.budget(device);
      const trusted = own && (device.atHome || (await limiter.retryAfter(...own)) === 0);
      const checks: RateCheck[] = trusted
        ? [own]
        : [
            [loginAccountKey(input.email), RATE_LIMITS.failedLoginsPerAccount],
            [loginAccountDayKey(input.email), RATE_LIMITS.failedLoginsPerAccountPerDay],
            [`login:ip:${addressKey(client.ip)}`, RATE_LIMITS.failedLoginsPerIp],
          ];
      // Counted before the slow hash check: parallel attempts must not all pass.
      const hits = await limiter.take(checks, TOO_MANY_LOGINS);

      const ok = found ? await verifyPassword(found.passwordHash, input.password) : await verifyAgainstDummy(input.password);
      if (!found || !ok) fail('UNAUTHORIZED', INVALID_CREDENTIALS);
      // A success takes back its own hits. Only one from an unknown browser clears the account's count: after a
      // known device's sign-in the strangers' failures still stand, or each of the owner's logins would renew their budget.
      await limiter.forget(...hits);
      if (!trusted) await limiter.reset(loginAccountKey(input.email));
      if (previousSessionId) await deps.sessions.invalidate(previousSessionId);
      if (found.isAdmin) await deps.audit?.record({ user: found, ip: client.ip }, { action: 'admin.sign_in' });
      await deps.trail?.recordSignIn(found, client.ip);
      return {
        user: found,
        knownDevice: await devices.remember(found, client, device),
        ...(await deps.sessions.create(found.id, input.rememberMe ?? false)),
      };
    },

    async logout(sessionId: string | undefined): Promise<void> {
      if (sessionId) await deps.sessions.invalidate(sessionId);
    },

    /**
     * Changes the password and ends every other session of the user. Wrong
     * current passwords are limited per session and also count as failed logins
     * of the account, so a stolen session is no way around the login limit;
     * strangers' failed logins never stop a signed-in owner. The new password
     * re-keys known devices, so this browser is remembered anew.
     */
    async changePassword(userId: number, sessionId: string, input: ChangePasswordInput, client: Client) {
      const user = await deps.users.findById(userId);
      if (!user) fail('UNAUTHORIZED', 'Authentication required');
      const key = `password:session:${sessionId}`;
      const attempt = await limiter.take([[key, RATE_LIMITS.failedLoginsPerKnownDevice]], TOO_MANY_PASSWORD_ATTEMPTS);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        await limiter.hit(loginAccountKey(user.email), RATE_LIMITS.failedLoginsPerAccount);
        await limiter.hit(loginAccountDayKey(user.email), RATE_LIMITS.failedLoginsPerAccountPerDay);
        fail('BAD_REQUEST', WRONG_CURRENT_PASSWORD);
      }
      await limiter.forget(...attempt);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)));
        await endApiTokens(tx, userId, clock());
        // A reset link sent before the change must not undo it.
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      });
      await devices.forgetAll(userId);
      return { message: PASSWORD_CHANGED, knownDevice: await devices.remember({ id: userId, passwordHash }, client) };
    },

    /** Same answer whether or not the account exists; limited per e-mail address and per client address. */
    async forgotPassword(email: string, client: Client) {
      await limiter.take(
        [
          [`reset:${email.toLowerCase()}`, RATE_LIMITS.resetEmailsPerAddress],
          [`reset:ip:${addressKey(client.ip)}`, RATE_LIMITS.resetRequestsPerIp],
        ],
        TOO_MANY_RESETS,
      );

      const user = await deps.users.findByEmail(email);
      if (user) {
        const held = heldAddress(user);
        if (!held) await sendResetLink(user, user.email);
        await deps.trail?.record(user, client.ip, 'account.password_reset_requested', {
          resetLinkSentTo: { before: null, after: held ? null : user.email },
        });
      }
      return { message: FORGOT_PASSWORD_SENT };
    },

    /**
     * Single use; ends every session of the user. The link proves the mailbox, so it
     * lifts the account's login lock and makes this browser a known device.
     */
    async resetPassword(token: string, newPassword: string, client: Client) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), gt(passwordResetTokens.expiresAt, clock())))
        .limit(1);
      if (!row) fail('BAD_REQUEST', INVALID_RESET_TOKEN);
      const passwordHash = await hashPassword(newPassword);
      const used = await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(passwordResetTokens)
          .where(eq(passwordResetTokens.id, row.id))
          .returning({ id: passwordResetTokens.id });
        if (deleted.length === 0) return false;
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, row.userId));
        await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
        await tx.delete(sessions).where(eq(sessions.userId, row.userId));
        await endApiTokens(tx, row.userId, clock());
        return true;
      });
      if (!used) fail('BAD_REQUEST', INVALID_RESET_TOKEN);
      const user = await deps.users.findById(row.userId);
      if (user) {
        await unlock(user.email);
        await deps.trail?.record(user, client.ip, 'account.password_reset');
      }
      await devices.forgetAll(row.userId);
      return { message: PASSWORD_RESET_DONE, knownDevice: await devices.remember({ id: row.userId, passwordHash }, client) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
