import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { UserRow } from '../../../db/schema';
import { importServerBundle, type RunningServer } from '../../support/server-bundle';
import { LINKS, extractLink, startSmtpSink, type SmtpSink } from '../../support/smtp-sink';
import { CLIENT_DIR, ensureClientBuilt } from './client-build';

export interface E2EServer {
  /** The origin the browser opens, e.g. http://localhost:41234 (also the server's APP_URL). */
  url: string;
  smtp: SmtpSink;
  logs: string[];
  /** The server as the bundle `npm start` runs (dist/server/main.mjs) started it, in this process. */
  running: RunningServer;
  /** The module the server came from, as it names itself. */
  moduleUrl: string;
  /** Sets subscription fields of an account directly in the database (billing has no other way in yet). */
  setSubscription(email: string, fields: { subscriptionStatus: string; subscriptionPlan?: string | null }): Promise<void>;
  /** Sets any stored fields of an account, e.g. `teamId` before the team API exists. */
  updateUser(email: string, fields: Partial<Omit<UserRow, 'id' | 'email'>>): Promise<void>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server (the bundle `npm start` runs) over a fresh data folder, serving the built client, with
 * e-mail delivered over SMTP to a local sink the test can read.
 */
export async function startE2EServer(opts: { env?: Record<string, string> } = {}): Promise<E2EServer> {
  await ensureClientBuilt();
  const { loadConfig, startServer, moduleUrl } = await importServerBundle();
  const smtp = await startSmtpSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-e2e-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: url,
    SMTP_URL: smtp.url,
    // Every browser test registers its accounts from 127.0.0.1.
    REGISTRATIONS_PER_HOUR: '1000',
    ...opts.env,
  });
  const logs: string[] = [];
  const running = await startServer({ config, clientDir: CLIENT_DIR, log: (line) => logs.push(line) });
  const { users } = running.db.tables;

  return {
    url,
    smtp,
    logs,
    running,
    moduleUrl,
    async setSubscription(email, fields) {
      await running.db.update(users).set(fields).where(eq(users.email, email.toLowerCase()));
    },
    async updateUser(email, fields) {
      await running.db.update(users).set(fields).where(eq(users.email, email.toLowerCase()));
    },
    async close() {
      await running.close();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the verification link the server mailed to `email` at registration, as its owner would. */
export async function verifyByMail(server: E2EServer, email: string): Promise<void> {
  const mail = await server.smtp.waitFor(email, 0, LINKS.verification);
  const token = new URL(extractLink(mail.raw, LINKS.verification)).searchParams.get('token');
  const res = await fetch(`${server.url}/api/verify-email`, {
    method: 'POST',
    headers: { Origin: new URL(server.url).origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (res.status !== 200) throw new Error(`verify ${email}: ${res.status} ${await res.text()}`);
}
