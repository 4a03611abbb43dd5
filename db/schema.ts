/**
 * The tables services query, for the engine this process runs on. Services are written once
 * against the SQLite declarations' types (schema.sqlite.ts); on PostgreSQL the same names are
 * bound to schema.pg.ts, whose row types are identical (src/server/postgres/schema-parity.test.ts).
 * ES modules' live bindings carry the switch to every importer. See docs/decisions/021.
 */
import * as pg from './schema.pg';
import * as sqlite from './schema.sqlite';

export type Engine = 'sqlite' | 'postgres';
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
} from './schema.sqlite';
export let users = sqlite.users;
export let sessions = sqlite.sessions;
export let passwordResetTokens = sqlite.passwordResetTokens;
export let emailVerificationTokens = sqlite.emailVerificationTokens;
export let promoCodes = sqlite.promoCodes;
export let promoRedemptions = sqlite.promoRedemptions;
export let billingEvents = sqlite.billingEvents;
export let teams = sqlite.teams;
export let teamInvitations = sqlite.teamInvitations;
export let conversations = sqlite.conversations;
export let messages = sqlite.messages;
export let documents = sqlite.documents;
export let documentChunks = sqlite.documentChunks;
export let auditLog = sqlite.auditLog;
export let rateLimitHits = sqlite.rateLimitHits;
export let knownDevices = sqlite.knownDevices;

let current: Engine = 'sqlite';

/** The engine the tables are bound to. */
export function schemaEngine(): Engine {
  return current;
}

/** Binds the tables to `engine`'s declarations; a process runs on one engine (tests of both run in separate processes). */
export function useEngine(engine: Engine): void {
  if (engine === current) return;
  const tables = (engine === 'postgres' ? pg : sqlite) as unknown as typeof sqlite;
  current = engine;
  users = tables.users;
  sessions = tables.sessions;
  passwordResetTokens = tables.passwordResetTokens;
  emailVerificationTokens = tables.emailVerificationTokens;
  promoCodes = tables.promoCodes;
  promoRedemptions = tables.promoRedemptions;
  billingEvents = tables.billingEvents;
  teams = tables.teams;
  teamInvitations = tables.teamInvitations;
  conversations = tables.conversations;
  messages = tables.messages;
  documents = tables.documents;
  documentChunks = tables.documentChunks;
  auditLog = tables.auditLog;
  rateLimitHits = tables.rateLimitHits;
  knownDevices = tables.knownDevices;
}
