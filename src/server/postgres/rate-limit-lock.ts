import { sql } from 'drizzle-orm';
import type { PostgresDatabase } from './connect';
import { lockKey } from './lock-key';

/**
 * The first half of every rate-limit key's advisory lock, so its locks never meet another
 * feature's. Two-number locks are a space apart from the one-number lock migrations take.
 */
const RATE_LIMIT_LOCK_CLASS = 0x72617465;

/**
 * Holds each key's lock until the transaction `tx` ends, so the transactions counting one key run
 * one at a time on every process. Locks are taken in ascending order, so two transactions
 * wanting the same keys cannot each hold one the other waits for. Keys whose hashes collide
 * merely share a lock.
 */
export async function lockRateLimitKeys(tx: PostgresDatabase, keys: readonly string[]): Promise<void> {
  const locks = [...new Set(keys.map(lockKey))].sort((a, b) => a - b);
  // unnest gives the locks in the array's order, and each row's call runs as its row is produced
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RATE_LIMIT_LOCK_CLASS}, k) FROM unnest(${sql.param(locks)}::integer[]) AS k`);
}
