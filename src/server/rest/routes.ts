import { UPLOAD_PATH } from '../../shared/uploads';
import { multipartFile } from '../http/multipart';
import { incomingOf } from '../http/unread-body';
import { bare, pick, row } from './row';
import type { RestRequest, RestRoute } from './shim';
import { replyResponse } from './sse-reply';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** The list answers the array of the contract; the next page's cursor (and the count, when known) travel in headers. */
function pageWithCursorHeader<T>(page: { items: T[]; nextCursor: string | null; total?: number }, r: RestRequest) {
  if (page.nextCursor) r.header('X-Next-Cursor', page.nextCursor);
  if (page.total != null) r.header('X-Total-Count', String(page.total));
  return page.items;
}

const listQuery = (r: RestRequest) => ({ search: r.query.search ?? r.query.q, cursor: r.query.cursor, limit: r.query.limit });
const auditQuery = (r: RestRequest) => ({
  adminId: r.query.adminId,
  action: r.query.action,
  targetType: r.query.targetType,
  targetId: r.query.targetId,
  cursor: r.query.cursor,
  limit: r.query.limit,
});

function csvDownload(csv: string) {
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="copydesk-audit-log.csv"',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** API.md's admin rows, plus the audit log. Lists take `?search=`, `?cursor=` (X-Next-Cursor) and `?limit=`. */
const adminRoutes: RestRoute[] = [
  row('GET', '/api/admin/users', (api) => api.admin.users.list, listQuery, { answer: pageWithCursorHeader }),
  row(
    'POST',
    '/api/admin/users',
    (api) => api.admin.users.create,
    (r) => pick(r.body, 'username', 'email', 'password', 'subscriptionStatus', 'subscriptionPlan', 'isAdmin'),
    { status: 201 },
  ),
  row(
    'PUT',
    '/api/admin/users/:id',
    (api) => api.admin.users.update,
    (r) => ({ id: r.params.id, ...pick(r.body, 'username', 'email', 'subscriptionStatus', 'subscriptionPlan', 'isAdmin') }),
  ),
  row(
    'DELETE',
    '/api/admin/users/:id',
    (api) => api.admin.users.delete,
    (r) => ({ id: r.params.id }),
  ),
  row(
    'POST',
    '/api/admin/users/:id/gift-subscription',
    (api) => api.admin.users.gift,
    (r) => ({ id: r.params.id }),
  ),
  row(
    'POST',
    '/api/admin/users/:id/send-password-reset',
    (api) => api.admin.users.sendPasswordReset,
    (r) => ({ id: r.params.id }),
  ),
  row('GET', '/api/admin/teams', (api) => api.admin.teams.list, listQuery, { answer: pageWithCursorHeader }),
  row(
    'POST',
    '/api/admin/teams',
    (api) => api.admin.teams.create,
    (r) => pick(r.body, 'name', 'ownerId', 'maxSeats'),
    { status: 201 },
  ),
  row(
    'PUT',
    '/api/admin/teams/:id',
    (api) => api.admin.teams.update,
    (r) => ({ id: r.params.id, ...pick(r.body, 'name', 'maxSeats') }),
  ),
  row(
    'DELETE',
    '/api/admin/teams/:id',
    (api) => api.admin.teams.delete,
    (r) => ({ id: r.params.id }),
  ),
  row(
    'GET',
    '/api/admin/teams/:id/members',
    (api) => api.admin.teams.members,
    (r) => ({ id: r.params.id }),
  ),
  row(
    'GET',
    '/api/admin/teams/:id/invitations',
    (api) => api.admin.teams.invitations,
    (r) => ({ id: r.params.id }),
  ),
  row(
    'POST',
    '/api/admin/teams/:id/invite',
    (api) => api.admin.teams.invite,
    (r) => ({ id: r.params.id, ...pick(r.body, 'email') }),
    { status: 201 },
  ),
  row(
    'POST',
    '/api/admin/teams/:id/resend-invitation/:invitationId',
    (api) => api.admin.teams.resendInvitation,
    (r) => ({ id: r.params.id, invitationId: r.params.invitationId }),
  ),
  row(
    'PATCH',
    '/api/admin/teams/:id/subscription',
    (api) => api.admin.teams.setSubscription,
    (r) => ({ id: r.params.id, ...pick(r.body, 'subscriptionStatus') }),
  ),
  row('GET', '/api/admin/audit-log', (api) => api.admin.audit.list, auditQuery, { answer: pageWithCursorHeader }),
  row('GET', '/api/admin/audit-log.csv', (api) => api.admin.audit.csv, auditQuery, { answer: csvDownload }),
];

/** The spec's `/api/*` paths, each a call to a procedure. */
export const restRoutes: RestRoute[] = [
  bare('GET', '/api/plans', (api) => api.plans.list),
  bare('GET', '/api/user', (api) => api.auth.me),
  // Settings' API tokens (a signed-in session only): the token is in the 201's body once.
  bare('GET', '/api/tokens', (api) => api.apiTokens.list),
  row(
    'POST',
    '/api/tokens',
    (api) => api.apiTokens.create,
    (r) => pick(r.body, 'name', 'scope', 'expiresInDays'),
    { status: 201 },
  ),
  row(
    'DELETE',
    '/api/tokens/:id',
    (api) => api.apiTokens.revoke,
    (r) => ({ id: r.params.id }),
  ),
  row(
    'POST',
    '/api/register',
    (api) => api.auth.register,
    (r) => pick(r.body, 'username', 'email', 'password'),
    { status: 201 },
  ),
  row(
    'POST',
    '/api/login',
    (api) => api.auth.login,
    (r) => pick(r.body, 'email', 'password', 'rememberMe'),
  ),
  bare('POST', '/api/logout', (api) => api.auth.logout),
  row(
    'POST',
    '/api/change-password',
    (api) => api.auth.changePassword,
    (r) => pick(r.body, 'currentPassword', 'newPassword'),
  ),
  row(
    'POST',
    '/api/forgot-password',
    (api) => api.auth.forgotPassword,
    (r) => pick(r.body, 'email'),
  ),
  row(
    'POST',
    '/api/reset-password',
    (api) => api.auth.resetPassword,
    (r) => pick(r.body, 'token', 'newPassword'),
  ),
  row(
    'POST',
    '/api/verify-email',
    (api) => api.auth.verifyEmail,
    (r) => pick(r.body, 'token'),
  ),
  bare('POST', '/api/user/resend-verification', (api) => api.auth.resendVerification),
  // Conversations: `?cursor=` takes the `X-Next-Cursor` of the page before (50 a page, `?limit=` up to 100).
  row(
    'GET',
    '/api/conversations',
    (api) => api.chat.list,
    (r) => ({ cursor: r.query.cursor, limit: r.query.limit }),
    {
      answer: pageWithCursorHeader,
    },
  ),
  row(
    'POST',
    '/api/conversations',
    (api) => api.chat.create,
    (r) => pick(r.body, 'title'),
    { status: 201 },
  ),
  row(
    'GET',
    '/api/conversations/search',
    (api) => api.chat.search,
    (r) => ({ query: r.query.q ?? '' }),
  ),
  row(
    'GET',
    '/api/conversations/:id',
    (api) => api.chat.get,
    (r) => ({ id: r.params.id }),
    { answer: (c) => c.messages },
  ),
  row(
    'DELETE',
    '/api/conversations/:id',
    (api) => api.chat.delete,
    (r) => ({ id: r.params.id }),
  ),
  // Stops the conversation's reply on whichever instance streams it (a load balancer may send this elsewhere).
  row(
    'POST',
    '/api/conversations/:id/stop',
    (api) => api.chat.stop,
    (r) => ({ id: r.params.id }),
  ),
  row(
    'POST',
    '/api/conversations/:id/messages',
    (api) => api.chat.send,
    (r) => ({ content: r.body.content, conversationId: r.params.id }),
    {
      answer: (reply, r) => replyResponse(reply, r.hono),
    },
  ),
  bare('GET', '/api/assistant/capabilities', (api) => api.chat.capabilities),
  // The engine's findings on a story, for scripts (a CMS hook): a POST, as copy does not fit a query string.
  row(
    'POST',
    '/api/editor/analyze',
    (api) => api.editor.analyze,
    (r) => pick(r.body, 'text'),
  ),
  // Multipart: the file is streamed under MAX_UPLOAD_MB, and only once the caller may upload (`?conversationId=` optional).
  row(
    'POST',
    UPLOAD_PATH,
    (api) => api.documents.upload,
    (r) => ({ conversationId: r.query.conversationId, file: multipartFile(r.hono.req.raw, incomingOf(r.hono.env)) }),
    {
      rawBody: true,
    },
  ),
  row(
    'POST',
    '/api/validate-promo-code',
    (api) => api.subscription.validatePromoCode,
    (r) => pick(r.body, 'promoCode'),
  ),
  row(
    'POST',
    '/api/create-subscription',
    (api) => api.subscription.create,
    (r) => pick(r.body, 'promoCode'),
  ),
  bare('POST', '/api/activate-subscription', (api) => api.subscription.activate),
  bare('POST', '/api/cancel-subscription', (api) => api.subscription.cancel),
  bare('GET', '/api/team', (api) => api.team.get),
  bare('GET', '/api/team/members', (api) => api.team.members),
  bare('GET', '/api/team/invitations', (api) => api.team.invitations),
  row(
    'POST',
    '/api/team',
    (api) => api.team.create,
    (r) => pick(r.body, 'name'),
    { status: 201 },
  ),
  row(
    'POST',
    '/api/team/invite',
    (api) => api.team.invite,
    (r) => pick(r.body, 'email'),
    { status: 201 },
  ),
  row(
    'DELETE',
    '/api/team/members/:id',
    (api) => api.team.removeMember,
    (r) => ({ id: r.params.id }),
  ),
  row(
    'DELETE',
    '/api/team/invitations/:id',
    (api) => api.team.cancelInvitation,
    (r) => ({ id: r.params.id }),
  ),
  bare('GET', '/api/user/pending-invitations', (api) => api.team.pendingInvitations),
  row(
    'POST',
    '/api/team/accept-invitation/:token',
    (api) => api.team.acceptInvitation,
    (r) => ({ token: r.params.token }),
  ),
  row(
    'POST',
    '/api/team/decline-invitation/:idOrToken',
    (api) => api.team.declineInvitation,
    (r) => ({ idOrToken: r.params.idOrToken }),
  ),
  // Beyond API.md: what the team page also offers.
  row(
    'POST',
    '/api/team/invitations/:id/resend',
    (api) => api.team.resendInvitation,
    (r) => ({ id: r.params.id }),
  ),
  bare('POST', '/api/team/leave', (api) => api.team.leave),
  row(
    'POST',
    '/api/team/transfer-ownership',
    (api) => api.team.transferOwnership,
    (r) => pick(r.body, 'id'),
  ),
  row(
    'POST',
    STRIPE_WEBHOOK_PATH,
    (api) => api.subscription.webhook,
    async (r) => ({ payload: await r.hono.req.text(), signature: r.hono.req.header('stripe-signature') ?? '' }),
    { rawBody: true },
  ),
  ...adminRoutes,
];
