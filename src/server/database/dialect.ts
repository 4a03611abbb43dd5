import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type { Tables } from '../../../db/schema';
import type * as schema from '../../../db/schema.sqlite';
import type { ConversationMatcher } from '../services/chat/search';
import type { Passage } from '../services/documents/search';
import type { KeyedLock } from './keyed-lock';
import type { Signals } from './signals';

/**
 * What services, routers and tools query through: Drizzle's query builders, only the calls both
 * SQLite and PostgreSQL share, typed by SQLite's declarations (awaited; `.limit(1)` then `[0]`;
 * `.returning()`; `.prepare()` through `prepared`). See docs/decisions/022 and 042.
 */
export type DB = Pick<SqliteRemoteDatabase<typeof schema>, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete'> & {
  /**
   * The body awaits nothing but queries (mail, HTTP and timers go before or after). Queries made
   * through `db` or `tx` inside it are the transaction's; a transaction begun inside it is a savepoint.
   */
  transaction<T>(body: (tx: DB) => Promise<T>): Promise<T>;
  /** The tables to query, this engine's own declarations (services are typed by SQLite's; decision 044). */
  readonly tables: Tables;
  /**
   * What a query made now runs on: the database, or on PostgreSQL the transaction whose body is
   * running (each holds a connection of its own). A statement prepared on one runs only on it.
   */
  readonly executor: object;
};

export type Readiness = { ready: true } | { ready: false; reason: string; detail?: string };

export interface SignalsOptions<T> {
  /** A PostgreSQL identifier: letters, digits and underscores. */
  channel: string;
  /** Turns what arrived into a message, or null to drop it (another build's shape, a foreign sender). */
  parse(raw: unknown): T | null;
  log(line: string): void;
}

/** The passages of one user's documents in a conversation holding any of `terms`, best first. */
export interface PassageQuery {
  userId: number;
  conversationId: number;
  terms: readonly string[];
  limit: number;
}

/** What differs between the engines; services receive it beside `db`, as they receive the clock. */
export interface Dialect {
  readonly name: 'sqlite' | 'postgres';
  /** The sidebar search's lookups. */
  readonly conversations: ConversationMatcher;
  /** Document retrieval's ranking (bm25). */
  rankPassages(query: PassageQuery): Promise<Passage[]>;
  /** Messages every process on this database hears (a Stop pressed on one instance). */
  signals<T>(options: SignalsOptions<T>): Signals<T>;
  /** For GET /readyz: the database answers and holds every migration this build knows. */
  readiness(): Promise<Readiness>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /** A lock every process on this database respects. */
  readonly lock: KeyedLock;
  /** Inside the transaction `tx`: the transactions counting one of these rate-limit keys run one at a time. */
  lockRateLimitKeys(tx: DB, keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** A database as opening it returns it: the builders and the dialect, made once. */
export interface Database<D extends Dialect = Dialect> {
  db: DB;
  dialect: D;
}
