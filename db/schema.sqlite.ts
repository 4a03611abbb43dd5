import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

// Column names are derived from the keys (camelCase -> snake_case) by the
// `casing` option shared by drizzle-kit and the runtime client.

const createdAt = () =>
  integer({ mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

export const users = sqliteTable(
  'users',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    username: text().notNull().unique(),
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    isAdmin: integer({ mode: 'boolean' }).notNull().default(false),
    subscriptionStatus: text().notNull().default('inactive'),
    subscriptionPlan: text(),
    subscriptionRenewalDate: integer({ mode: 'timestamp_ms' }),
    /**
     * No foreign key: adding one rebuilds `users`, and inside the migrator's
     * transaction `PRAGMA foreign_keys=OFF` is ignored, so the rebuild's
     * DROP TABLE would cascade to every session and conversation. A trigger
     * (migration 0008) releases the members of a deleted team.
     */
    teamId: integer(),
    /** When the user joined `teamId`: members are listed in joining order, and it is their "joined" date. */
    teamJoinedAt: integer({ mode: 'timestamp_ms' }),
    /** A team editor runs the roster with the owner (docs/decisions/048); the owner is `teams.owner_id`, whatever this says. */
    teamRole: text({ enum: ['member', 'editor'] })
      .notNull()
      .default('member'),
    /** Billing provider references: the Stripe customer and subscription, or the local subscription id. */
    billingCustomerId: text(),
    billingSubscriptionId: text(),
    cancelAtPeriodEnd: integer({ mode: 'boolean' }).notNull().default(false),
    /** Set when the first trial starts; a second subscription starts paid. */
    trialUsedAt: integer({ mode: 'timestamp_ms' }),
    /** Set when the owner proves the mailbox (verification or invitation link); an address an admin sets starts unverified. */
    emailVerifiedAt: integer({ mode: 'timestamp_ms' }),
    /** When an admin last set the address: until it is verified, no reset link goes to it. */
    emailChangedByAdminAt: integer({ mode: 'timestamp_ms' }),
    /** The address before that change, while the new one is unverified: an admin-triggered reset goes there. */
    emailBeforeAdminChange: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_team_id_idx').on(t.teamId),
    // "Bob" and "bob" are one name, also when two processes share the file.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    index('users_billing_customer_id_idx').on(t.billingCustomerId),
    index('users_billing_subscription_id_idx').on(t.billingSubscriptionId),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text().notNull(),
    rememberMe: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** A link that proves the owner reads `email`; it verifies only while that is still the account's address. */
export const emailVerificationTokens = sqliteTable(
  'email_verification_tokens',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

/** Local billing's promo codes (Stripe keeps its own). Codes are stored upper-case. */
export const promoCodes = sqliteTable('promo_codes', {
  id: integer().primaryKey({ autoIncrement: true }),
  code: text().notNull().unique(),
  percentOff: integer(),
  /** In cents. */
  amountOff: integer(),
  expiresAt: integer({ mode: 'timestamp_ms' }),
  maxRedemptions: integer(),
  timesRedeemed: integer().notNull().default(0),
  active: integer({ mode: 'boolean' }).notNull().default(true),
  createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

export const promoRedemptions = sqliteTable(
  'promo_redemptions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    promoCodeId: integer()
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('promo_redemptions_code_user_unique').on(t.promoCodeId, t.userId)],
);

/** Webhook events already applied, so a redelivered event is applied once. */
export const billingEvents = sqliteTable('billing_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

/** Seats in use are always counted from `users.team_id`, never stored. */
export const teams = sqliteTable(
  'teams',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionStatus: text().notNull().default('inactive'),
    subscriptionPlan: text(),
    maxSeats: integer().notNull().default(5),
    subscriptionRenewalDate: integer({ mode: 'timestamp_ms' }),
    /** Billing provider references for the team's subscription, as on `users`. */
    billingCustomerId: text(),
    billingSubscriptionId: text(),
    cancelAtPeriodEnd: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teams_owner_id_unique').on(t.ownerId),
    index('teams_billing_customer_id_idx').on(t.billingCustomerId),
    index('teams_billing_subscription_id_idx').on(t.billingSubscriptionId),
  ],
);

export const teamInvitations = sqliteTable(
  'team_invitations',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Stored lower-case. */
    email: text().notNull(),
    /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    /** `replaced`: a link that a resend or a copied link superseded, kept so it can say so; never listed. */
    status: text({ enum: ['pending', 'accepted', 'declined', 'replaced'] })
      .notNull()
      .default('pending'),
    invitedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * On a `replaced` row: the invitation that now carries the link. No foreign key: drizzle-kit adds one
     * to SQLite without its ON DELETE; the team service deletes an invitation's old links with it.
     */
    replacedById: integer(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('team_invitations_team_idx').on(t.teamId, t.status), index('team_invitations_email_idx').on(t.email, t.status)],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export const conversations = sqliteTable(
  'conversations',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull().default('New Conversation'),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  // Newest first per user, with id as the tie-breaker for keyset pagination.
  (t) => [index('conversations_user_updated_idx').on(t.userId, t.updatedAt, t.id)],
);

export const messages = sqliteTable(
  'messages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text({ enum: ['user', 'assistant'] }).notNull(),
    content: text().notNull(),
    /** `stopped` when the user aborted the reply, `error` when the model failed mid-stream. */
    status: text({ enum: ['complete', 'stopped', 'error'] })
      .notNull()
      .default('complete'),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

export const documents = sqliteTable(
  'documents',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer().references(() => conversations.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    kind: text().notNull(),
    sizeBytes: integer().notNull(),
    chars: integer().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('documents_conversation_idx').on(t.conversationId), index('documents_user_idx').on(t.userId)],
);

/** Extracted text in passages; `document_chunks_fts` (FTS5, see the custom migration) indexes them for retrieval. */
export const documentChunks = sqliteTable(
  'document_chunks',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ordinal: integer().notNull(),
    content: text().notNull(),
  },
  (t) => [index('document_chunks_document_idx').on(t.documentId, t.ordinal)],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

/**
 * Every admin change and admin sign-in, append-only (triggers refuse UPDATE and
 * DELETE). Admin and target are kept by id and by name at the time, without
 * foreign keys, so a row outlives the accounts it names.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    adminId: integer().notNull(),
    adminUsername: text().notNull(),
    action: text().notNull(),
    targetType: text({ enum: ['user', 'team'] }),
    targetId: integer(),
    targetLabel: text(),
    /** JSON: `{ field: { before, after } }` for the fields the action changed. */
    changes: text().notNull().default('{}'),
    /** The admin change this entry follows from (its notice, a reset or first sign-in after it). */
    relatedId: integer(),
    ip: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('audit_log_admin_idx').on(t.adminId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_log_related_idx').on(t.relatedId),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;

/**
 * One row per counted hit of a rate limit (services/rate-limiter.ts), shared by every process on
 * the database. `expiresAt` is the hit's time plus its rule's window: the sweep deletes what has passed it.
 */
export const rateLimitHits = sqliteTable(
  'rate_limit_hits',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    key: text().notNull(),
    at: integer({ mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.at), index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);

/**
 * A browser remembered for one account by the login throttle (services/auth/known-devices.ts). Its cookie
 * holds `userId.id.secret`; the row keeps the secret's HMAC keyed by the account's password hash, replaced
 * at every sign-in, so an older copy of the cookie, or one from before a password change, matches nothing.
 */
export const knownDevices = sqliteTable(
  'known_devices',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text().notNull(),
    /** The client address (services/rate-limiter.ts addressKey) of the last sign-in. */
    lastAddress: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    lastSignInAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('known_devices_user_id_idx').on(t.userId)],
);

/**
 * Personal API tokens for scripts: `cdk_<id>_<secret>`, of which only SHA-256(secret) is stored.
 * A revoked token keeps its row, so its holder is told it was revoked rather than that it is wrong.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: text({ enum: ['read', 'write', 'admin'] }).notNull(),
    secretHash: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }),
    lastUsedAt: integer({ mode: 'timestamp_ms' }),
    revokedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [index('api_tokens_user_id_idx').on(t.userId)],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/**
 * A newsroom's own style rules: a team's stylebook (teamId) or, for someone without a team,
 * a personal one (userId). `ownerKey` ("t:<id>" or "u:<id>") carries the owner in one
 * column, so one unique index keeps a term to one entry of each type (`termKey` is the
 * term lower-cased unless the entry is case-sensitive).
 */
export const stylebookEntries = sqliteTable(
  'stylebook_entries',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ownerKey: text().notNull(),
    teamId: integer().references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    type: text({ enum: ['prefer', 'avoid', 'accept'] }).notNull(),
    term: text().notNull(),
    termKey: text().notNull(),
    variants: text({ mode: 'json' }).$type<string[]>().notNull(),
    replacement: text().notNull().default(''),
    note: text().notNull().default(''),
    caseSensitive: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('stylebook_entries_owner_term_unique').on(t.ownerKey, t.type, t.termKey),
    index('stylebook_entries_team_id_idx').on(t.teamId),
    index('stylebook_entries_user_id_idx').on(t.userId),
  ],
);

/**
 * How often an entry fired, per day (days since the epoch, UTC): the stylebook shows the last 30 days.
 * Its own id, as every table has, so the copy to PostgreSQL can page through it.
 */
export const stylebookHits = sqliteTable(
  'stylebook_hits',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    entryId: integer()
      .notNull()
      .references(() => stylebookEntries.id, { onDelete: 'cascade' }),
    day: integer().notNull(),
    count: integer().notNull(),
  },
  (t) => [uniqueIndex('stylebook_hits_entry_day_unique').on(t.entryId, t.day)],
);

export type StylebookEntryRow = typeof stylebookEntries.$inferSelect;
