/**
 * Lighthouse (the npm package) against a running Copydesk, shared by `npm run bench -- pages`
 * and the page-speed browser test. Lighthouse's mobile preset simulates a mid-range phone on a
 * slow 4G link; desktop a fast machine and link.
 */
import lighthouse, { desktopConfig } from 'lighthouse';

export type Preset = 'mobile' | 'desktop';

export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100 };

export const LIGHTHOUSE_PAGES = [
  { path: '/', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/chat', signedIn: true },
] as const;

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  landedOn: string;
  failedA11y: string[];
  /** Lighthouse's measure of the host's CPU speed (a high-end desktop is 1500-2000). */
  benchmarkIndex: number;
  /** The main thread's long tasks as Lighthouse counts them (throttled), and its work by kind. */
  longTasks: Array<{ url: string; startMs: number; durationMs: number }>;
  mainThreadMs: Record<string, number>;
  /** Each metric the performance score weighs: its value (ms, or the layout shift) and its score out of 100. */
  metrics: Record<keyof typeof SCORED_METRICS, { value: number; score: number }>;
}

const SCORED_METRICS = {
  FCP: 'first-contentful-paint',
  SI: 'speed-index',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
} as const;

async function post(url: string, body: unknown, cookie?: string): Promise<Response> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { Origin: new URL(url).origin, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${new URL(url).pathname}: ${res.status} ${await res.text()}`);
  return res;
}

/** A new account on its free trial; returns its session cookie. */
export async function trialAccount(baseURL: string): Promise<string> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { username: `lighthouse${id}`, email: `lighthouse.${id}@example.com`, password: 'Deadline#2026' };
  await post(`${baseURL}/api/register`, account);
  const login = await post(`${baseURL}/api/login`, { email: account.email, password: account.password });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await post(`${baseURL}/api/create-subscription`, {}, cookie);
  return cookie;
}

class LighthouseRuntimeError extends Error {}

/**
 * One Lighthouse run of `url` in the Chromium listening on `debugPort`. Lighthouse now and then
 * fails to record a trace on a busy machine and asks to be run again: it is, twice at most.
 */
export async function auditPage(url: string, debugPort: number, preset: Preset, cookie?: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, debugPort, preset, cookie);
    } catch (error) {
      if (attempt === 3 || !(error instanceof LighthouseRuntimeError)) throw error;
    }
  }
}

async function auditOnce(url: string, debugPort: number, preset: Preset, cookie?: string): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`${lhr.runtimeError.code}`);
  const a11yRefs = lhr.categories.accessibility?.auditRefs ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    metrics: Object.fromEntries(
      Object.entries(SCORED_METRICS).map(([name, id]) => [
        name,
        { value: lhr.audits[id]?.numericValue ?? NaN, score: Math.round((lhr.audits[id]?.score ?? 0) * 100) },
      ]),
    ) as LighthouseRun['metrics'],
    landedOn: new URL(lhr.finalDisplayedUrl).pathname,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    longTasks: tableItems(lhr.audits['long-tasks']?.details).map((item) => ({
      url: String(item.url ?? ''),
      startMs: Number(item.startTime ?? NaN),
      durationMs: Number(item.duration ?? NaN),
    })),
    mainThreadMs: Object.fromEntries(
      tableItems(lhr.audits['mainthread-work-breakdown']?.details).map((item) => [
        String(item.groupLabel ?? item.group),
        Number(item.duration),
      ]),
    ),
    failedA11y: a11yRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id]!.title}${failingNodes(lhr.audits[ref.id]!.details)}`),
  };
}

function tableItems(details: unknown): Array<Record<string, unknown>> {
  return (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
}

/** The elements an accessibility audit failed on, by their CSS selector. */
function failingNodes(details: unknown): string {
  const items = (details as { items?: Array<{ node?: { selector?: string } }> } | undefined)?.items ?? [];
  const selectors = items.map((item) => item.node?.selector).filter((s): s is string => !!s);
  return selectors.length ? `\n      ${selectors.join('\n      ')}` : '';
}
