import path from 'node:path';
import { RATE_LIMITS } from '../shared/limits';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  appUrl: string;
  appOrigin: string;
  secureCookies: boolean;
  trustProxy: boolean;
  /** Registrations one client address may make per hour. */
  registrationsPerHour: number;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  openai: { apiKey?: string; baseUrl?: string; model?: string; timeoutMs?: number };
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    priceId?: string;
    paymentLinkUrl?: string;
    apiBase?: string;
  };
  maxUploadMb: number;
  /** Bytes of uploaded files one account may keep, in MB. */
  storageQuotaMb: number;
  /** Document extractions running at once, machine-wide. */
  maxExtractions: number;
}

type Env = Record<string, string | undefined>;

const nonEmpty = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

export function loadConfig(env: Env = process.env): Config {
  const port = positiveInt(env, 'PORT', 3000);
  const appUrl = (nonEmpty(env.APP_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  let appOrigin: string;
  try {
    appOrigin = new URL(appUrl).origin;
  } catch {
    throw new Error(`APP_URL must be an absolute URL, got "${appUrl}"`);
  }
  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    appUrl,
    appOrigin,
    secureCookies: appOrigin.startsWith('https:'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    registrationsPerHour: positiveInt(env, 'REGISTRATIONS_PER_HOUR', RATE_LIMITS.registrationsPerIp.max),
    adminEmail: nonEmpty(env.ADMIN_EMAIL)?.toLowerCase(),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Copydesk <no-reply@localhost>',
    openai: {
      apiKey: nonEmpty(env.OPENAI_API_KEY),
      baseUrl: nonEmpty(env.OPENAI_BASE_URL),
      model: nonEmpty(env.OPENAI_MODEL),
      timeoutMs: nonEmpty(env.OPENAI_TIMEOUT_MS) ? positiveInt(env, 'OPENAI_TIMEOUT_MS', 1) : undefined,
    },
    stripe: {
      secretKey: nonEmpty(env.STRIPE_SECRET_KEY),
      publishableKey: nonEmpty(env.STRIPE_PUBLISHABLE_KEY),
      webhookSecret: nonEmpty(env.STRIPE_WEBHOOK_SECRET),
      priceId: nonEmpty(env.STRIPE_PRICE_ID),
      paymentLinkUrl: nonEmpty(env.STRIPE_PAYMENT_LINK_URL),
      apiBase: nonEmpty(env.STRIPE_API_BASE),
    },
    maxUploadMb: positiveInt(env, 'MAX_UPLOAD_MB', 20),
    storageQuotaMb: positiveInt(env, 'STORAGE_QUOTA_MB', 200),
    maxExtractions: positiveInt(env, 'MAX_EXTRACTIONS', 2),
  };
}
