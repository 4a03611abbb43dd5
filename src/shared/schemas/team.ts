import { z } from 'zod';
import { HOUR_MS, LIMITS } from '../limits';
import { isOneLine, oneLineMessage } from '../control-characters';
import { MESSAGES, ROW_ID_MAX, emailField, idField } from './fields';

export const TEAM_LIMITS = {
  nameMax: 100,
  /** Invitations live this long; resending starts the week again. */
  invitationLifetimeDays: 7,
  /** Longest token accepted on input; issued tokens are shorter. */
  tokenMax: 200,
  /** Invitation e-mails (new and resent) one team may send; answered 429 with Retry-After past it. */
  invitationEmailsPerTeam: { max: 30, windowMs: HOUR_MS },
} as const;

export const TEAM_MESSAGES = {
  nameMin: 'Team name must be at least 2 characters',
  nameTooLong: `A team name can be at most ${TEAM_LIMITS.nameMax} characters`,
  nameControl: oneLineMessage('A team name'),
  seatsFull: 'All seats are occupied. Upgrade your subscription to add more members.',
  invalidInvitation: 'This invitation is invalid or has expired.',
  notInTeam: 'You are not in a team.',
  id: 'Invalid id',
  token: 'Invalid invitation token',
  tooManyInvitations: 'Too many invitations sent. Try again later.',
  seatsHeld:
    'Every seat is taken by a member or held by a pending invitation. Cancel a pending invitation or add seats to invite someone else.',
  seatsFullForInvitee:
    'This team has no free seat for you at the moment. Ask the person who invited you to free a seat or add one, then open this link again.',
  invitationReplaced: 'This invitation was replaced by a newer one. Use the link in the latest invitation email.',
  invitationAccepted: 'This invitation has already been accepted.',
} as const;

/** `owner` is the team's owner (teams.owner_id); an editor runs the roster with them (docs/decisions/048). */
export type TeamRole = 'owner' | 'editor' | 'member';
export const ASSIGNABLE_TEAM_ROLES = ['member', 'editor'] as const;
export type AssignableTeamRole = (typeof ASSIGNABLE_TEAM_ROLES)[number];

export const teamNameField = z
  .string({ error: TEAM_MESSAGES.nameMin })
  .trim()
  .min(LIMITS.teamNameMin, TEAM_MESSAGES.nameMin)
  .max(TEAM_LIMITS.nameMax, TEAM_MESSAGES.nameTooLong)
  .refine(isOneLine, TEAM_MESSAGES.nameControl);

export const teamIdField = idField(TEAM_MESSAGES.id);

export const invitationTokenField = z
  .string({ error: TEAM_MESSAGES.token })
  .trim()
  .min(1, TEAM_MESSAGES.token)
  .max(TEAM_LIMITS.tokenMax, TEAM_MESSAGES.token)
  .refine(isOneLine, TEAM_MESSAGES.token);

export const createTeamInput = z.object({ name: teamNameField });
export const inviteInput = z.object({ email: emailField(MESSAGES.email) });
/** An invitation's id (resend, cancel) or a member's user id (remove, transfer). */
export const teamItemInput = z.object({ id: teamIdField });
export const invitationTokenInput = z.object({ token: invitationTokenField });
export const memberRoleInput = z.object({
  id: teamIdField,
  role: z.enum(ASSIGNABLE_TEAM_ROLES, { error: 'Choose member or editor.' }),
});
/**
 * The popup declines by the invitation's id, the invitation page by its token. A string of
 * digits is an id (REST path parameters are strings); issued tokens always hold letters.
 */
export const declineInvitationInput = z.object({
  idOrToken: z.union([z.number().int().positive().max(ROW_ID_MAX), invitationTokenField], { error: TEAM_MESSAGES.token }),
});

export type TeamSubscriptionStatus = 'active' | 'suspended' | 'inactive' | (string & {});

/** API.md's Team; `usedSeats` counts members, the owner included. */
export interface Team {
  id: number;
  name: string;
  ownerId: number;
  ownerUsername: string;
  subscriptionStatus: TeamSubscriptionStatus;
  subscriptionPlan: string | null;
  maxSeats: number;
  usedSeats: number;
  subscriptionRenewalDate: string | null;
  createdAt: string;
}

export interface TeamMember {
  id: number;
  username: string;
  email: string;
  createdAt: string;
  subscriptionPlan: string | null;
  subscriptionStatus: string;
  role: TeamRole;
}

export type InvitationStatus = 'pending' | 'accepted' | 'declined';

/** The owner's (and admin's) view of an invitation. */
export interface Invitation {
  id: number;
  email: string;
  status: InvitationStatus;
  createdAt: string;
  expiresAt: string;
  updatedAt: string;
}

/**
 * The invitee's view. Only a hash of the e-mailed token is stored, so `token` here is the
 * invitation's id as a string: acceptInvitation and declineInvitation take it from the
 * signed-in invitee (they check the caller's e-mail either way); invitationByToken does not.
 */
export interface PendingInvitation {
  id: number;
  token: string;
  teamName: string;
  inviterName: string;
  expiresAt: string;
}

/**
 * What the public invitation page may show about a token: `pending` can be accepted; `accepted` and
 * `replaced` (a resend or a copied link made a newer one) explain why it no longer can.
 */
export interface InvitationPreview {
  status: 'pending' | 'accepted' | 'replaced';
  teamName: string;
  inviterName: string;
  email: string;
  expiresAt: string;
  /** Whether the invited address has an account: /auth opens Login or Register for it. */
  hasAccount: boolean;
  /** Whether the team's subscription covers its members now. */
  teamActive: boolean;
}
