import type { SessionRow, UserRow } from '../../../db/schema';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { DB, Dialect } from '../db';
import type { Services } from '../services';
import { readSessionToken, sessionCookie } from '../services/auth/sessions';
import type { ApiTokenGrant } from '../services/auth/api-tokens';
import { API_TOKEN_MESSAGES } from '../../shared/schemas/api-tokens';
import { fail } from '../errors';

export interface AppDeps {
  db: DB;
  /** What differs between the engines; the services hold it too. */
  dialect: Dialect;
  clock: Clock;
  config: Config;
  services: Services;
}

export interface Context extends AppDeps {
  user: UserRow | null;
  session: SessionRow | null;
  /** The bearer token a script's request was made with; such a request has no session. */
  apiToken: ApiTokenGrant | null;
  ip: string;
  /** The request's Cookie header (the known-device cookie of sign-ins is read from it). */
  cookie: string | undefined;
  /** Adds a Set-Cookie value to the response; each transport says how. */
  setCookie: (value: string) => void;
}

export interface RequestInfo {
  /** The request's Cookie header. */
  cookie: string | undefined;
  /** The request's Authorization header. */
  authorization?: string | undefined;
  ip: string;
  setCookie: (value: string) => void;
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * A request with `Authorization: Bearer` speaks for the token's user, or is refused (401 with the
 * reason, 429 past the token's rate); otherwise the session cookie is read, validated, and re-sent
 * when its expiry slid forward.
 */
export async function createContext(deps: AppDeps, req: RequestInfo): Promise<Context> {
  if (req.authorization !== undefined && /^bearer\b/i.test(req.authorization)) return bearerContext(deps, req, req.authorization);
  const token = readSessionToken(req.cookie);
  const found = await deps.services.sessions.validate(token);
  if (found?.refreshed && token) {
    req.setCookie(sessionCookie(token, found.session, deps.config.secureCookies, deps.clock()));
  }
  // Local billing rolls an ended period forward (or ends a cancelled plan) before anything reads access.
  const user = found ? await deps.services.billing.settle(found.user) : null;
  return contextOf(deps, req, { user, session: found?.session ?? null, apiToken: null, cookie: req.cookie });
}

async function bearerContext(deps: AppDeps, req: RequestInfo, authorization: string): Promise<Context> {
  const token = BEARER.exec(authorization)?.[1];
  const checked = token ? await deps.services.apiTokens.check(token) : null;
  if (!checked?.ok) fail('UNAUTHORIZED', checked?.reason ?? API_TOKEN_MESSAGES.invalid);
  const retryAfter = deps.services.apiTokens.take(checked.grant.id);
  if (retryAfter > 0) fail('TOO_MANY_REQUESTS', API_TOKEN_MESSAGES.tooManyRequests, { retryAfter });
  const user = await deps.services.billing.settle(checked.user);
  return contextOf(deps, req, { user, session: null, apiToken: checked.grant, cookie: undefined });
}

/** One shape for both ways in, so every procedure sees the same object layout. */
function contextOf(deps: AppDeps, req: RequestInfo, who: Pick<Context, 'user' | 'session' | 'apiToken' | 'cookie'>): Context {
  return {
    db: deps.db,
    dialect: deps.dialect,
    clock: deps.clock,
    config: deps.config,
    services: deps.services,
    user: who.user,
    session: who.session,
    apiToken: who.apiToken,
    ip: req.ip,
    cookie: who.cookie,
    setCookie: req.setCookie,
  };
}
