import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { createApp } from './app';
import { fixedClock } from './clock';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db';
import { openTestPostgres, testEngine } from './postgres/test-engine';
import { createServices } from './services';
import { createMailService } from './services/mail';
import type { AiProvider } from './services/ai';
import { createContext } from './trpc/context';
import { createCaller } from './routers';

export interface TestAppOptions {
  env?: Record<string, string>;
  smtpUrl?: string;
  start?: string;
  /** Replaces the configured model (a provider double). */
  ai?: AiProvider;
}

/** A complete app over a fresh database (a SQLite file, or PostgreSQL in that test run) and a fixed clock, for `app.request()` and `createCaller` tests. */
export function createTestApp(o: TestAppOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-test-'));
  const config: Config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', ...o.env });
  const clock = fixedClock(o.start ?? '2026-03-02T09:00:00Z');
  // the PostgreSQL test run gives each app a database of its own, as each gets a SQLite file here
  const { db, dialect } = testEngine() === 'postgres' ? openTestPostgres() : openDatabase(path.join(dataDir, 'app.db'));
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  const mail = createMailService({
    smtpUrl: o.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(dataDir, 'outbox'),
    log,
  });
  const services = createServices({ db, dialect, clock, config, mail, log, ai: o.ai });
  const clientDir = path.join(dataDir, 'no-client');
  fs.mkdirSync(clientDir);
  const app = createApp({ db, dialect, clock, config, services, log, clientDir });

  /** A tRPC caller as the given session token (or API token, `bearer`) would be, or anonymous. */
  const caller = (opts: { token?: string; bearer?: string; ip?: string } = {}) => {
    const cookie = opts.token ? `copydesk_session=${opts.token}` : undefined;
    const resHeaders = new Headers();
    const setCookie = (value: string) => resHeaders.append('Set-Cookie', value);
    // Read once, now, as a request reads its session before its procedure runs.
    const authorization = opts.bearer === undefined ? undefined : `Bearer ${opts.bearer}`;
    const context = createContext(
      { db, dialect, clock, config, services },
      { cookie, authorization, ip: opts.ip ?? '127.0.0.1', setCookie },
    );
    context.catch(() => {});
    return {
      api: createCaller(() => context),
      resHeaders,
    };
  };

  /** The raw SQLite connection, for tests of what only SQLite has; a PostgreSQL run has none. */
  const sqliteClient = () => {
    if (dialect.name !== 'sqlite') throw new Error('this test app runs on PostgreSQL');
    return dialect.client;
  };

  return {
    app,
    db,
    dialect,
    sqliteClient,
    clock,
    config,
    services,
    logs,
    caller,
    /** The environment under which the CLI opens this app's database: its data folder, or its PostgreSQL database. */
    async cliEnv(): Promise<{ DATA_DIR: string; DATABASE_URL: string }> {
      if (dialect.name !== 'postgres') return { DATA_DIR: dataDir, DATABASE_URL: '' };
      // a test database exists once its first query has run
      await dialect.ping();
      const { connectionString } = dialect.pool.options;
      return { DATA_DIR: dataDir, DATABASE_URL: connectionString ?? '' };
    },
    /** SQLite closes at once; the promise is for a database that closes over the network. */
    async close(): Promise<void> {
      mail.close();
      await services.close();
      const closed = dialect.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return closed;
    },
  };
}

export type TestApp = ReturnType<typeof createTestApp>;

/** The error a tRPC call fails with; any other outcome fails the test. */
export async function trpcError(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call;
  } catch (e) {
    if (e instanceof TRPCError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}
