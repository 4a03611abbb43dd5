/**
 * The tables of each engine, as a database carries them (`db.tables`). Services are written once
 * against the SQLite declarations' types (schema.sqlite.ts) and take their tables from the `db`
 * they are handed; a PostgreSQL database hands them schema.pg.ts's, whose row types are identical
 * (src/server/postgres/schema-parity.test.ts). See docs/decisions/044.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import * as pg from './schema.pg';
import * as sqlite from './schema.sqlite';

export type {
  TeamRow,
  TeamInvitationRow,
  PromoCodeRow,
  UserRow,
  SessionRow,
  ConversationRow,
  MessageRow,
  DocumentRow,
  AuditLogRow,
  ApiTokenRow,
  StylebookEntryRow,
} from './schema.sqlite';

export const sqliteTables = {
  users: sqlite.users,
  sessions: sqlite.sessions,
  passwordResetTokens: sqlite.passwordResetTokens,
  emailVerificationTokens: sqlite.emailVerificationTokens,
  promoCodes: sqlite.promoCodes,
  promoRedemptions: sqlite.promoRedemptions,
  billingEvents: sqlite.billingEvents,
  teams: sqlite.teams,
  teamInvitations: sqlite.teamInvitations,
  conversations: sqlite.conversations,
  messages: sqlite.messages,
  documents: sqlite.documents,
  documentChunks: sqlite.documentChunks,
  auditLog: sqlite.auditLog,
  rateLimitHits: sqlite.rateLimitHits,
  knownDevices: sqlite.knownDevices,
  apiTokens: sqlite.apiTokens,
  stylebookEntries: sqlite.stylebookEntries,
  stylebookHits: sqlite.stylebookHits,
};

/** The tables services query, typed by SQLite's declarations. */
export type Tables = typeof sqliteTables;

export const postgresTables = {
  users: pg.users,
  sessions: pg.sessions,
  passwordResetTokens: pg.passwordResetTokens,
  emailVerificationTokens: pg.emailVerificationTokens,
  promoCodes: pg.promoCodes,
  promoRedemptions: pg.promoRedemptions,
  billingEvents: pg.billingEvents,
  teams: pg.teams,
  teamInvitations: pg.teamInvitations,
  conversations: pg.conversations,
  messages: pg.messages,
  documents: pg.documents,
  documentChunks: pg.documentChunks,
  auditLog: pg.auditLog,
  rateLimitHits: pg.rateLimitHits,
  knownDevices: pg.knownDevices,
  apiTokens: pg.apiTokens,
  stylebookEntries: pg.stylebookEntries,
  stylebookHits: pg.stylebookHits,
} satisfies Record<keyof Tables, PgTable>;
