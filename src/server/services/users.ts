import { eq, sql } from 'drizzle-orm';
import type { UserRow } from '../../../db/schema';
import type { PublicUser } from '../../shared/types';
import type { DB } from '../db';
import type { Clock } from '../clock';
import { fail } from '../errors';
import { hashPassword } from './auth/passwords';
import { endApiTokens } from './auth/api-tokens';

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    emailVerified: u.emailVerifiedAt != null,
    isAdmin: u.isAdmin,
    subscriptionStatus: u.subscriptionStatus || 'inactive',
    subscriptionPlan: u.subscriptionPlan ?? null,
    subscriptionRenewalDate: u.subscriptionRenewalDate ? u.subscriptionRenewalDate.toISOString() : null,
    teamId: u.teamId ?? null,
    cancelAtPeriodEnd: u.cancelAtPeriodEnd,
    createdAt: u.createdAt.toISOString(),
  };
}

/** SQLite's and PostgreSQL's (unique_violation) codes for a row a unique index refused. */
const UNIQUE_VIOLATION = new Set(['SQLITE_CONSTRAINT_UNIQUE', '23505']);

/** A unique index refused the row; Drizzle wraps the driver's error in its own. */
export const isUniqueViolation = (e: unknown): boolean =>
  e instanceof Error &&
  (('code' in e && UNIQUE_VIOLATION.has(String((e as { code: unknown }).code))) || (e.cause !== undefined && isUniqueViolation(e.cause)));

export function createUserService(db: DB, clock: Clock) {
  const { sessions, users } = db.tables;
  const service = {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row;
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async usernameTaken(username: string): Promise<boolean> {
      const found = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return found.length > 0;
    },

    /** Creates an account; 409 when the e-mail or the username is taken (usernames in any case). */
    async create(input: {
      username: string;
      email: string;
      password: string;
      isAdmin?: boolean;
      emailVerifiedAt?: Date;
    }): Promise<UserRow> {
      const email = input.email.toLowerCase();
      const assertFree = async () => {
        if (await service.findByEmail(email)) fail('CONFLICT', 'An account with this email already exists.');
        if (await service.usernameTaken(input.username)) fail('CONFLICT', 'This username is already taken.');
      };
      await assertFree();
      const passwordHash = await hashPassword(input.password);
      // Checked again after the hash: another registration may have taken the name meanwhile, and the
      // unique index compares usernames case-sensitively. Check and insert are one transaction.
      try {
        return await db.transaction(async (tx) => {
          await assertFree();
          const [row] = await tx
            .insert(users)
            .values({
              username: input.username,
              email,
              passwordHash,
              isAdmin: input.isAdmin ?? false,
              emailVerifiedAt: input.emailVerifiedAt ?? null,
              createdAt: clock(),
            })
            .returning();
          return row!;
        });
      } catch (e) {
        if (isUniqueViolation(e)) fail('CONFLICT', 'An account with this email or username already exists.');
        throw e;
      }
    },

    async setPassword(userId: number, password: string) {
      const passwordHash = await hashPassword(password);
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    /**
     * Creates the admin account, or promotes the account with that e-mail.
     * Whoever registered the address first must not become admin: a promoted
     * account takes the operator's password and loses its sessions. The
     * operator vouches for the address, so it counts as verified. An admin is
     * left as it is.
     */
    async ensureAdmin(email: string, password: string): Promise<{ user: UserRow; created: boolean; promoted: boolean }> {
      const existing = await service.findByEmail(email);
      if (existing?.isAdmin) return { user: existing, created: false, promoted: false };
      if (existing) {
        const passwordHash = await hashPassword(password);
        await db.transaction(async (tx) => {
          await tx.update(users).set({ isAdmin: true, passwordHash, emailVerifiedAt: clock() }).where(eq(users.id, existing.id));
          await tx.delete(sessions).where(eq(sessions.userId, existing.id));
          await endApiTokens(tx, existing.id, clock());
        });
        return { user: { ...existing, isAdmin: true, passwordHash, emailVerifiedAt: clock() }, created: false, promoted: true };
      }
      const base = (email.split('@')[0] ?? 'admin')
        .replace(/[^a-zA-Z0-9_.-]/g, '')
        .padEnd(3, '0')
        .slice(0, 40);
      let username = base;
      for (let i = 2; await service.usernameTaken(username); i++) username = `${base}${i}`;
      const user = await service.create({ username, email, password, isAdmin: true, emailVerifiedAt: clock() });
      return { user, created: true, promoted: false };
    },
  };
  return service;
}

export type UserService = ReturnType<typeof createUserService>;
