/**
 * The floor for `bench/api.ts`: a bare `node:http` server doing the same session
 * lookup as Copydesk's GET /api/user on the same SQLite file, with no framework.
 * Run as a child process: `node --import tsx bench/baseline-server.ts` with
 * PORT and DB_FILE in the environment.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

const SESSION_COOKIE = 'copydesk_session';

interface Row {
  secret_hash: string;
  expires_at: number;
  id: number;
  username: string;
  email: string;
  email_verified_at: number | null;
  is_admin: number;
  subscription_status: string;
  subscription_plan: string | null;
  subscription_renewal_date: number | null;
  team_id: number | null;
  cancel_at_period_end: number;
  created_at: number;
}

function readToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt >= 0 && part.slice(0, eqAt).trim() === SESSION_COOKIE) return part.slice(eqAt + 1).trim() || undefined;
  }
  return undefined;
}

export function createBaselineServer(dbFile: string) {
  const sqlite = new Database(dbFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const byId = sqlite.prepare<[string], Row>(
    `SELECT s.secret_hash, s.expires_at, u.id, u.username, u.email, u.email_verified_at, u.is_admin, u.subscription_status,
            u.subscription_plan, u.subscription_renewal_date, u.team_id, u.cancel_at_period_end, u.created_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`,
  );

  const lookup = (token: string | undefined): Row | undefined => {
    if (!token || token.length > 200) return undefined;
    const dot = token.indexOf('.');
    if (dot <= 0) return undefined;
    const row = byId.get(token.slice(0, dot));
    if (!row) return undefined;
    const hash = Buffer.from(
      createHash('sha256')
        .update(token.slice(dot + 1))
        .digest('hex'),
    );
    const stored = Buffer.from(row.secret_hash);
    if (hash.length !== stored.length || !timingSafeEqual(hash, stored)) return undefined;
    if (Date.now() >= row.expires_at) return undefined;
    return row;
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
    res.end(json);
  };

  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/api/user') return send(res, 404, { message: 'Not found' });
    const row = lookup(readToken(req.headers.cookie));
    if (!row) return send(res, 401, { message: 'Authentication required' });
    send(res, 200, {
      id: row.id,
      username: row.username,
      email: row.email,
      emailVerified: row.email_verified_at != null,
      isAdmin: row.is_admin === 1,
      subscriptionStatus: row.subscription_status || 'inactive',
      subscriptionPlan: row.subscription_plan ?? null,
      subscriptionRenewalDate: row.subscription_renewal_date ? new Date(row.subscription_renewal_date).toISOString() : null,
      teamId: row.team_id ?? null,
      cancelAtPeriodEnd: row.cancel_at_period_end === 1,
      createdAt: new Date(row.created_at).toISOString(),
    });
  });
  server.on('close', () => sqlite.close());
  return server;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 0);
  const dbFile = process.env.DB_FILE;
  if (!dbFile) throw new Error('DB_FILE is required');
  const server = createBaselineServer(dbFile);
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    console.log(`baseline listening on ${typeof address === 'object' && address ? address.port : port}`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}
