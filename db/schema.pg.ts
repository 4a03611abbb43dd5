import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The PostgreSQL twin of db/schema.ts: the same tables, columns, indexes and foreign keys, declared
// so that every table's select and insert types equal the SQLite table's (schema-parity.test.ts), and
// the services written against db/schema.ts run on either. Ids are identities "by default", so a copy
// from SQLite can insert its ids and then move the sequences past them. Full-text search columns and
// triggers live in the custom migrations of db/migrations-pg, as FTS5 does in db/migrations.

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const instant = () => timestamp({ withTimezone: true, mode: 'date', precision: 3 });
const createdAt = () => instant().notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text().notNull().unique(),
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    isAdmin: boolean().notNull().default(false),
    subscriptionStatus: text().notNull().default('inactive'),
    subscriptionPlan: text(),
    subscriptionRenewalDate: instant(),
    /** No foreign key, as on SQLite: a trigger (custom migration) releases the members of a deleted team. */
    teamId: integer(),
    teamJoinedAt: instant(),
    teamRole: text({ enum: ['member', 'editor'] })
      .notNull()
      .default('member'),
    billingCustomerId: text(),
    billingSubscriptionId: text(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    trialUsedAt: instant(),
    /** Set when the owner proves the mailbox (verification or invitation link); an address an admin sets starts unverified. */
    emailVerifiedAt: instant(),
    /** When an admin last set the address: until it is verified, no reset link goes to it. */
    emailChangedByAdminAt: instant(),
    /** The address before that change, while the new one is unverified: an admin-triggered reset goes there. */
    emailBeforeAdminChange: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_team_id_idx').on(t.teamId),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    index('users_billing_customer_id_idx').on(t.billingCustomerId),
    index('users_billing_subscription_id_idx').on(t.billingSubscriptionId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text().notNull(),
    rememberMe: boolean().notNull().default(false),
    createdAt: instant().notNull(),
    expiresAt: instant().notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: instant().notNull(),
    expiresAt: instant().notNull(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** A link that proves the owner reads `email`; it verifies only while that is still the account's address. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: instant().notNull(),
    expiresAt: instant().notNull(),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

export const promoCodes = pgTable('promo_codes', {
  id: id(),
  code: text().notNull().unique(),
  percentOff: integer(),
  amountOff: integer(),
  expiresAt: instant(),
  maxRedemptions: integer(),
  timesRedeemed: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  createdAt: instant().notNull(),
});

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: id(),
    promoCodeId: integer()
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant().notNull(),
  },
  (t) => [uniqueIndex('promo_redemptions_code_user_unique').on(t.promoCodeId, t.userId)],
);

export const billingEvents = pgTable('billing_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: instant().notNull(),
});

export const teams = pgTable(
  'teams',
  {
    id: id(),
    name: text().notNull(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionStatus: text().notNull().default('inactive'),
    subscriptionPlan: text(),
    maxSeats: integer().notNull().default(5),
    subscriptionRenewalDate: instant(),
    billingCustomerId: text(),
    billingSubscriptionId: text(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teams_owner_id_unique').on(t.ownerId),
    index('teams_billing_customer_id_idx').on(t.billingCustomerId),
    index('teams_billing_subscription_id_idx').on(t.billingSubscriptionId),
  ],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: id(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    status: text({ enum: ['pending', 'accepted', 'declined', 'replaced'] })
      .notNull()
      .default('pending'),
    invitedById: integer().references(() => users.id, { onDelete: 'set null' }),
    replacedById: integer(),
    createdAt: instant().notNull(),
    expiresAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (t) => [index('team_invitations_team_idx').on(t.teamId, t.status), index('team_invitations_email_idx').on(t.email, t.status)],
);

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull().default('New Conversation'),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (t) => [index('conversations_user_updated_idx').on(t.userId, t.updatedAt, t.id)],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text({ enum: ['user', 'assistant'] }).notNull(),
    content: text().notNull(),
    status: text({ enum: ['complete', 'stopped', 'error'] })
      .notNull()
      .default('complete'),
    createdAt: instant().notNull(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

export const documents = pgTable(
  'documents',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer().references(() => conversations.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    kind: text().notNull(),
    sizeBytes: integer().notNull(),
    chars: integer().notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [index('documents_conversation_idx').on(t.conversationId), index('documents_user_idx').on(t.userId)],
);

export const documentChunks = pgTable(
  'document_chunks',
  {
    id: id(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ordinal: integer().notNull(),
    content: text().notNull(),
  },
  (t) => [index('document_chunks_document_idx').on(t.documentId, t.ordinal)],
);

/** Append-only, as on SQLite: triggers (custom migration) refuse UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    adminId: integer().notNull(),
    adminUsername: text().notNull(),
    action: text().notNull(),
    targetType: text({ enum: ['user', 'team'] }),
    targetId: integer(),
    targetLabel: text(),
    changes: text().notNull().default('{}'),
    /** The admin change this entry follows from (its notice, a reset or first sign-in after it). */
    relatedId: integer(),
    ip: text().notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [
    index('audit_log_admin_idx').on(t.adminId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_log_related_idx').on(t.relatedId),
  ],
);

/** Ids are bigints: hits are written on every message send and login, and deleted ids are never reused. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    key: text().notNull(),
    at: instant().notNull(),
    expiresAt: instant().notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.at), index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);

export const knownDevices = pgTable(
  'known_devices',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text().notNull(),
    lastAddress: text().notNull(),
    createdAt: instant().notNull(),
    lastSignInAt: instant().notNull(),
  },
  (t) => [index('known_devices_user_id_idx').on(t.userId)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: text({ enum: ['read', 'write', 'admin'] }).notNull(),
    secretHash: text().notNull(),
    createdAt: instant().notNull(),
    expiresAt: instant(),
    lastUsedAt: instant(),
    revokedAt: instant(),
  },
  (t) => [index('api_tokens_user_id_idx').on(t.userId)],
);

export const stylebookEntries = pgTable(
  'stylebook_entries',
  {
    id: id(),
    ownerKey: text().notNull(),
    teamId: integer().references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    type: text({ enum: ['prefer', 'avoid', 'accept'] }).notNull(),
    term: text().notNull(),
    termKey: text().notNull(),
    variants: jsonb().$type<string[]>().notNull(),
    replacement: text().notNull().default(''),
    note: text().notNull().default(''),
    caseSensitive: boolean().notNull().default(false),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (t) => [
    uniqueIndex('stylebook_entries_owner_term_unique').on(t.ownerKey, t.type, t.termKey),
    index('stylebook_entries_team_id_idx').on(t.teamId),
    index('stylebook_entries_user_id_idx').on(t.userId),
  ],
);

export const stylebookHits = pgTable(
  'stylebook_hits',
  {
    id: id(),
    entryId: integer()
      .notNull()
      .references(() => stylebookEntries.id, { onDelete: 'cascade' }),
    day: integer().notNull(),
    count: integer().notNull(),
  },
  (t) => [uniqueIndex('stylebook_hits_entry_day_unique').on(t.entryId, t.day)],
);
