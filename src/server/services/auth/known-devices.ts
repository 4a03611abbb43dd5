import { createHmac } from 'node:crypto';
import type { UserRow } from '../../../../db/schema';
import { LIMITS } from '../../../shared/limits';
import type { Clock } from '../../clock';
import { hashesEqual, randomToken } from './tokens';

/**
 * A browser that has signed in to an account before carries a signed entry for
 * that account in this cookie. The login throttle lets such a browser through
 * to the password check when strangers' failures have locked the account
 * (docs/decisions/011-login-throttling-spares-known-devices.md).
 */
export const KNOWN_DEVICE_COOKIE = 'copydesk_device';
/** Accounts one browser is remembered for; the oldest entry drops out. */
const MAX_ENTRIES = 5;
/** A longer cookie is not ours to read. */
const MAX_COOKIE_CHARS = 1024;

type Account = Pick<UserRow, 'id' | 'passwordHash'>;

interface Entry {
  userId: number;
  deviceId: string;
  issuedAt: number;
  mac: string;
}

/**
 * Keyed by the account's password hash, which never leaves the server: no key
 * to configure, and a password change or reset forgets every device but the
 * one that made it.
 */
function sign(account: Account, deviceId: string, issuedAt: number): string {
  return createHmac('sha256', `copydesk known device\0${account.passwordHash}`)
    .update(`${account.id}.${deviceId}.${issuedAt}`)
    .digest('base64url');
}

function readCookie(cookieHeader: string | undefined): string {
  for (const part of cookieHeader?.split(';') ?? []) {
    const eqAt = part.indexOf('=');
    if (eqAt >= 0 && part.slice(0, eqAt).trim() === KNOWN_DEVICE_COOKIE) return part.slice(eqAt + 1).trim();
  }
  return '';
}

function parse(cookieHeader: string | undefined): Entry[] {
  const value = readCookie(cookieHeader);
  if (value.length > MAX_COOKIE_CHARS) return [];
  const entries: Entry[] = [];
  for (const raw of value.split('~').slice(0, MAX_ENTRIES)) {
    const m = /^(\d{1,15})\.([a-z2-7]{16,64})\.([0-9a-z]{1,12})\.([\w-]{43})$/.exec(raw);
    if (m) entries.push({ userId: Number(m[1]), deviceId: m[2]!, issuedAt: parseInt(m[3]!, 36), mac: m[4]! });
  }
  return entries;
}

const format = (e: Entry) => `${e.userId}.${e.deviceId}.${e.issuedAt.toString(36)}.${e.mac}`;

export function createKnownDevices(clock: Clock) {
  return {
    /** The id of this browser for the account when its cookie proves an earlier sign-in, compared in constant time. */
    recognise(account: Account, cookieHeader: string | undefined): string | undefined {
      const now = clock().getTime();
      for (const entry of parse(cookieHeader)) {
        if (entry.userId !== account.id) continue;
        if (entry.issuedAt > now || now - entry.issuedAt > LIMITS.knownDeviceLifetimeMs) continue;
        if (hashesEqual(entry.mac, sign(account, entry.deviceId, entry.issuedAt))) return entry.deviceId;
      }
      return undefined;
    },

    /** The cookie's new value after a sign-in: this account's entry renewed first, the browser's other accounts kept. */
    remember(account: Account, cookieHeader: string | undefined): string {
      const deviceId = this.recognise(account, cookieHeader) ?? randomToken(16);
      const issuedAt = clock().getTime();
      const entry = { userId: account.id, deviceId, issuedAt, mac: sign(account, deviceId, issuedAt) };
      const others = parse(cookieHeader).filter((e) => e.userId !== account.id);
      return [entry, ...others].slice(0, MAX_ENTRIES).map(format).join('~');
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;

export function knownDeviceCookie(value: string, secure: boolean): string {
  const maxAge = Math.floor(LIMITS.knownDeviceLifetimeMs / 1000);
  const parts = [`${KNOWN_DEVICE_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
