import { z } from 'zod';
import { isOneLine, oneLineMessage } from '../control-characters';
import { LIMITS } from '../limits';
import type { PublicUser } from '../types';
import { MESSAGES, ROW_ID_MAX, emailField, idField, newPasswordField, usernameField } from './fields';
import { TEAM_MESSAGES, teamIdField, teamNameField, type Team } from './team';

export const ADMIN_LIMITS = {
  pageSize: 50,
  pageMax: 100,
  /** Users whose API tokens one request counts: the list's loaded pages. */
  tokenCountsMax: 1000,
  searchMax: 100,
  planMax: 50,
  /** Seats an admin may give one team. */
  seatsMax: 1000,
  giftDays: 30,
  /** Owner choices one search answers; the search box finds the rest. */
  ownerChoices: 20,
  /** Audit rows one CSV export holds. */
  auditExportMax: 50_000,
} as const;

export const ADMIN_MESSAGES = {
  seatsMin: 'Must have at least 1 seat',
  seatsMax: `A team can have at most ${ADMIN_LIMITS.seatsMax} seats`,
  ownerRequired: 'Please choose an owner',
  userStatus: 'Subscription status must be inactive or active',
  teamStatus: 'Subscription status must be active or suspended',
  planTooLong: `A plan name can be at most ${ADMIN_LIMITS.planMax} characters`,
  planControl: oneLineMessage('A plan name'),
  searchControl: oneLineMessage('A search'),
  cursor: 'Invalid cursor',
  limit: `Limit must be between 1 and ${ADMIN_LIMITS.pageMax}`,
  userNotFound: 'User not found',
  teamNotFound: 'Team not found',
  deleteSelf: 'You cannot delete your own account.',
  demoteSelf: 'You cannot remove your own admin access.',
  lastAdmin: 'The last admin cannot be removed.',
  ownerInTeam: 'This user is already in a team.',
  resetSentToPrevious: "A password reset link was sent to the account's previous address.",
  resetSentToCurrent: "A password reset link was sent to the account's address.",
  resetNeedsVerifiedAddress: 'This address must be verified before a password reset link can be sent to it.',
  tooManyResets: 'Too many password reset links for this account. Please try again later.',
  seatsBelowUsed: (used: number) => `This team uses ${used} seats; seats cannot be set below that.`,
} as const;

export const USER_STATUSES = ['inactive', 'active'] as const;
export const TEAM_STATUSES = ['active', 'suspended'] as const;

const planText = z
  .string()
  .trim()
  .max(ADMIN_LIMITS.planMax, ADMIN_MESSAGES.planTooLong)
  .refine(isOneLine, ADMIN_MESSAGES.planControl)
  .nullable();
/** Empty means none. */
const planField = planText.optional().transform((v) => v || null);
/** On an edit, a plan left out stays as it is; empty clears it. */
const planChangeField = planText.optional().transform((v) => (v === undefined ? undefined : v || null));

/** A seats input that cannot be parsed becomes 1 (the spec's fallback); anything parsed must be 1 or more. */
export const seatsField = z.preprocess(
  (v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(n) ? Math.trunc(n) : 1;
  },
  z.number().int().min(1, ADMIN_MESSAGES.seatsMin).max(ADMIN_LIMITS.seatsMax, ADMIN_MESSAGES.seatsMax),
);

const adminUserFields = {
  username: usernameField(LIMITS.adminUsernameMin, MESSAGES.adminUsernameMin),
  email: emailField(MESSAGES.emailAddress),
};

export const adminUserIdField = idField(TEAM_MESSAGES.id);

export const adminCreateUserInput = z.object({
  ...adminUserFields,
  subscriptionPlan: planField,
  isAdmin: z.boolean().default(false),
  password: newPasswordField(),
  subscriptionStatus: z.enum(USER_STATUSES, { error: ADMIN_MESSAGES.userStatus }).default('inactive'),
});

/**
 * A field left out stays as it is: without `subscriptionStatus` a trialing user keeps the trial,
 * and a caller that omits `isAdmin` demotes nobody.
 */
export const adminUpdateUserInput = z.object({
  id: adminUserIdField,
  ...adminUserFields,
  subscriptionPlan: planChangeField,
  isAdmin: z.boolean().optional(),
  subscriptionStatus: z.enum(USER_STATUSES, { error: ADMIN_MESSAGES.userStatus }).optional(),
});

export const adminUserRefInput = z.object({ id: adminUserIdField });

/** The users of the admin's list as loaded, whose API tokens are counted. */
export const adminUserIdsInput = z.object({ ids: z.array(adminUserIdField).max(ADMIN_LIMITS.tokenCountsMax, MESSAGES.tooLong) });

const searchField = z
  .string()
  .trim()
  .max(ADMIN_LIMITS.searchMax, MESSAGES.tooLong)
  .refine(isOneLine, ADMIN_MESSAGES.searchControl)
  .optional()
  .default('');

const limitField = z.coerce
  .number({ error: ADMIN_MESSAGES.limit })
  .int(ADMIN_MESSAGES.limit)
  .min(1, ADMIN_MESSAGES.limit)
  .max(ADMIN_LIMITS.pageMax, ADMIN_MESSAGES.limit)
  .optional()
  .default(ADMIN_LIMITS.pageSize);

/** Keyset paging, newest first: `cursor` is the `nextCursor` of the page before (the last id it showed). */
const cursorField = z
  .string()
  .regex(/^\d{1,15}$/, ADMIN_MESSAGES.cursor)
  .refine((cursor) => Number(cursor) <= ROW_ID_MAX, ADMIN_MESSAGES.cursor)
  .nullish()
  .transform((v) => v ?? null);

export const adminListInput = z
  .object({ search: searchField, cursor: cursorField, limit: limitField })
  .nullish()
  .transform((v) => ({ search: v?.search ?? '', cursor: v?.cursor ?? null, limit: v?.limit ?? ADMIN_LIMITS.pageSize }));

export const ownerChoicesInput = z
  .object({ search: searchField })
  .nullish()
  .transform((v) => ({ search: v?.search ?? '' }));

export const adminCreateTeamInput = z.object({
  name: teamNameField,
  ownerId: idField(ADMIN_MESSAGES.ownerRequired),
  maxSeats: seatsField.optional().default(LIMITS.defaultTeamSeats),
});

export const adminUpdateTeamInput = z.object({ id: teamIdField, name: teamNameField, maxSeats: seatsField });

export const adminTeamRefInput = z.object({ id: teamIdField });

export const adminInviteInput = z.object({ id: teamIdField, email: emailField(MESSAGES.emailAddress) });

export const adminResendInput = z.object({ id: teamIdField, invitationId: idField(TEAM_MESSAGES.id) });

export const adminTeamSubscriptionInput = z.object({
  id: teamIdField,
  subscriptionStatus: z.enum(TEAM_STATUSES, { error: ADMIN_MESSAGES.teamStatus }),
});

export const AUDIT_ACTIONS = [
  'admin.sign_in',
  'user.create',
  'user.update',
  'user.delete',
  'user.gift',
  'team.create',
  'team.update',
  'team.delete',
  'team.invite',
  'team.resend_invitation',
  'team.subscription',
  'team.seats',
  'user.email_change_notice',
  'user.password_reset_sent',
  'account.password_reset_requested',
  'account.password_reset',
  'account.sign_in',
  'api_token.create',
  'api_token.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditTargetType = 'user' | 'team';

export const auditListInput = z
  .object({
    adminId: idField(ADMIN_MESSAGES.userNotFound).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    targetType: z.enum(['user', 'team']).optional(),
    targetId: idField(ADMIN_MESSAGES.userNotFound).optional(),
    cursor: cursorField,
    limit: limitField,
  })
  .nullish()
  .transform((v) => ({
    adminId: v?.adminId,
    action: v?.action,
    targetType: v?.targetType,
    targetId: v?.targetId,
    cursor: v?.cursor ?? null,
    limit: v?.limit ?? ADMIN_LIMITS.pageSize,
  }));
export type AuditFilter = Omit<z.output<typeof auditListInput>, 'cursor' | 'limit'>;

export type AdminCreateUserInput = z.output<typeof adminCreateUserInput>;
export type AdminUpdateUserInput = z.output<typeof adminUpdateUserInput>;
export type AdminCreateTeamInput = z.output<typeof adminCreateTeamInput>;
export type AdminUpdateTeamInput = z.output<typeof adminUpdateTeamInput>;
export type AdminListQuery = z.output<typeof adminListInput>;

export interface Page<T> {
  items: T[];
  /** Rows matching the search, all pages together. */
  total: number;
  nextCursor: string | null;
}

export type AdminUser = PublicUser;

/** The team a listed user is in, so the Users panel can show who is covered by which team (`admin.users.teams`). */
export interface AdminUserTeam {
  id: number;
  name: string;
  subscriptionStatus: string;
  subscriptionPlan: string | null;
}
export type AdminTeam = Team;

/** A user who may own a new team: in no team. */
export interface OwnerChoice {
  id: number;
  username: string;
  email: string;
}

/** Before and after, for the fields the action changed. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEntry {
  id: number;
  adminId: number;
  adminUsername: string;
  action: AuditAction;
  targetType: AuditTargetType | null;
  targetId: number | null;
  /** What the target was called when the action ran (it may be gone since). */
  targetLabel: string | null;
  changes: AuditChanges;
  ip: string;
  /** The admin change this entry follows from: its notice, or a reset or first sign-in within 30 days of it. */
  relatedId: number | null;
  createdAt: string;
}
