import type { RestRoute } from './shim';
import { replyResponse } from '../services/chat/http-reply';
import { multipartFile } from '../services/documents/multipart';
import { UPLOAD_PATH } from '../../shared/uploads';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

// The procedure validates the body with its zod input; the shim only passes it through.
const body = (b: unknown) => b as never;

/** The list answers the array of the contract; the next page's cursor travels in a header. */
function pageWithCursorHeader<T>(page: { items: T[]; nextCursor: string | null }, r: { header(name: string, value: string): void }) {
  if (page.nextCursor) r.header('X-Next-Cursor', page.nextCursor);
  return page.items;
}

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
  // Conversations: `?cursor=` takes the `X-Next-Cursor` of the page before (50 a page, `?limit=` up to 100).
  {
    method: 'GET',
    path: '/api/conversations',
    call: async (api, r) => pageWithCursorHeader(await api.chat.list({ cursor: r.query.cursor, limit: r.query.limit } as never), r),
  },
  { method: 'POST', path: '/api/conversations', status: 201, call: (api, r) => api.chat.create(body(r.body)) },
  { method: 'GET', path: '/api/conversations/search', call: (api, r) => api.chat.search({ query: r.query.q ?? '' }) },
  { method: 'GET', path: '/api/conversations/:id', call: async (api, r) => (await api.chat.get({ id: r.params.id } as never)).messages },
  { method: 'DELETE', path: '/api/conversations/:id', call: (api, r) => api.chat.delete({ id: r.params.id } as never) },
  {
    method: 'POST',
    path: '/api/conversations/:id/messages',
    call: async (api, r) =>
      replyResponse(
        await api.chat.send({ content: (r.body as { content?: unknown } | null)?.content, conversationId: r.params.id } as never),
        r.hono,
      ),
  },
  { method: 'GET', path: '/api/assistant/capabilities', call: (api) => api.chat.capabilities() },
  // Multipart: the file is streamed under MAX_UPLOAD_MB, and only once the caller may upload (`?conversationId=` optional).
  {
    method: 'POST',
    path: UPLOAD_PATH,
    rawBody: true,
    call: (api, r) => api.documents.upload({ conversationId: r.query.conversationId, file: multipartFile(r.hono.req.raw) } as never),
  },
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
