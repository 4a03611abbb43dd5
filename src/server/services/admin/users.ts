import { and, count, desc, eq, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { teams, users, type UserRow } from '../../../../db/schema';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminCreateUserInput,
  type AdminListQuery,
  type AdminUpdateUserInput,
  type AdminUser,
  type OwnerChoice,
  type Page,
} from '../../../shared/schemas/admin';
import type { DB } from '../../db';
import { fail } from '../../errors';
import type { BillingService } from '../billing';
import { isGift } from '../billing/payer';
import { isUniqueViolation, toPublicUser, type UserService } from '../users';
import { changedFields, type Actor, type AuditService } from './audit';
import { keysetPage } from '../keyset-page';

export const ALREADY_SUBSCRIBED = 'This user already has an active paid subscription';

const AUDITED_USER_FIELDS = ['username', 'email', 'isAdmin', 'subscriptionStatus', 'subscriptionPlan', 'subscriptionRenewalDate'] as const;

/** `%` and `_` in a search are letters, not wildcards. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const likeEscaped = (column: Parameters<typeof like>[0], search: string): SQL =>
  sql`${column} LIKE ${containsPattern(search)} ESCAPE '\\'`;

interface Deps {
  db: DB;
  users: UserService;
  billing: BillingService;
  audit: AuditService;
}

export function createAdminUserService({ db, users: accounts, billing, audit }: Deps) {
  const label = (u: Pick<UserRow, 'username' | 'email'>) => `${u.username} <${u.email}>`;
  const target = (u: UserRow) => ({ type: 'user' as const, id: u.id, label: label(u) });

  function find(id: number): UserRow {
    const user = accounts.findById(id);
    if (!user) fail('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
    return user;
  }

  /** Run inside the change's transaction, so two admins cannot each remove the other. */
  function assertAnotherAdmin(tx: Pick<DB, 'select'>, leavingId: number) {
    const others = tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isAdmin, true), ne(users.id, leavingId)))
      .get();
    if (!others?.n) fail('BAD_REQUEST', ADMIN_MESSAGES.lastAdmin);
  }

  function assertFree(input: { username: string; email: string }, exceptId: number) {
    const taken = (where: SQL | undefined) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(and(where, ne(users.id, exceptId)))
        .get();
    if (taken(eq(users.email, input.email))) fail('CONFLICT', 'An account with this email already exists');
    if (taken(sql`lower(${users.username}) = lower(${input.username})`)) fail('CONFLICT', 'This username is already taken');
  }

  return {
    /** Newest first; `search` matches part of a username or an e-mail. */
    list(query: AdminListQuery): Page<AdminUser> {
      const matches = query.search ? or(likeEscaped(users.username, query.search), likeEscaped(users.email, query.search)) : undefined;
      const total = db.select({ n: count() }).from(users).where(matches).get()?.n ?? 0;
      const rows = db
        .select()
        .from(users)
        .where(and(matches, query.cursor ? lt(users.id, Number(query.cursor)) : undefined))
        .orderBy(desc(users.id))
        .limit(query.limit + 1)
        .all();
      return { ...keysetPage(rows, query.limit, toPublicUser, (r) => String(r.id)), total };
    },

    /** Users in no team, who may own a new one. */
    ownerChoices(search: string): OwnerChoice[] {
      const matches = search ? or(likeEscaped(users.username, search), likeEscaped(users.email, search)) : undefined;
      return db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(and(isNull(users.teamId), matches))
        .orderBy(sql`lower(${users.username})`)
        .limit(ADMIN_LIMITS.ownerChoices)
        .all();
    },

    /** The password is hashed as at registration. */
    async create(actor: Actor, input: AdminCreateUserInput): Promise<AdminUser> {
      const created = await accounts.create({
        username: input.username,
        email: input.email,
        password: input.password,
        isAdmin: input.isAdmin,
      });
      const user = db.transaction((tx) => {
        const row = tx
          .update(users)
          .set({ subscriptionStatus: input.subscriptionStatus, subscriptionPlan: input.subscriptionPlan })
          .where(eq(users.id, created.id))
          .returning()
          .get()!;
        audit.record(actor, { action: 'user.create', target: target(row), changes: changedFields(null, row, AUDITED_USER_FIELDS) }, tx);
        return row;
      });
      return toPublicUser(user);
    },

    /**
     * No admin can remove their own admin access, and the last admin stays one. Setting a paying
     * user inactive ends their provider subscription first, or the next webhook would undo it.
     */
    async update(actor: Actor, input: AdminUpdateUserInput): Promise<AdminUser> {
      const { id, subscriptionStatus, ...edits } = input;
      const fields = Object.fromEntries(Object.entries(edits).filter(([, v]) => v !== undefined)) as Partial<typeof edits>;
      const current = find(id);
      assertFree(edits, id);
      const demoting = current.isAdmin && fields.isAdmin === false;
      if (demoting && id === actor.user.id) fail('BAD_REQUEST', ADMIN_MESSAGES.demoteSelf);
      // Checked before billing is touched, and again in the transaction that writes.
      if (demoting) assertAnotherAdmin(db, id);
      const ending = subscriptionStatus === 'inactive' && current.subscriptionStatus !== 'inactive';
      if (ending) await billing.endOwn(current);
      const status = ending
        ? { subscriptionStatus, subscriptionRenewalDate: null, cancelAtPeriodEnd: false }
        : subscriptionStatus
          ? { subscriptionStatus }
          : {};
      try {
        const user = db.transaction(
          (tx) => {
            const before = tx.select().from(users).where(eq(users.id, id)).get();
            if (!before) fail('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
            if (before.isAdmin && fields.isAdmin === false) assertAnotherAdmin(tx, id);
            const after = tx
              .update(users)
              .set({ ...fields, ...status })
              .where(eq(users.id, id))
              .returning()
              .get()!;
            const changes = changedFields(before, after, AUDITED_USER_FIELDS);
            if (Object.keys(changes).length) audit.record(actor, { action: 'user.update', target: target(after), changes }, tx);
            return after;
          },
          { behavior: 'immediate' },
        );
        if (user.email !== current.email || user.username !== current.username) {
          const owned = db.select().from(teams).where(eq(teams.ownerId, user.id)).get() ?? null;
          await billing.syncCustomers(user, owned);
        }
        return toPublicUser(user);
      } catch (e) {
        if (isUniqueViolation(e)) fail('CONFLICT', 'An account with this email or username already exists');
        throw e;
      }
    },

    /**
     * Sessions, conversations, messages, documents and reset links go with the row (foreign keys);
     * a team the user owns goes too, its members released. The provider stops billing first.
     */
    async delete(actor: Actor, id: number): Promise<{ success: true }> {
      if (id === actor.user.id) fail('BAD_REQUEST', ADMIN_MESSAGES.deleteSelf);
      const user = find(id);
      // Checked before the provider stops billing too: a refused deletion must leave the plan running.
      if (user.isAdmin) assertAnotherAdmin(db, id);
      await billing.endAll(user);
      db.transaction(
        (tx) => {
          if (user.isAdmin) assertAnotherAdmin(tx, id);
          const owned = tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.ownerId, id)).get();
          const gone = tx.delete(users).where(eq(users.id, id)).run();
          if (gone.changes === 0) fail('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
          const changes = {
            ...changedFields(user, null, AUDITED_USER_FIELDS),
            ...(user.teamId != null ? { teamId: { before: user.teamId, after: null } } : {}),
            ...(owned ? { ownedTeam: { before: `${owned.name} (#${owned.id})`, after: null } } : {}),
          };
          audit.record(actor, { action: 'user.delete', target: target(user), changes }, tx);
        },
        { behavior: 'immediate' },
      );
      return { success: true };
    },

    /** Active, professional, for 30 days, through billing; a paying subscriber is left alone. */
    async gift(actor: Actor, id: number): Promise<AdminUser> {
      const user = billing.settle(find(id));
      if (user.subscriptionStatus === 'active' && user.billingSubscriptionId && !isGift(user.billingSubscriptionId)) {
        fail('CONFLICT', ALREADY_SUBSCRIBED);
      }
      const after = await billing.gift(user);
      audit.record(actor, { action: 'user.gift', target: target(after), changes: changedFields(user, after, AUDITED_USER_FIELDS) });
      return toPublicUser(after);
    },
  };
}

export type AdminUserService = ReturnType<typeof createAdminUserService>;
