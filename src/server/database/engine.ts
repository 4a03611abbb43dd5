import { useEngine } from '../../../db/schema';
import type { DB } from '../db';
import { connectPostgres, poolSizeFrom, type PostgresDatabase } from '../postgres/connect';
import { postgresConversationMatcher, postgresRankedPassages } from '../postgres/search';
import type { ConversationMatcher } from '../services/chat/search';
import { sqliteConversationMatcher } from '../services/chat/search-sqlite';
import type { PassageRanker } from '../services/documents/search';
import { sqliteRankedPassages } from '../services/documents/search-sqlite';

/** Whether `target` names a PostgreSQL database (DATABASE_URL) rather than a SQLite file. */
export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

/**
 * PostgreSQL's database as the services see it. Services are typed against SQLite's builders;
 * PostgreSQL's take the same calls (decision 022) and bind the same table names (decision 021).
 */
export function asServiceDatabase(db: PostgresDatabase): DB {
  useEngine('postgres');
  return db as unknown as DB;
}

/** The PostgreSQL at `url`, migrated, with DATABASE_POOL_SIZE connections. */
export async function openPostgres(url: string, onError?: (e: Error) => void): Promise<DB> {
  return asServiceDatabase(await connectPostgres({ url, poolSize: poolSizeFrom(), onError }));
}

/** The sidebar search's lookups for the database's engine. */
export function conversationMatcher(db: DB): ConversationMatcher {
  return db.$dialect === 'postgres' ? postgresConversationMatcher(db as unknown as PostgresDatabase) : sqliteConversationMatcher(db);
}

/** Document retrieval's ranking for the database's engine. */
export function passageRanker(db: DB): PassageRanker {
  return db.$dialect === 'postgres' ? postgresRankedPassages : sqliteRankedPassages;
}
