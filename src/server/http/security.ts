import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { THEME_BOOT_SCRIPT } from '../../shared/theme';

// Stripe Elements loads its script and card frames from Stripe's hosts (only when Stripe is configured).
const STRIPE_SCRIPT = 'https://js.stripe.com https://*.js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';
// The one inline script index.html carries: it sets the theme before the first paint.
const THEME_BOOT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/** The header set, computed once at start; each request only copies it. */
export function securityHeaderList(opts: { https: boolean; stripe?: boolean }): Array<[string, string]> {
  const stripe = opts.stripe ?? false;
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${THEME_BOOT_HASH}${stripe ? ` ${STRIPE_SCRIPT}` : ''}`,
    ...(stripe ? [`frame-src ${STRIPE_FRAMES.join(' ')}`] : []),
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${stripe ? ` ${STRIPE_API}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return [
    ['Content-Security-Policy', csp],
    ['X-Frame-Options', 'DENY'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...(opts.https ? ([['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] as Array<[string, string]>) : []),
  ];
}

/** Paths that answer API calls: no-store, JSON-only bodies, body limits. */
export const API_PREFIXES = ['/api/', '/trpc/'];
const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path.startsWith(prefix));

const HAS_HEADERS = Symbol('copydesk.hasSecurityHeaders');
type Marked = Response & { [HAS_HEADERS]?: true };

export interface ResponseHeaders {
  /** Adds the security headers to the context's answer, and `Cache-Control: no-store` to an API answer. */
  addTo(c: Context): void;
  /**
   * A JSON API answer that already carries those headers, as a plain record:
   * the middleware then leaves it alone, and the Node adapter writes it
   * without building a fetch `Headers` object (the busiest path of the API).
   */
  json(body: unknown, status: number, extra?: Record<string, string>, cookies?: readonly string[]): Response;
}

export function responseHeaders(opts: { https: boolean; stripe?: boolean }): ResponseHeaders {
  const list = securityHeaderList(opts);
  // API answers carry personal data: no browser or shared cache may keep them.
  const apiRecord: Record<string, string> = Object.freeze({
    'Content-Type': 'application/json',
    ...Object.fromEntries(list),
    'Cache-Control': 'no-store',
  });

  return {
    addTo(c) {
      if ((c.res as Marked)[HAS_HEADERS]) return;
      const headers = c.res.headers;
      for (const [name, value] of list) headers.set(name, value);
      if (isApiPath(c.req.path)) headers.set('Cache-Control', 'no-store');
    },

    json(body, status, extra, cookies) {
      const text = JSON.stringify(body) ?? null;
      let headers: Record<string, string> | Headers = extra ? { ...apiRecord, ...extra } : apiRecord;
      if (cookies?.length) {
        // A record cannot hold two Set-Cookie values.
        headers = new Headers(headers);
        for (const cookie of cookies) headers.append('Set-Cookie', cookie);
      }
      const response: Marked = new Response(text, { status, headers });
      // A mark on the object itself: a WeakSet kept every answer alive until a full GC.
      response[HAS_HEADERS] = true;
      return response;
    },
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a header holding a URL (a Referer) names exactly this origin: scheme, host and port. */
function urlHasOrigin(url: string, appOrigin: string): boolean {
  try {
    return new URL(url).origin === appOrigin;
  } catch {
    return false;
  }
}

/**
 * CSRF defence: a state-changing request must show it comes from this origin, by its Origin header or,
 * without one, by a same-origin Referer. A request with neither could come from anywhere (a browser
 * that dropped the header), so it is refused too. Scripts authenticate with a bearer token instead.
 * The listed paths authenticate each request another way (a Stripe webhook carries its signature).
 */
export function originRefusal(appOrigin: string, exemptPaths: readonly string[] = []): (c: Context) => Response | undefined {
  return (c) => {
    if (SAFE_METHODS.has(c.req.method) || exemptPaths.includes(c.req.path)) return undefined;
    // A page on another origin cannot send an Authorization header without a CORS preflight, which
    // Copydesk never grants: a bearer request is a script's, and speaks for its token, not a cookie.
    if (/^bearer /i.test(c.req.header('authorization') ?? '')) return undefined;
    const origin = c.req.header('origin');
    // An Origin, even an empty one or "null" (a sandboxed frame, a redirect), is judged alone.
    if (origin !== undefined) return origin === appOrigin ? undefined : c.json({ message: 'Cross-origin request refused' }, 403);
    const referer = c.req.header('referer');
    if (referer === undefined) return c.json({ message: 'Origin header required' }, 403);
    return urlHasOrigin(referer, appOrigin) ? undefined : c.json({ message: 'Cross-origin request refused' }, 403);
  };
}

/** Whether a Content-Type names JSON: `application/json` itself, with or without parameters, and no relative of it. */
export function isJsonContentType(type: string): boolean {
  const semicolon = type.indexOf(';');
  return (semicolon < 0 ? type : type.slice(0, semicolon)).trim().toLowerCase() === 'application/json';
}

/** A state-changing request that carries a body must say it is JSON, except on the listed paths: the 415 answer, or nothing. */
export function refuseNonJson(c: Context, exemptPaths: readonly string[]): Response | undefined {
  if (SAFE_METHODS.has(c.req.method) || exemptPaths.includes(c.req.path)) return undefined;
  const length = c.req.header('content-length');
  const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
  if (!hasBody) return undefined;
  if (isJsonContentType(c.req.header('content-type') ?? '')) return undefined;
  return c.json({ message: 'Content-Type must be application/json' }, 415);
}
