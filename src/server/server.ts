import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
import { stopMultipartWorkers } from './http/multipart';

const KEEP_ALIVE_MS = 65_000;
/** After the replies have drained, how long other requests may take to finish, and after that the connections left. */
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
  const { db, dialect } = await openConfiguredDatabase(o.config, (e) => log(`database: connection lost (${e.message})`));
  const services = createServices({ db, dialect, clock, config: o.config, mail: o.mail, log });

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
    dialect,
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

  // Requests begun before a shutdown, which it lets finish.
  const begun = new Set<ServerResponse>();
  let lastEnded: (() => void) | undefined;
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    // Once closing, no response keeps its connection: a proxy's pooled connection would otherwise
    // go on sending requests here until the process is gone.
    if (!serving) {
      res.shouldKeepAlive = false;
      return;
    }
    begun.add(res);
    res.once('close', () => {
      begun.delete(res);
      if (begun.size === 0) lastEnded?.();
    });
  });
  const begunEnded = () => new Promise<void>((resolve) => (begun.size === 0 ? resolve() : (lastEnded = resolve)));

  let closing: Promise<void> | undefined;
  /**
   * Answers every new request 503 (the health checks too) while the replies streaming here finish
   * (those still running after SHUTDOWN_DRAIN_SECONDS are stopped and saved as stopped) and the
   * other requests begun before finish; then closes the services, and only then stops listening,
   * so that a client polling meanwhile gets an answer rather than a refused connection.
   */
  const close = () =>
    (closing ??= (async () => {
      serving = false;
      // those whose headers are not out yet; the others' connections end below
      for (const res of begun) res.shouldKeepAlive = false;
      await services.chat.drain(o.config.shutdownDrainSeconds * 1000);
      await Promise.race([begunEnded(), delay(CLOSE_GRACE_MS)]);
      // cut before the services they use close under them
      for (const res of begun) res.socket?.destroy();
      services.mail.close();
      stopExtraction();
      await Promise.allSettled([services.close(), stopEditor(), stopMultipartWorkers()]);
      await dialect.close().catch(() => {});
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      // what is left are answers being written; a connection still open past that is cut
      const settled = await Promise.race([closed.then(() => true), delay(CLOSE_GRACE_MS).then(() => false)]);
      if (!settled && 'closeAllConnections' in server) server.closeAllConnections();
      await closed;
    })());

  return { app, server, port, db, dialect, services, close };
}
