import { createHmac } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { UserRow } from '../../../../db/schema';
import { LIMITS, RATE_LIMITS } from '../../../shared/limits';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { addressKey, type RateCheck } from '../rate-limiter';
import { hashesEqual, randomToken } from './tokens';

/**
 * A browser that has signed in to an account before carries an entry for that
 * account in this cookie. The login throttle lets such a browser through to the
 * password check when strangers' failures have locked the account
 * (docs/decisions/011-login-throttling-spares-known-devices.md, 035-known-device-cookies-rotate.md).
 */
export const KNOWN_DEVICE_COOKIE = 'copydesk_device';
/** Accounts one browser is remembered for; the oldest entry drops out. */
const MAX_ENTRIES = 5;
/** Browsers one account is remembered on; those signed in to once and longest ago go first. */
const MAX_DEVICES_PER_ACCOUNT = 20;
/** A longer cookie is not ours to read. */
const MAX_COOKIE_CHARS = 1024;

type Account = Pick<UserRow, 'id' | 'passwordHash'>;

interface Entry {
  userId: number;
  deviceId: string;
  secret: string;
}

/** A browser whose cookie holds the current secret of one of the account's devices. */
export interface KnownDevice {
  id: string;
  secret: string;
  /** The request comes from the client address the device last signed in from. */
  atHome: boolean;
}

/**
 * Keyed by the account's password hash, which never leaves the server: any new
 * password, however it is set, forgets every device but the one that set it.
 */
function seal(account: Account, deviceId: string, secret: string): string {
  return createHmac('sha256', `copydesk known device\0${account.passwordHash}`)
    .update(`${account.id}.${deviceId}.${secret}`)
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
    const m = /^(\d{1,15})\.([a-z2-7]{24})\.([a-z2-7]{32})$/.exec(raw);
    if (m) entries.push({ userId: Number(m[1]), deviceId: m[2]!, secret: m[3]! });
  }
  return entries;
}

const format = (e: Entry) => `${e.userId}.${e.deviceId}.${e.secret}`;

export function createKnownDevices(db: DB, clock: Clock) {
  const { knownDevices } = db.tables;
  /** Keeps the account's newest devices, preferring those signed in to more than once over one-off sign-ins (scripts). */
  async function prune(userId: number) {
    const rows = await db
      .select({ id: knownDevices.id })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(desc(sql`${knownDevices.lastSignInAt} > ${knownDevices.createdAt}`), desc(knownDevices.lastSignInAt));
    const surplus = rows.slice(MAX_DEVICES_PER_ACCOUNT).map((r) => r.id);
    if (surplus.length) await db.delete(knownDevices).where(inArray(knownDevices.id, surplus));
  }

  return {
    /**
     * The device this browser is for the account, when its cookie holds the device's current secret
     * (compared in constant time) and it signed in within the device lifetime. An older copy of the
     * cookie is a stranger's: each sign-in replaced its secret.
     */
    async recognise(account: Account, client: { ip: string; cookie?: string }): Promise<KnownDevice | undefined> {
      const now = clock().getTime();
      for (const entry of parse(client.cookie)) {
        if (entry.userId !== account.id) continue;
        const [row] = await db
          .select()
          .from(knownDevices)
          .where(and(eq(knownDevices.id, entry.deviceId), eq(knownDevices.userId, account.id)))
          .limit(1);
        if (!row) continue;
        if (now - row.lastSignInAt.getTime() > LIMITS.knownDeviceLifetimeMs) {
          await db.delete(knownDevices).where(eq(knownDevices.id, row.id));
          continue;
        }
        if (hashesEqual(row.secretHash, seal(account, entry.deviceId, entry.secret)))
          return { id: row.id, secret: entry.secret, atHome: row.lastAddress === addressKey(client.ip) };
      }
      return undefined;
    },

    /**
     * The budget a recognised device's failed logins count against: its own at the address it last
     * signed in from, a small allowance elsewhere (past which the attempt is a stranger's). Never the
     * account's, nor another device's.
     */
    budget(device: KnownDevice): RateCheck {
      return device.atHome
        ? [`login:device:${device.id}`, RATE_LIMITS.failedLoginsPerKnownDevice]
        : [`login:device-away:${device.id}`, RATE_LIMITS.failedLoginsPerKnownDeviceAway];
    },

    /**
     * After a sign-in: the cookie's new value, this account's entry first with a new secret (so any
     * copy taken before stops counting), the browser's other accounts kept. `device` is the browser
     * as recognised before the sign-in; without it, or if another sign-in replaced its secret
     * meanwhile, the browser becomes a new device.
     */
    async remember(account: Account, client: { ip: string; cookie?: string }, device?: KnownDevice): Promise<string> {
      const now = clock();
      const lastAddress = addressKey(client.ip);
      const secret = randomToken(20);
      let deviceId: string | undefined;
      if (device) {
        const [renewed] = await db
          .update(knownDevices)
          .set({ secretHash: seal(account, device.id, secret), lastAddress, lastSignInAt: now })
          .where(and(eq(knownDevices.id, device.id), eq(knownDevices.secretHash, seal(account, device.id, device.secret))))
          .returning({ id: knownDevices.id });
        deviceId = renewed?.id;
      }
      if (!deviceId) {
        deviceId = randomToken(15);
        const secretHash = seal(account, deviceId, secret);
        await db
          .insert(knownDevices)
          .values({ id: deviceId, userId: account.id, secretHash, lastAddress, createdAt: now, lastSignInAt: now });
        await prune(account.id);
      }
      const others = parse(client.cookie).filter((e) => e.userId !== account.id);
      return [{ userId: account.id, deviceId, secret }, ...others].slice(0, MAX_ENTRIES).map(format).join('~');
    },

    /** Forgets every browser remembered for the account (its password changed). */
    async forgetAll(userId: number): Promise<void> {
      await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
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
