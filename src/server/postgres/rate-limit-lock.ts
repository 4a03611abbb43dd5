import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PostgresDatabase } from './connect';

/**
 * The first half of every rate-limit key's advisory lock, so its locks never meet another
 * feature's. Two-number locks are a space apart from the one-number lock migrations take.
 */
const RATE_LIMIT_LOCK_CLASS = 0x72617465;

/** The second half: 32 bits of the key's SHA-256, computed here so every process and server version agrees. */
const keyLock = (key: string) => crypto.createHash('sha256').update(key).digest().readInt32BE(0);

/**
 * Holds each key's lock until the transaction `tx` ends, so the transactions counting one key run
 * one at a time on every process. Locks are taken in ascending order, so two transactions
 * wanting the same keys cannot each hold one the other waits for. Keys whose hashes collide
 * merely share a lock.
 */
export async function lockRateLimitKeys(tx: PostgresDatabase, keys: readonly string[]): Promise<void> {
  const locks = [...new Set(keys.map(keyLock))].sort((a, b) => a - b);
  // unnest gives the locks in the array's order, and each row's call runs as its row is produced
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RATE_LIMIT_LOCK_CLASS}, k) FROM unnest(${sql.param(locks)}::integer[]) AS k`);
}
