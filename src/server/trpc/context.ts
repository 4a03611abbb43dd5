import type { SessionRow, UserRow } from '../../../db/schema';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { DB, Dialect } from '../db';
import type { Services } from '../services';
import { readSessionToken, sessionCookie } from '../services/auth/sessions';

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
  ip: string;
  /** The request's Cookie header (the known-device cookie of sign-ins is read from it). */
  cookie: string | undefined;
  /** Adds a Set-Cookie value to the response; each transport says how. */
  setCookie: (value: string) => void;
}

export interface RequestInfo {
  /** The request's Cookie header. */
  cookie: string | undefined;
  ip: string;
  setCookie: (value: string) => void;
}

/** Reads the session cookie, validates it, and re-sends it when its expiry slid forward. */
export async function createContext(deps: AppDeps, req: RequestInfo): Promise<Context> {
  const token = readSessionToken(req.cookie);
  const found = await deps.services.sessions.validate(token);
  if (found?.refreshed && token) {
    req.setCookie(sessionCookie(token, found.session, deps.config.secureCookies, deps.clock()));
  }
  // Local billing rolls an ended period forward (or ends a cancelled plan) before anything reads access.
  const user = found ? await deps.services.billing.settle(found.user) : null;
  return {
    db: deps.db,
    dialect: deps.dialect,
    clock: deps.clock,
    config: deps.config,
    services: deps.services,
    user,
    session: found?.session ?? null,
    ip: req.ip,
    cookie: req.cookie,
    setCookie: req.setCookie,
  };
}
