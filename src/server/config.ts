import path from 'node:path';
import { RATE_LIMITS } from '../shared/limits';
import { API_TOKEN_REQUESTS_PER_MINUTE } from '../shared/schemas/api-tokens';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL shared by every instance; unset, the SQLite file in dataDir. */
  databaseUrl?: string;
  appUrl: string;
  appOrigin: string;
  secureCookies: boolean;
  trustProxy: boolean;
  /** Registrations one client address may make per hour. */
  registrationsPerHour: number;
  /** Requests one API token may make a minute, on each instance. */
  apiTokenRequestsPerMinute: number;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** The model behind the chat (OPENAI_*, AI_PROVIDER, OLLAMA_BASE_URL); the embedded engine when none is set or found. */
  openai: {
    apiKey?: string;
    baseUrl?: string;
    model?: string;
    timeoutMs?: number;
    /** `embedded`: the embedded engine whatever else is set, and no look for Ollama. */
    provider?: AiProviderChoice;
    /** Where start-up looks for Ollama when no model is configured. */
    ollamaBaseUrl?: string;
    /** What start-up's look for Ollama found; when `found`, `baseUrl` and `model` are its. */
    ollama?: { url: string; found: boolean; reason?: string };
  };
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
  /** On SIGTERM, how long replies may go on streaming before they are stopped and saved as stopped. */
  shutdownDrainSeconds: number;
}

export const AI_PROVIDER_CHOICES = ['auto', 'embedded'] as const;
export type AiProviderChoice = (typeof AI_PROVIDER_CHOICES)[number];
export const DEFAULT_OLLAMA_BASE_URL = 'http://127.0.0.1:11434';

type Env = Record<string, string | undefined>;

const nonEmpty = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

function aiProvider(env: Env): AiProviderChoice {
  const raw = nonEmpty(env.AI_PROVIDER)?.toLowerCase() ?? 'auto';
  if (!(AI_PROVIDER_CHOICES as readonly string[]).includes(raw))
    throw new Error(`AI_PROVIDER must be ${AI_PROVIDER_CHOICES.join(' or ')}, got "${env.AI_PROVIDER}"`);
  return raw as AiProviderChoice;
}

/** Ollama's own address, without the `/v1` or `/api` an operator may copy from its docs. */
function ollamaBaseUrl(env: Env): string {
  const raw = nonEmpty(env.OLLAMA_BASE_URL) ?? DEFAULT_OLLAMA_BASE_URL;
  const url = raw.replace(/\/+$/, '').replace(/\/(?:v1|api)$/, '');
  try {
    if (!/^https?:$/.test(new URL(url).protocol)) throw new Error('not http');
  } catch {
    throw new Error(`OLLAMA_BASE_URL must be an http(s) URL, got "${raw}"`);
  }
  return url;
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
    databaseUrl: databaseUrlFrom(env.DATABASE_URL),
    appUrl,
    appOrigin,
    secureCookies: appOrigin.startsWith('https:'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    registrationsPerHour: positiveInt(env, 'REGISTRATIONS_PER_HOUR', RATE_LIMITS.registrationsPerIp.max),
    apiTokenRequestsPerMinute: positiveInt(env, 'API_TOKEN_REQUESTS_PER_MINUTE', API_TOKEN_REQUESTS_PER_MINUTE),
    adminEmail: nonEmpty(env.ADMIN_EMAIL)?.toLowerCase(),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Copydesk <no-reply@localhost>',
    openai: {
      apiKey: nonEmpty(env.OPENAI_API_KEY),
      baseUrl: nonEmpty(env.OPENAI_BASE_URL),
      model: nonEmpty(env.OPENAI_MODEL),
      timeoutMs: nonEmpty(env.OPENAI_TIMEOUT_MS) ? positiveInt(env, 'OPENAI_TIMEOUT_MS', 1) : undefined,
      provider: aiProvider(env),
      ollamaBaseUrl: ollamaBaseUrl(env),
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
    shutdownDrainSeconds: positiveInt(env, 'SHUTDOWN_DRAIN_SECONDS', 25),
  };
}

function databaseUrlFrom(raw: string | undefined): string | undefined {
  const url = nonEmpty(raw);
  if (url && !/^postgres(ql)?:\/\//i.test(url))
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the SQLite file in DATA_DIR)');
  return url;
}

/** Where the database is, for the log: the host and database of a URL, never its password. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `SQLite ${path.join(config.dataDir, 'app.db')}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}
