import { and, eq, gt } from 'drizzle-orm';
import type { UserRow } from '../../../../db/schema';
import { LIMITS, RATE_LIMITS } from '../../../shared/limits';
import { VERIFICATION_MESSAGES } from '../../../shared/schemas/auth';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { fail } from '../../errors';
import type { MailService } from '../mail';
import type { RateLimiter } from '../rate-limiter';
import { verificationEmail } from './account-emails';
import { hashToken, randomToken } from './tokens';

interface Deps {
  db: DB;
  clock: Clock;
  limiter: RateLimiter;
  mail: MailService;
  appUrl: string;
  log: (line: string) => void;
}

/** What proves a mailbox: the verified time, and no earlier address kept for an admin-triggered reset. */
export const verifiedNow = (now: Date) => ({ emailVerifiedAt: now, emailBeforeAdminChange: null });

/** An address set by an admin and not yet proven by its owner: a reset sent there could hand the account over. */
export const heldAddress = (u: Pick<UserRow, 'emailChangedByAdminAt' | 'emailVerifiedAt'>) =>
  u.emailChangedByAdminAt != null && u.emailVerifiedAt == null;

/**
 * Addresses are proven by a link sent to them. A token names the address it was sent to, so a
 * link mailed before the address changed verifies nothing.
 */
export function createEmailVerification({ db, clock, limiter, mail, appUrl, log }: Deps) {
  const { emailVerificationTokens, users } = db.tables;
  return {
    /** Mails a new link; earlier links stay good until they expire. Not awaited by callers that must answer at once. */
    async send(user: Pick<UserRow, 'id' | 'username' | 'email'>): Promise<void> {
      const token = randomToken(32);
      const now = clock();
      await db.insert(emailVerificationTokens).values({
        userId: user.id,
        email: user.email,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + LIMITS.verificationLinkLifetimeMs),
      });
      const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
      mail
        .send(verificationEmail({ to: user.email, username: user.username, link }))
        .catch((e: unknown) => log(`mail: verification e-mail failed: ${e instanceof Error ? e.message : String(e)}`));
    },

    /** The banner's "send a new one": limited per account. */
    async resend(user: UserRow): Promise<{ message: string }> {
      if (user.emailVerifiedAt) fail('BAD_REQUEST', VERIFICATION_MESSAGES.alreadyVerified);
      await limiter.take([[`verify:user:${user.id}`, RATE_LIMITS.verificationEmailsPerAccount]], VERIFICATION_MESSAGES.tooMany);
      await this.send(user);
      return { message: VERIFICATION_MESSAGES.sent };
    },

    /** Verifies the address the link was sent to, if it is still the account's; the account's links are then spent. */
    async verify(token: string): Promise<UserRow> {
      const now = clock();
      const [row] = await db
        .select()
        .from(emailVerificationTokens)
        .where(and(eq(emailVerificationTokens.tokenHash, hashToken(token)), gt(emailVerificationTokens.expiresAt, now)))
        .limit(1);
      if (!row) fail('BAD_REQUEST', VERIFICATION_MESSAGES.invalidToken);
      const user = await db.transaction(async (tx) => {
        const [verified] = await tx
          .update(users)
          .set(verifiedNow(now))
          .where(and(eq(users.id, row.userId), eq(users.email, row.email)))
          .returning();
        if (verified) await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, row.userId));
        return verified;
      });
      if (!user) fail('BAD_REQUEST', VERIFICATION_MESSAGES.invalidToken);
      return user;
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
