import type { MiddlewareHandler } from 'hono';

// Stripe Elements loads its script and card frames from Stripe's hosts (only when Stripe is configured).
const STRIPE_SCRIPT = 'https://js.stripe.com https://*.js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';

/** The header set, computed once at start; each request only copies it. */
export function securityHeaderList(opts: { https: boolean; stripe?: boolean }): Array<[string, string]> {
  const stripe = opts.stripe ?? false;
  const csp = [
    "default-src 'self'",
    `script-src 'self'${stripe ? ` ${STRIPE_SCRIPT}` : ''}`,
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

export function securityHeaders(opts: { https: boolean; stripe?: boolean }): MiddlewareHandler {
  const list = securityHeaderList(opts);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of list) headers.set(name, value);
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** CSRF defence: a state-changing request that names another origin is refused. No Origin (scripts) passes. */
export function originCheck(appOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin && origin !== appOrigin) return c.json({ message: 'Cross-origin request refused' }, 403);
    return next();
  };
}

/** A state-changing request that carries a body must say it is JSON, except on the listed paths. */
export function jsonOnly(exemptPaths: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exemptPaths.includes(c.req.path)) return next();
    const length = c.req.header('content-length');
    const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    if (!hasBody) return next();
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) {
      return c.json({ message: 'Content-Type must be application/json' }, 415);
    }
    return next();
  };
}

/** API answers carry personal data: no browser or shared cache may keep them. */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Set on the response itself: c.header() after next() rebuilds the response as a stream.
    c.res.headers.set('Cache-Control', 'no-store');
  };
}
