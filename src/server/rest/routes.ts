import { UPLOAD_PATH } from '../../shared/uploads';
import { body } from './inputs';
import { bare, row } from './row';
import type { RestRequest, RestRoute } from './shim';
import { replyResponse } from './sse-reply';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** The list answers the array of the contract; the next page's cursor (and the count, when known) travel in headers. */
function pageWithCursorHeader<T>(page: { items: T[]; nextCursor: string | null; total?: number }, r: RestRequest) {
  if (page.nextCursor) r.header('X-Next-Cursor', page.nextCursor);
  if (page.total != null) r.header('X-Total-Count', String(page.total));
  return page.items;
}

const CURSOR = { 'X-Next-Cursor': "The next page's `cursor`; absent on the last page" };
/** A list: the page is the answer, its cursor a header. */
const paged = { answer: pageWithCursorHeader, headers: CURSOR };
const counted = { answer: pageWithCursorHeader, headers: { ...CURSOR, 'X-Total-Count': 'The number of matches, all pages together' } };

const listQuery = { search: { in: 'query', name: 'search', alias: 'q' }, cursor: 'query', limit: 'query' } as const;
const auditQuery = {
  adminId: 'query',
  action: 'query',
  targetType: 'query',
  targetId: 'query',
  cursor: 'query',
  limit: 'query',
} as const;

const csvDownload = (filename: string) => (csv: string) =>
  new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });

/** API.md's admin rows, plus the audit log. Lists take `?search=`, `?cursor=` (X-Next-Cursor) and `?limit=`. */
const adminRoutes: RestRoute[] = [
  row('GET', '/api/admin/users', (api) => api.admin.users.list, listQuery, counted),
  row(
    'POST',
    '/api/admin/users',
    (api) => api.admin.users.create,
    body('username', 'email', 'password', 'subscriptionStatus', 'subscriptionPlan', 'isAdmin'),
    { status: 201 },
  ),
  row('PUT', '/api/admin/users/:id', (api) => api.admin.users.update, {
    id: 'path',
    ...body('username', 'email', 'subscriptionStatus', 'subscriptionPlan', 'isAdmin'),
  }),
  row('DELETE', '/api/admin/users/:id', (api) => api.admin.users.delete, { id: 'path' }),
  row('POST', '/api/admin/users/:id/gift-subscription', (api) => api.admin.users.gift, { id: 'path' }),
  row('POST', '/api/admin/users/:id/send-password-reset', (api) => api.admin.users.sendPasswordReset, { id: 'path' }),
  row('GET', '/api/admin/teams', (api) => api.admin.teams.list, listQuery, counted),
  row('POST', '/api/admin/teams', (api) => api.admin.teams.create, body('name', 'ownerId', 'maxSeats'), { status: 201 }),
  row('PUT', '/api/admin/teams/:id', (api) => api.admin.teams.update, { id: 'path', ...body('name', 'maxSeats') }),
  row('DELETE', '/api/admin/teams/:id', (api) => api.admin.teams.delete, { id: 'path' }),
  row('GET', '/api/admin/teams/:id/members', (api) => api.admin.teams.members, { id: 'path' }),
  row('GET', '/api/admin/teams/:id/invitations', (api) => api.admin.teams.invitations, { id: 'path' }),
  row('POST', '/api/admin/teams/:id/invite', (api) => api.admin.teams.invite, { id: 'path', ...body('email') }, { status: 201 }),
  row('POST', '/api/admin/teams/:id/resend-invitation/:invitationId', (api) => api.admin.teams.resendInvitation, {
    id: 'path',
    invitationId: 'path',
  }),
  row('PATCH', '/api/admin/teams/:id/subscription', (api) => api.admin.teams.setSubscription, {
    id: 'path',
    ...body('subscriptionStatus'),
  }),
  row('GET', '/api/admin/audit-log', (api) => api.admin.audit.list, auditQuery, paged),
  row('GET', '/api/admin/audit-log.csv', (api) => api.admin.audit.csv, auditQuery, {
    answer: csvDownload('copydesk-audit-log.csv'),
    media: ['text/csv'],
  }),
];

/** The spec's `/api/*` paths, each a call to a procedure. */
export const restRoutes: RestRoute[] = [
  bare('GET', '/api/plans', (api) => api.plans.list),
  bare('GET', '/api/user', (api) => api.auth.me),
  // Settings' API tokens (a signed-in session only): the token is in the 201's body once.
  bare('GET', '/api/tokens', (api) => api.apiTokens.list),
  row('POST', '/api/tokens', (api) => api.apiTokens.create, body('name', 'scope', 'expiresInDays'), { status: 201 }),
  row('DELETE', '/api/tokens/:id', (api) => api.apiTokens.revoke, { id: 'path' }),
  row('POST', '/api/register', (api) => api.auth.register, body('username', 'email', 'password'), { status: 201 }),
  row('POST', '/api/login', (api) => api.auth.login, body('email', 'password', 'rememberMe')),
  bare('POST', '/api/logout', (api) => api.auth.logout),
  row('POST', '/api/change-password', (api) => api.auth.changePassword, body('currentPassword', 'newPassword')),
  row('POST', '/api/forgot-password', (api) => api.auth.forgotPassword, body('email')),
  row('POST', '/api/reset-password', (api) => api.auth.resetPassword, body('token', 'newPassword')),
  row('POST', '/api/verify-email', (api) => api.auth.verifyEmail, body('token')),
  bare('POST', '/api/user/resend-verification', (api) => api.auth.resendVerification),
  // Conversations: `?cursor=` takes the `X-Next-Cursor` of the page before (50 a page, `?limit=` up to 100).
  row('GET', '/api/conversations', (api) => api.chat.list, { cursor: 'query', limit: 'query' }, paged),
  row('POST', '/api/conversations', (api) => api.chat.create, body('title'), { status: 201 }),
  row('GET', '/api/conversations/search', (api) => api.chat.search, { query: { in: 'query', name: 'q' } }),
  row('GET', '/api/conversations/:id', (api) => api.chat.get, { id: 'path' }, { answer: (c) => c.messages }),
  row('DELETE', '/api/conversations/:id', (api) => api.chat.delete, { id: 'path' }),
  // Stops the conversation's reply on whichever instance streams it (a load balancer may send this elsewhere).
  row('POST', '/api/conversations/:id/stop', (api) => api.chat.stop, { id: 'path' }),
  row(
    'POST',
    '/api/conversations/:id/messages',
    (api) => api.chat.send,
    { conversationId: { in: 'path', name: 'id' }, content: 'body' },
    // JSON once the reply is complete, or the reply as it arrives with `Accept: text/event-stream`.
    { answer: (reply, r) => replyResponse(reply, r.hono), media: ['application/json', 'text/event-stream'] },
  ),
  bare('GET', '/api/assistant/capabilities', (api) => api.chat.capabilities),
  // The engine's findings on a story, for scripts (a CMS hook): a POST, as copy does not fit a query string.
  row('POST', '/api/editor/analyze', (api) => api.editor.analyze, body('text')),
  // Multipart: the file is streamed under MAX_UPLOAD_MB, and only once the caller may upload (`?conversationId=` optional).
  row('POST', UPLOAD_PATH, (api) => api.documents.upload, { conversationId: 'query', file: 'file' }),
  row('POST', '/api/validate-promo-code', (api) => api.subscription.validatePromoCode, body('promoCode')),
  row('POST', '/api/create-subscription', (api) => api.subscription.create, body('promoCode')),
  bare('POST', '/api/activate-subscription', (api) => api.subscription.activate),
  bare('POST', '/api/cancel-subscription', (api) => api.subscription.cancel),
  bare('GET', '/api/team', (api) => api.team.get),
  bare('GET', '/api/team/members', (api) => api.team.members),
  bare('GET', '/api/team/invitations', (api) => api.team.invitations),
  row('POST', '/api/team', (api) => api.team.create, body('name'), { status: 201 }),
  row('POST', '/api/team/invite', (api) => api.team.invite, body('email'), { status: 201 }),
  row('DELETE', '/api/team/members/:id', (api) => api.team.removeMember, { id: 'path' }),
  row('DELETE', '/api/team/invitations/:id', (api) => api.team.cancelInvitation, { id: 'path' }),
  bare('GET', '/api/user/pending-invitations', (api) => api.team.pendingInvitations),
  row('POST', '/api/team/accept-invitation/:token', (api) => api.team.acceptInvitation, { token: 'path' }),
  row('POST', '/api/team/decline-invitation/:idOrToken', (api) => api.team.declineInvitation, { idOrToken: 'path' }),
  // Beyond API.md: what the team page also offers.
  row('POST', '/api/team/invitations/:id/resend', (api) => api.team.resendInvitation, { id: 'path' }),
  row('POST', '/api/team/invitations/:id/link', (api) => api.team.copyInvitationLink, { id: 'path' }),
  row('PUT', '/api/team/members/:id/role', (api) => api.team.setMemberRole, { id: 'path', ...body('role') }),
  bare('POST', '/api/team/leave', (api) => api.team.leave),
  row('POST', '/api/team/transfer-ownership', (api) => api.team.transferOwnership, body('id')),
  // The house stylebook: the caller's team's, or their own without a team; its owner and editors change it.
  row('GET', '/api/stylebook', (api) => api.stylebook.list, { search: { in: 'query', name: 'search', alias: 'q' } }),
  row('POST', '/api/stylebook', (api) => api.stylebook.create, body('type', 'term', 'variants', 'replacement', 'note', 'caseSensitive'), {
    status: 201,
  }),
  row('PUT', '/api/stylebook/:id', (api) => api.stylebook.update, { id: 'path', entry: 'body' }),
  row('DELETE', '/api/stylebook/:id', (api) => api.stylebook.remove, { id: 'path' }),
  // All or nothing: a file with a bad line answers 200 with `ok: false` and each line's error.
  row('POST', '/api/stylebook/import', (api) => api.stylebook.import, body('format', 'content')),
  bare('GET', '/api/stylebook/export.csv', (api) => api.stylebook.exportCsv, {
    answer: (r) => csvDownload('stylebook.csv')(r.csv),
    media: ['text/csv'],
  }),
  row('POST', STRIPE_WEBHOOK_PATH, (api) => api.subscription.webhook, {
    payload: 'raw',
    signature: { in: 'header', name: 'Stripe-Signature' },
  }),
  ...adminRoutes,
];
