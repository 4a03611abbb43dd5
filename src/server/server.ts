import fs from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, DEFAULT_CLIENT_DIR } from './app';
import { systemClock, type Clock } from './clock';
import { describeDatabase, type Config } from './config';
import { openConfiguredDatabase } from './db';
import { createServices } from './services';
import type { MailService } from './services/mail';
import { createBatchedLog } from './log';
import { stopEditor, warmEditor } from './editor';
import { stopExtraction, warmExtraction } from './services/documents/extract';

const KEEP_ALIVE_MS = 65_000;
/** After the replies have drained, how long other requests may take to finish. */
const CLOSE_GRACE_MS = 2_000;

export interface StartOptions {
  config: Config;
  clock?: Clock;
  mail?: MailService;
  log?: (line: string) => void;
  clientDir?: string;
}

/** Opens the database, bootstraps the admin and listens; resolves once the port is bound. */
export async function startServer(o: StartOptions) {
  const log = o.log ?? createBatchedLog();
  const clock = o.clock ?? systemClock;
  fs.mkdirSync(o.config.dataDir, { recursive: true });
  const db = await openConfiguredDatabase(o.config, (e) => log(`database: connection lost (${e.message})`));
  const services = createServices({ db, clock, config: o.config, mail: o.mail, log });

  if (o.config.adminEmail && o.config.adminPassword) {
    const { user, created, promoted } = await services.users.ensureAdmin(o.config.adminEmail, o.config.adminPassword);
    log(`admin: ${created ? 'created' : promoted ? 'promoted' : 'already admin'} ${user.email}`);
  }
  await services.sessions.deleteExpired();

  // harper.js loads in a worker while the server already answers; analyze works without it until then.
  warmEditor().then(
    () => log('editor: grammar checker ready'),
    (e: unknown) => log(`editor: grammar checker unavailable (${e instanceof Error ? e.message : String(e)})`),
  );

  // Started before the server listens: starting a process from a large one holds its thread.
  warmExtraction();

  log(`database: ${describeDatabase(o.config)}`);
  log(services.mail.describe());
  log(services.ai.describe());
  log(services.billing.describe());

  let serving = true;
  const app = createApp({
    db,
    clock,
    config: o.config,
    services,
    log,
    clientDir: o.clientDir ?? DEFAULT_CLIENT_DIR,
    isServing: () => serving,
  });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: o.config.port, hostname: o.config.host }, () => resolve(s));
  });
  if ('keepAliveTimeout' in server) {
    // Longer than a proxy's or load balancer's idle timeout (often 60 s): Node's 5 s would close
    // connections the proxy still reuses, and its next request on one fails as a 502.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : o.config.port;
  log(`Copydesk listening on http://${o.config.host}:${port} (public URL ${o.config.appUrl})`);

  // Once closing, no response keeps its connection: a proxy's pooled connection would otherwise
  // hold server.close() open for the keep-alive time, after the last reply had ended.
  server.on('request', (_req: unknown, res: { shouldKeepAlive: boolean }) => {
    if (!serving) res.shouldKeepAlive = false;
  });
  const closeIdle = () => {
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };

  let closing: Promise<void> | undefined;
  /**
   * Stops taking connections and lets the replies streaming here finish (those still running after
   * SHUTDOWN_DRAIN_SECONDS are stopped and saved as stopped), then closes the rest.
   */
  const close = () =>
    (closing ??= (async () => {
      serving = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      closeIdle();
      // a connection goes idle as its reply ends
      const sweep = setInterval(closeIdle, 100);
      try {
        await services.chat.drain(o.config.shutdownDrainSeconds * 1000);
        const settled = await Promise.race([closed.then(() => true), delay(CLOSE_GRACE_MS).then(() => false)]);
        if (!settled && 'closeAllConnections' in server) server.closeAllConnections();
        await closed;
      } finally {
        clearInterval(sweep);
      }
      services.mail.close();
      stopExtraction();
      await Promise.allSettled([services.close(), stopEditor()]);
      await db.$close().catch(() => {});
    })());

  return { app, server, port, db, services, close };
}
