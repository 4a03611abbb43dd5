import crypto from 'node:crypto';

/**
 * An advisory lock's second number for `key`: 32 bits of its SHA-256, the same in every process and
 * server version. Keys whose numbers collide merely share a lock.
 */
export const lockKey = (key: string) => crypto.createHash('sha256').update(key).digest().readInt32BE(0);
