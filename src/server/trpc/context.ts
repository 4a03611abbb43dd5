import type { SessionRow, UserRow } from '../../../db/schema';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { DB } from '../db';
import type { Services } from '../services';
import { readSessionToken, sessionCookie } from '../services/auth/sessions';

export interface AppDeps {
  db: DB;
  clock: Clock;
  config: Config;
  services: Services;
}

export interface Context extends AppDeps {
  user: UserRow | null;
  session: SessionRow | null;
  ip: string;
  /** Headers the transport copies onto the response (Set-Cookie). */
  resHeaders: Headers;
}

export interface RequestInfo {
  headers: Headers;
  ip: string;
  resHeaders: Headers;
}

/** Reads the session cookie, validates it, and re-sends it when its expiry slid forward. */
export function createContext(deps: AppDeps, req: RequestInfo): Context {
  const token = readSessionToken(req.headers.get('cookie'));
  const found = deps.services.sessions.validate(token);
  if (found?.refreshed && token) {
    req.resHeaders.append('Set-Cookie', sessionCookie(token, found.session, deps.config.secureCookies, deps.clock()));
  }
  // Local billing rolls an ended period forward (or ends a cancelled plan) before anything reads access.
  const user = found ? deps.services.billing.settle(found.user) : null;
  return {
    ...deps,
    user,
    session: found?.session ?? null,
    ip: req.ip,
    resHeaders: req.resHeaders,
  };
}
