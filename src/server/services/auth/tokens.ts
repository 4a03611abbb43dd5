import { hash, timingSafeEqual } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A random string of `bytes` bytes of entropy (default 20 = 160 bits). */
export function randomToken(bytes = 20): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return encodeBase32LowerCaseNoPadding(buf);
}

/**
 * Hex SHA-256. Every authenticated request hashes its session secret, so this is
 * node:crypto's one-shot hash: no Hash object for the garbage collector to finalise.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
