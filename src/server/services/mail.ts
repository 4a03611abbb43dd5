import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailService {
  kind: 'smtp' | 'outbox';
  describe(): string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when a URL is configured; otherwise each message is written as an .eml file in the outbox. */
export function createMailService(opts: { smtpUrl?: string; from: string; outboxDir: string; log?: (line: string) => void }): MailService {
  const log = opts.log ?? ((line: string) => console.log(line));
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    const safeUrl = (() => {
      try {
        const u = new URL(opts.smtpUrl);
        return `${u.protocol}//${u.hostname}:${u.port || 'default'}`;
      } catch {
        return 'configured host';
      }
    })();
    return {
      kind: 'smtp',
      describe: () => `mail: SMTP ${safeUrl}`,
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    describe: () => `mail: outbox ${opts.outboxDir}`,
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${Date.now()}-${info.messageId.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`);
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      // Neither the address nor the file: a log reader must not be able to open a reset link.
      log(`mail: "${m.subject}" written to the outbox`);
    },
    close: () => transport.close(),
  };
}
