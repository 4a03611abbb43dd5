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
    /**
     * Resolves with the first message to `address` received after `since` messages, holding `containing`
     * when given (an account gets its verification e-mail beside whatever a test waits for).
     */
    async waitFor(address: string, since = 0, containing?: string, timeoutMs = 5000): Promise<SunkMail> {
      const deadline = Date.now() + timeoutMs;
      const holds = (m: SunkMail) => !containing || unfolded(m.raw).includes(containing);
      for (;;) {
        const hit = received.slice(since).find((m) => m.to.includes(address) && holds(m));
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

/** The links a message may carry, by the path that starts them. */
export const LINKS = {
  reset: '/reset-password?token=',
  invitation: '/accept-invitation?token=',
  verification: '/verify-email?token=',
} as const;

/** A message's text with quoted-printable soft breaks and `=3D` undone. */
export function unfolded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** The link starting with `pathPrefix` in a message. */
export function extractLink(raw: string, pathPrefix: string): string {
  const text = unfolded(raw);
  const match = text.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`));
  if (!match) throw new Error(`no link with ${pathPrefix} in message`);
  return match[0];
}
