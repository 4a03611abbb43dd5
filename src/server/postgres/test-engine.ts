import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../database/dialect';
import { postgresDatabase } from './connect';
import { postgresDialect, type PostgresDialect } from './dialect';

/** What the PostgreSQL test run's global setup hands the test files: a server and a migrated template. */
export interface PostgresTestServer {
  url: string;
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresTestServer | null;
  }
}

/** The engine this test run exercises: SQLite, or PostgreSQL in the run `npm test` adds when it can start one. */
export function testEngine(): 'sqlite' | 'postgres' {
  return process.env.COPYDESK_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/** A pool whose connections wait until its database exists, so a test can open one without awaiting. */
function pendingPool(config: pg.PoolConfig, ready: Promise<void>): pg.Pool {
  const pool = new pg.Pool(config);
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => Promise<pg.PoolClient> | undefined;
  // pool.query() connects through the callback form, transactions through the promise form
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    if (!callback) return ready.then(() => connect());
    ready.then(
      () => connect(callback),
      (e: unknown) => callback(e),
    );
    return undefined;
  }) as typeof pool.connect;
  return pool;
}

let admin: Promise<pg.Client> | null = null;

function adminClient(url: string): Promise<pg.Client> {
  admin ??= (async () => {
    // the client stays open for the worker's life; its socket must not keep the process from exiting
    const client = new pg.Client({ connectionString: url, stream: () => new net.Socket().unref() });
    await client.connect();
    return client;
  })();
  return admin;
}

/** A new database's name and URL on the run's server, and its creation from the migrated template (not awaited). */
function templateCopy() {
  const server = inject('postgres');
  if (!server) throw new Error('PostgreSQL tests run only in the postgres project (see vitest.config.ts)');
  const name = `copydesk_t_${crypto.randomBytes(6).toString('hex')}`;
  const ready = adminClient(server.url).then(async (client) => {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${client.escapeIdentifier(server.template)}`);
  });
  ready.catch(() => {});
  const target = new URL(server.url);
  target.pathname = `/${name}`;
  const drop = async () => {
    const client = await adminClient(server.url);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return { url: target.toString(), ready, drop };
}

/**
 * A migrated PostgreSQL database of its own, copied from the run's template. It is returned at
 * once, as SQLite's file is; its first query waits for the copy. Closing it drops it.
 */
export function openTestPostgres(): Database<PostgresDialect> {
  const { url, ready, drop } = templateCopy();
  const config = { connectionString: url, max: 4, idleTimeoutMillis: 2_000 };
  const pool = pendingPool(config, ready);
  pool.on('error', () => {});
  return postgresDialect(postgresDatabase(pool, drop, () => pendingPool(config, ready)));
}

/** A migrated PostgreSQL database of its own for a server a test starts (its DATABASE_URL); `drop` once the server is closed. */
export async function createTestPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const { url, ready, drop } = templateCopy();
  await ready;
  return { url, drop };
}
