import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface SunkMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * Test double at the network edge: a real SMTP server on loopback that keeps
 * what it receives, so tests read e-mail exactly as nodemailer sent it.
 */
export async function startSmtpSink() {
  const received: SunkMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the first message to `address` received after `since` messages. */
    async waitFor(address: string, since = 0, timeoutMs = 5000): Promise<SunkMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.slice(since).find((m) => m.to.includes(address));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The reset link in a message (quoted-printable soft breaks undone). */
export function extractLink(raw: string, pathPrefix: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = text.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`));
  if (!match) throw new Error(`no link with ${pathPrefix} in message`);
  return match[0];
}
