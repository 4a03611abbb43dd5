import { and, count, desc, eq, inArray, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '../../../../db/schema';
import { RATE_LIMITS } from '../../../shared/limits';
import { countApiTokens, endApiTokens, narrowAdminApiTokens } from '../auth/api-tokens';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminCreateUserInput,
  type AdminListQuery,
  type AdminUpdateUserInput,
  type AdminUser,
  type AdminUserTeam,
  type OwnerChoice,
  type Page,
} from '../../../shared/schemas/admin';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { fail } from '../../errors';
import { addressChangedEmail } from '../auth/account-emails';
import type { AccountService } from '../auth/accounts';
import { heldAddress, type EmailVerification } from '../auth/email-verification';
import type { MailService } from '../mail';
import type { RateLimiter } from '../rate-limiter';
import type { BillingService } from '../billing';
import { isGift } from '../billing/payer';
import { isUniqueViolation, toPublicUser, type UserService } from '../users';
import { changedFields, type Actor, type AuditService } from './audit';
import { userTarget, type AdminChangeTrail } from './change-trail';
import { keysetPage } from '../keyset-page';

export const ALREADY_SUBSCRIBED = 'This user already has an active paid subscription';

const AUDITED_USER_FIELDS = ['username', 'email', 'isAdmin', 'subscriptionStatus', 'subscriptionPlan', 'subscriptionRenewalDate'] as const;

/** `%` and `_` in a search are letters, not wildcards. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive on both engines: SQLite's LIKE ignores ASCII case, PostgreSQL's does not. */
export const likeEscaped = (column: Parameters<typeof like>[0], search: string): SQL =>
  sql`lower(${column}) LIKE lower(${containsPattern(search)}) ESCAPE '\\'`;

interface Deps {
  db: DB;
  clock: Clock;
  users: UserService;
  billing: BillingService;
  audit: AuditService;
  accounts: AccountService;
  verification: EmailVerification;
  trail: AdminChangeTrail;
  limiter: RateLimiter;
  mail: MailService;
  log: (line: string) => void;
}

export function createAdminUserService(deps: Deps) {
  const { db, clock, users: accounts, billing, audit } = deps;
  const { emailVerificationTokens, passwordResetTokens, sessions, teams, users } = db.tables;
  const target = userTarget;

  async function find(id: number): Promise<UserRow> {
    const user = await accounts.findById(id);
    if (!user) fail('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
    return user;
  }

  /** Run inside the change's transaction, so two admins cannot each remove the other. */
  async function assertAnotherAdmin(tx: Pick<DB, 'select'>, leavingId: number) {
    const [others] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isAdmin, true), ne(users.id, leavingId)));
    if (!others?.n) fail('BAD_REQUEST', ADMIN_MESSAGES.lastAdmin);
  }

  async function assertFree(input: { username: string; email: string }, exceptId: number) {
    const taken = async (where: SQL | undefined) =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(where, ne(users.id, exceptId)))
          .limit(1)
      ).length > 0;
    if (await taken(eq(users.email, input.email))) fail('CONFLICT', 'An account with this email already exists.');
    if (await taken(sql`lower(${users.username}) = lower(${input.username})`)) fail('CONFLICT', 'This username is already taken.');
  }

  return {
    /** Newest first; `search` matches part of a username or an e-mail. */
    async list(query: AdminListQuery): Promise<Page<AdminUser>> {
      const matches = query.search ? or(likeEscaped(users.username, query.search), likeEscaped(users.email, query.search)) : undefined;
      const [counted] = await db.select({ n: count() }).from(users).where(matches);
      const rows = await db
        .select()
        .from(users)
        .where(and(matches, query.cursor ? lt(users.id, Number(query.cursor)) : undefined))
        .orderBy(desc(users.id))
        .limit(query.limit + 1);
      return { ...keysetPage(rows, query.limit, toPublicUser, (r) => String(r.id)), total: counted?.n ?? 0 };
    },

    /** How many live API tokens each user holds: admins see the counts, never the tokens. */
    async apiTokenCounts(ids: readonly number[]): Promise<Record<number, number>> {
      const counts = await countApiTokens(db, ids);
      return Object.fromEntries(ids.map((id) => [id, counts.get(id) ?? 0]));
    },

    /** The team each user is in (null for none), so the Users panel shows who a team covers. */
    async teams(ids: readonly number[]): Promise<Record<number, AdminUserTeam | null>> {
      if (ids.length === 0) return {};
      const rows = await db
        .select({
          userId: users.id,
          id: teams.id,
          name: teams.name,
          subscriptionStatus: teams.subscriptionStatus,
          subscriptionPlan: teams.subscriptionPlan,
        })
        .from(users)
        .innerJoin(teams, eq(teams.id, users.teamId))
        .where(inArray(users.id, [...ids]));
      const byUser = new Map(
        rows.map(({ userId, ...team }) => [userId, { ...team, subscriptionStatus: team.subscriptionStatus || 'inactive' }]),
      );
      return Object.fromEntries(ids.map((id) => [id, byUser.get(id) ?? null]));
    },

    /** Users in no team, who may own a new one. */
    ownerChoices(search: string): Promise<OwnerChoice[]> {
      const matches = search ? or(likeEscaped(users.username, search), likeEscaped(users.email, search)) : undefined;
      return db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(and(isNull(users.teamId), matches))
        .orderBy(sql`lower(${users.username})`)
        .limit(ADMIN_LIMITS.ownerChoices);
    },

    /** The password is hashed as at registration. */
    async create(actor: Actor, input: AdminCreateUserInput): Promise<AdminUser> {
      const created = await accounts.create({
        username: input.username,
        email: input.email,
        password: input.password,
        isAdmin: input.isAdmin,
      });
      const user = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ subscriptionStatus: input.subscriptionStatus, subscriptionPlan: input.subscriptionPlan })
          .where(eq(users.id, created.id))
          .returning();
        await audit.record(
          actor,
          { action: 'user.create', target: target(row!), changes: changedFields(null, row!, AUDITED_USER_FIELDS) },
          tx,
        );
        return row!;
      });
      await deps.verification.send(user);
      return toPublicUser(user);
    },

    /**
     * No admin can remove their own admin access, and the last admin stays one. Setting a paying
     * user inactive ends their provider subscription first, or the next webhook would undo it.
     */
    async update(actor: Actor, input: AdminUpdateUserInput): Promise<AdminUser> {
      const { id, subscriptionStatus, ...edits } = input;
      const fields = Object.fromEntries(Object.entries(edits).filter(([, v]) => v !== undefined)) as Partial<typeof edits>;
      const current = await find(id);
      await assertFree(edits, id);
      const demoting = current.isAdmin && fields.isAdmin === false;
      if (demoting && id === actor.user.id) fail('BAD_REQUEST', ADMIN_MESSAGES.demoteSelf);
      // Checked before billing is touched, and again in the transaction that writes.
      if (demoting) await assertAnotherAdmin(db, id);
      const ending = subscriptionStatus === 'inactive' && current.subscriptionStatus !== 'inactive';
      if (ending) await billing.endOwn(current);
      const status = ending
        ? { subscriptionStatus, subscriptionRenewalDate: null, cancelAtPeriodEnd: false }
        : subscriptionStatus
          ? { subscriptionStatus }
          : {};
      const now = clock();
      try {
        const user = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
          if (!before) fail('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
          if (before.isAdmin && fields.isAdmin === false) {
            await assertAnotherAdmin(tx, id);
            await narrowAdminApiTokens(tx, id);
          }
          const readdressed = fields.email !== undefined && fields.email !== before.email;
          // The new address starts unverified; the one it replaced is kept for a reset only while no later address is proven.
          const address = readdressed
            ? {
                emailVerifiedAt: null,
                emailChangedByAdminAt: now,
                emailBeforeAdminChange: heldAddress(before) ? (before.emailBeforeAdminChange ?? before.email) : before.email,
              }
            : {};
          const [after] = await tx
            .update(users)
            .set({ ...fields, ...status, ...address })
            .where(eq(users.id, id))
            .returning();
          const changes = changedFields(before, after!, AUDITED_USER_FIELDS);
          if (readdressed) {
            if (before.emailVerifiedAt) changes.emailVerified = { before: true, after: false };
            changes.sessions = { before: 'active', after: 'ended' };
            // Whoever holds the account's sessions or links may not be its owner any more.
            await tx.delete(sessions).where(eq(sessions.userId, id));
            await endApiTokens(tx, id, now);
            await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
            await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, id));
          }
          if (Object.keys(changes).length) {
            const changeId = await audit.record(actor, { action: 'user.update', target: target(after!), changes }, tx);
            if (readdressed)
              await audit.record(
                actor,
                {
                  action: 'user.email_change_notice',
                  target: target(after!),
                  changes: { noticeSentTo: { before: null, after: before.email } },
                  relatedId: changeId,
                },
                tx,
              );
          }
          return after!;
        });
        if (user.email !== current.email) {
          deps.mail
            .send(
              addressChangedEmail({
                to: current.email,
                username: user.username,
                newAddress: user.email,
                adminUsername: actor.user.username,
                at: now,
              }),
            )
            .catch((e: unknown) => deps.log(`mail: address change notice failed: ${e instanceof Error ? e.message : String(e)}`));
        }
        if (user.email !== current.email || user.username !== current.username) {
          const [owned] = await db.select().from(teams).where(eq(teams.ownerId, user.id)).limit(1);
          await billing.syncCustomers(user, owned ?? null);
        }
        return toPublicUser(user);
      } catch (e) {
        if (isUniqueViolation(e)) fail('CONFLICT', 'An account with this email or username already exists.');
        throw e;
      }
    },

    /**
     * A reset link for the account's owner: to its address, or, while an address an admin set is
     * unverified, to the address it replaced. Never to an unproven address an admin chose.
     */
    async sendPasswordReset(actor: Actor, id: number): Promise<{ message: string }> {
      const user = await find(id);
      const held = heldAddress(user);
      const to = held ? user.emailBeforeAdminChange : user.email;
      if (!to) fail('BAD_REQUEST', ADMIN_MESSAGES.resetNeedsVerifiedAddress);
      await deps.limiter.take([[`admin-reset:user:${id}`, RATE_LIMITS.adminResetEmailsPerAccount]], ADMIN_MESSAGES.tooManyResets);
      await deps.accounts.sendResetLink(user, to);
      const change = await deps.trail.watchedChange(user);
      await audit.record(actor, {
        action: 'user.password_reset_sent',
        target: target(user),
        changes: { resetLinkSentTo: { before: null, after: to } },
        relatedId: change?.id,
      });
      return { message: held ? ADMIN_MESSAGES.resetSentToPrevious : ADMIN_MESSAGES.resetSentToCurrent };
    },

    /**
     * Sessions, conversations, messages, documents and reset links go with the row (foreign keys);
     * a team the user owns goes too, its members released. The provider stops billing first.
     */
    async delete(actor: Actor, id: number): Promise<{ success: true }> {
      if (id === actor.user.id) fail('BAD_REQUEST', ADMIN_MESSAGES.deleteSelf);
      const user = await find(id);
      // Checked before the provider stops billing too: a refused deletion must leave the plan running.
      if (user.isAdmin) await assertAnotherAdmin(db, id);
      await billing.endAll(user);
      await db.transaction(async (tx) => {
        if (user.isAdmin) await assertAnotherAdmin(tx, id);
        const [owned] = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.ownerId, id)).limit(1);
        const gone = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        if (gone.length === 0) fail('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
        const changes = {
          ...changedFields(user, null, AUDITED_USER_FIELDS),
          ...(user.teamId != null ? { teamId: { before: user.teamId, after: null } } : {}),
          ...(owned ? { ownedTeam: { before: `${owned.name} (#${owned.id})`, after: null } } : {}),
        };
        await audit.record(actor, { action: 'user.delete', target: target(user), changes }, tx);
      });
      return { success: true };
    },

    /** Active, professional, for 30 days, through billing; a paying subscriber is left alone. */
    async gift(actor: Actor, id: number): Promise<AdminUser> {
      const user = await billing.settle(await find(id));
      if (user.subscriptionStatus === 'active' && user.billingSubscriptionId && !isGift(user.billingSubscriptionId)) {
        fail('CONFLICT', ALREADY_SUBSCRIBED);
      }
      const after = await billing.gift(user);
      await audit.record(actor, { action: 'user.gift', target: target(after), changes: changedFields(user, after, AUDITED_USER_FIELDS) });
      return toPublicUser(after);
    },
  };
}

export type AdminUserService = ReturnType<typeof createAdminUserService>;
