import type { RestRoute } from './shim';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

// The procedure validates the body with its zod input; the shim only passes it through.
const body = (b: unknown) => b as never;

/** The spec's `/api/*` paths, each a call to a procedure. Later capabilities add their rows here. */
export const restRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/plans', call: (api) => api.plans.list() },
  { method: 'GET', path: '/api/user', call: (api) => api.auth.me() },
  { method: 'POST', path: '/api/register', status: 201, call: (api, r) => api.auth.register(body(r.body)) },
  { method: 'POST', path: '/api/login', call: (api, r) => api.auth.login(body(r.body)) },
  { method: 'POST', path: '/api/logout', call: (api) => api.auth.logout() },
  { method: 'POST', path: '/api/change-password', call: (api, r) => api.auth.changePassword(body(r.body)) },
  { method: 'POST', path: '/api/forgot-password', call: (api, r) => api.auth.forgotPassword(body(r.body)) },
  { method: 'POST', path: '/api/reset-password', call: (api, r) => api.auth.resetPassword(body(r.body)) },
  { method: 'POST', path: '/api/validate-promo-code', call: (api, r) => api.subscription.validatePromoCode(body(r.body)) },
  { method: 'POST', path: '/api/create-subscription', call: (api, r) => api.subscription.create(body(r.body)) },
  { method: 'POST', path: '/api/activate-subscription', call: (api) => api.subscription.activate() },
  { method: 'POST', path: '/api/cancel-subscription', call: (api) => api.subscription.cancel() },
  {
    method: 'POST',
    path: STRIPE_WEBHOOK_PATH,
    rawBody: true,
    call: async (api, r) =>
      api.subscription.webhook({ payload: await r.hono.req.text(), signature: r.hono.req.header('stripe-signature') ?? '' }),
  },
];
