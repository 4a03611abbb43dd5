import { z } from 'zod';
import { isOneLine } from '../control-characters';

export const API_TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Days a new token lives; null never expires. */
export const API_TOKEN_EXPIRIES = [30, 90, 365, null] as const;
export type ApiTokenExpiry = (typeof API_TOKEN_EXPIRIES)[number];

export const API_TOKEN_NAME_MAX = 60;
/** Tokens one user may hold (revoked ones do not count). */
export const MAX_API_TOKENS = 20;
/** Requests one token may make a minute on each instance, unless API_TOKEN_REQUESTS_PER_MINUTE says otherwise. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 600;
/** What every token begins with, so a leaked one is recognisable (and scannable) as Copydesk's. */
export const API_TOKEN_PREFIX = 'cdk_';

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Token name is required',
  nameTooLong: `Token name must be at most ${API_TOKEN_NAME_MAX} characters`,
  nameOneLine: 'Token name must be one line',
  scope: 'Choose read, write or admin access',
  expiry: 'Choose 30, 90 or 365 days, or no expiry',
  adminOnly: 'Only administrators can create admin tokens.',
  tooMany: `You can have at most ${MAX_API_TOKENS} API tokens. Revoke one to create another.`,
  notFound: 'API token not found',
  invalid: 'Invalid API token',
  expired: 'This API token has expired.',
  revoked: 'This API token has been revoked.',
  outOfScope: 'This API token does not allow this request.',
  sessionOnly: 'Sign in to do this: API tokens cannot.',
  tooManyRequests: 'Too many requests with this API token. Please wait a moment and try again.',
} as const;

export const apiTokenName = () =>
  z
    .string()
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong)
    .refine(isOneLine, API_TOKEN_MESSAGES.nameOneLine);

export const createApiTokenInput = z.object({
  name: apiTokenName(),
  scope: z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scope }),
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], { error: API_TOKEN_MESSAGES.expiry }),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

/** A token's id as the list gives it: 16 characters of lower-case base32. */
export const apiTokenIdInput = z.object({ id: z.string().regex(/^[a-z2-7]{16}$/, API_TOKEN_MESSAGES.notFound) });
