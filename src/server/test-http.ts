import fs from 'node:fs';
import path from 'node:path';
import { LINKS, extractLink, unfolded } from '../../tests/support/smtp-sink';
import { SESSION_COOKIE } from './services/auth/sessions';
import type { TestApp } from './test-app';

export interface SendOptions {
  token?: string;
  headers?: Record<string, string>;
  /** The Origin header: the app's own unless given (here or in `headers`); null sends none. */
  origin?: string | null;
}

/** A JSON request as a browser or script sends it: its Origin, content type and length set, session cookie if any. */
export async function send(t: TestApp, method: string, path: string, body?: unknown, o: SendOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...o.headers };
  const origin = o.origin === undefined ? t.config.appOrigin : o.origin;
  if (origin !== null && !Object.keys(headers).some((name) => name.toLowerCase() === 'origin')) headers.origin = origin;
  if (o.token) headers.cookie = `${SESSION_COOKIE}=${o.token}`;
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === 'string' ? body : JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
    headers['content-length'] ??= String(Buffer.byteLength(payload));
  }
  return t.app.request(path, { method, headers, body: payload });
}

export const post = (t: TestApp, path: string, body?: unknown, o?: SendOptions) => send(t, 'POST', path, body, o);
export const get = (t: TestApp, path: string, o?: SendOptions) => send(t, 'GET', path, undefined, o);

/** The session Set-Cookie header of a response, split into its attributes. */
export function sessionCookieOf(res: Response): { value: string; attributes: Map<string, string> } | undefined {
  const header = res.headers.getSetCookie().findLast((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!header) return undefined;
  const [pair, ...rest] = header.split(';').map((p) => p.trim());
  const attributes = new Map<string, string>();
  for (const attr of rest) {
    const eq = attr.indexOf('=');
    attributes.set((eq < 0 ? attr : attr.slice(0, eq)).toLowerCase(), eq < 0 ? '' : attr.slice(eq + 1));
  }
  return { value: pair!.slice(SESSION_COOKIE.length + 1), attributes };
}

export const PASSWORD = 'deadline-7!';

/** Registers through the API and returns the new session token. */
export async function registerUser(t: TestApp, username: string, email = `${username}@news.example`, password = PASSWORD) {
  const res = await post(t, '/api/register', { username, email, password });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  return sessionCookieOf(res)!.value;
}

/** Logs in through the API; returns the response and the token it set (if any). */
export async function login(t: TestApp, email: string, password = PASSWORD, o: SendOptions & { rememberMe?: boolean } = {}) {
  const body = o.rememberMe === undefined ? { email, password } : { email, password, rememberMe: o.rememberMe };
  const res = await post(t, '/api/login', body, o);
  return { res, token: sessionCookieOf(res)?.value };
}

/** The fields of API.md's User, sorted: nothing more (never a hash), nothing less. */
export const USER_KEYS = [
  'cancelAtPeriodEnd',
  'createdAt',
  'email',
  'emailVerified',
  'id',
  'isAdmin',
  'subscriptionPlan',
  'subscriptionRenewalDate',
  'subscriptionStatus',
  'teamId',
  'username',
];

/** The messages the outbox holds for `address`, oldest first, decoded enough to read their text and links. */
export function outboxMailTo(t: TestApp, address: string): string[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const to = new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi');
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => unfolded(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((text) => to.test(text));
}

/** The newest message to `address` holding `text`, waiting a little for the mail to be written. */
export async function outboxMessage(t: TestApp, address: string, text: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const newest = outboxMailTo(t, address)
      .filter((mail) => mail.includes(text))
      .at(-1);
    if (newest) return newest;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${address} with ${text} in the outbox`);
}

/** The link starting with `link` in the newest message to `address` that holds one. */
export const outboxLink = async (t: TestApp, address: string, link: string): Promise<string> =>
  extractLink(await outboxMessage(t, address, link), link);

/** Opens the verification link the outbox holds for `address`, as its owner would. */
export async function verifyThroughOutbox(t: TestApp, address: string): Promise<void> {
  const token = new URL(await outboxLink(t, address, LINKS.verification)).searchParams.get('token');
  const res = await post(t, '/api/verify-email', { token });
  if (res.status !== 200) throw new Error(`verify ${address}: ${res.status} ${await res.text()}`);
}
