import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ApiTokenRow, UserRow } from '../../../../db/schema';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKEN_REQUESTS_PER_MINUTE,
  MAX_API_TOKENS,
  type ApiTokenScope,
  type CreateApiTokenInput,
} from '../../../shared/schemas/api-tokens';
import { DAY_MS, MINUTE_MS } from '../../../shared/limits';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { prepared } from '../../database/prepared';
import { fail } from '../../errors';
import type { Actor, createAuditService } from '../admin/audit';
import { hashToken, hashesEqual, randomToken } from './tokens';

/** A token as its owner sees it in the list: never the secret. */
export interface ApiTokenSummary {
  id: string;
  name: string;
  scope: ApiTokenScope;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** Who a request's bearer token speaks for, and what it may do. */
export interface ApiTokenGrant {
  id: string;
  scope: ApiTokenScope;
}

export type ApiTokenCheck = { ok: true; user: UserRow; grant: ApiTokenGrant } | { ok: false; reason: string };

/** Requests one token may make per window by default (API_TOKEN_REQUESTS_PER_MINUTE), on each instance: counted in memory, not in the database. */
export const API_TOKEN_RATE = { max: API_TOKEN_REQUESTS_PER_MINUTE, windowMs: MINUTE_MS } as const;
/** A token's "last used" is written at most this often, so a busy script does not write on every call. */
const LAST_USED_EVERY_MS = MINUTE_MS;
/** The id's length in the token: base32 of 10 random bytes. */
const ID_CHARS = 16;

const summary = (row: ApiTokenRow): ApiTokenSummary => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Personal API tokens: `cdk_<id><secret>`, letters and digits only so a double-click selects it
 * whole. The id finds the row; only SHA-256(secret) is stored, compared in constant time.
 */
export function createApiTokenService(
  db: DB,
  clock: Clock,
  audit: ReturnType<typeof createAuditService>,
  requestsPerMinute: number = API_TOKEN_RATE.max,
) {
  const { apiTokens, users } = db.tables;
  const tokenWithUser = prepared(
    db
      .select({ token: apiTokens, user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.id, sql.placeholder('id')))
      .limit(1),
    'api_token_with_user',
  );
  const lastUsedWritten = new Map<string, number>();
  const windows = new Map<string, { start: number; count: number }>();
  const live = (userId: number) => and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt));
  const userTarget = (user: UserRow) => ({ type: 'user' as const, id: user.id, label: user.username });

  return {
    async create(actor: Actor, input: CreateApiTokenInput): Promise<{ token: string; apiToken: ApiTokenSummary }> {
      const { user } = actor;
      if (input.scope === 'admin' && !user.isAdmin) fail('FORBIDDEN', API_TOKEN_MESSAGES.adminOnly);
      const id = randomToken(10);
      const secret = randomToken(20);
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const [held] = await tx.select({ n: count() }).from(apiTokens).where(live(user.id));
        if ((held?.n ?? 0) >= MAX_API_TOKENS) fail('BAD_REQUEST', API_TOKEN_MESSAGES.tooMany);
        const [created] = await tx
          .insert(apiTokens)
          .values({
            id,
            userId: user.id,
            name: input.name,
            scope: input.scope,
            secretHash: hashToken(secret),
            createdAt: now,
            expiresAt: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
          })
          .returning();
        if (input.scope === 'admin')
          await audit.record(
            actor,
            { action: 'api_token.create', target: userTarget(user), changes: { token: { before: null, after: input.name } } },
            tx,
          );
        return created!;
      });
      return { token: `${API_TOKEN_PREFIX}${id}${secret}`, apiToken: summary(row) };
    },

    /** The user's tokens that are not revoked, newest first (expired ones too, marked by their date). */
    async list(userId: number): Promise<ApiTokenSummary[]> {
      const rows = await db.select().from(apiTokens).where(live(userId)).orderBy(desc(apiTokens.createdAt), apiTokens.id);
      return rows.map(summary);
    },

    /** 404 for a token that is not the caller's or is already revoked. */
    async revoke(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(apiTokens)
          .set({ revokedAt: clock() })
          .where(and(eq(apiTokens.id, id), live(actor.user.id)))
          .returning();
        if (!row) fail('NOT_FOUND', API_TOKEN_MESSAGES.notFound);
        if (row.scope === 'admin')
          await audit.record(
            actor,
            { action: 'api_token.revoke', target: userTarget(actor.user), changes: { token: { before: row.name, after: null } } },
            tx,
          );
      });
    },

    /** The user a bearer token speaks for, or why it speaks for nobody. */
    async check(token: string): Promise<ApiTokenCheck> {
      const invalid = { ok: false as const, reason: API_TOKEN_MESSAGES.invalid };
      if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 100) return invalid;
      const id = token.slice(API_TOKEN_PREFIX.length, API_TOKEN_PREFIX.length + ID_CHARS);
      const secret = token.slice(API_TOKEN_PREFIX.length + ID_CHARS);
      if (id.length < ID_CHARS || !secret) return invalid;
      const [row] = await tokenWithUser.execute({ id });
      if (!row || !hashesEqual(hashToken(secret), row.token.secretHash)) return invalid;
      if (row.token.revokedAt) return { ok: false, reason: API_TOKEN_MESSAGES.revoked };
      const now = clock().getTime();
      if (row.token.expiresAt && now >= row.token.expiresAt.getTime()) return { ok: false, reason: API_TOKEN_MESSAGES.expired };
      if (now - (lastUsedWritten.get(id) ?? -Infinity) >= LAST_USED_EVERY_MS) {
        lastUsedWritten.set(id, now);
        await db
          .update(apiTokens)
          .set({ lastUsedAt: new Date(now) })
          .where(eq(apiTokens.id, id));
      }
      return { ok: true, user: row.user, grant: { id, scope: row.token.scope } };
    },

    /** Seconds until the token may call again, or 0 after counting this call. */
    take(id: string): number {
      const now = clock().getTime();
      const window = windows.get(id);
      if (!window || now - window.start >= API_TOKEN_RATE.windowMs) {
        if (windows.size > 10_000) windows.clear();
        windows.set(id, { start: now, count: 1 });
        return 0;
      }
      if (window.count >= requestsPerMinute) return Math.max(1, Math.ceil((window.start + API_TOKEN_RATE.windowMs - now) / 1000));
      window.count++;
      return 0;
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;

/** Inside the transaction `tx`: every token of the user ends, as their sessions do (a password changed or reset, the address taken over). */
export async function endApiTokens(tx: DB, userId: number, now: Date): Promise<void> {
  const { apiTokens } = tx.tables;
  await tx
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}

/** Inside the transaction `tx`: an admin demoted keeps their tokens, with write access at most. */
export async function narrowAdminApiTokens(tx: DB, userId: number): Promise<void> {
  const { apiTokens } = tx.tables;
  await tx
    .update(apiTokens)
    .set({ scope: 'write' })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), eq(apiTokens.scope, 'admin')));
}

/** Live tokens per user, for the admin's list: counts only. */
export async function countApiTokens(db: DB, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const { apiTokens } = db.tables;
  const rows = await db
    .select({ userId: apiTokens.userId, n: count() })
    .from(apiTokens)
    .where(and(inArray(apiTokens.userId, [...userIds]), isNull(apiTokens.revokedAt)))
    .groupBy(apiTokens.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}
