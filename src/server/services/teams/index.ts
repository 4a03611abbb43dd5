import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TeamInvitationRow, TeamRow, UserRow } from '../../../../db/schema';
import { DAY_MS } from '../../../shared/limits';
import {
  TEAM_LIMITS,
  TEAM_MESSAGES,
  type AssignableTeamRole,
  type Invitation,
  type InvitationPreview,
  type PendingInvitation,
  type Team,
  type TeamMember,
} from '../../../shared/schemas/team';
import { LIMITS } from '../../../shared/limits';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import { ROW_ID_MAX } from '../../../shared/schemas/fields';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { prepared } from '../../database/prepared';
import { fail } from '../../errors';
import { VERIFICATION_MESSAGES } from '../../../shared/schemas/auth';
import { verifiedNow } from '../auth/email-verification';
import { hashToken, randomToken } from '../auth/tokens';
import type { MailService } from '../mail';
import type { RateLimiter } from '../rate-limiter';
import { invitationEmail, invitationLink } from './invitation-email';
import { countHeldSeats, countMembers, findTeam, listInvitations, listMembers, toInvitation, toTeam, toTeamMember } from './shapes';

export { countMembers, teamShape, toTeam } from './shapes';

export const TEAM_ERRORS = {
  ownerOnly: 'Only the team owner can do this',
  alreadyInTeam: 'You are already in a team',
  alreadyMember: 'This person is already a member of the team',
  alreadyInvited: 'An invitation has already been sent to this email',
  invitationNotFound: 'Invitation not found',
  notPending: 'This invitation is no longer pending',
  otherEmail: 'This invitation was sent to another email address',
  memberNotFound: 'Member not found',
  removeSelf: 'You cannot remove yourself or the team owner',
  ownerCannotLeave: 'The team owner cannot leave the team. Transfer ownership to a member first.',
  transferToSelf: 'You already own this team',
  managersOnly: 'Only the team owner or a team editor can do this.',
  editorRemovesMembersOnly: 'A team editor can remove members, but not the owner or another editor.',
  ownerRoleFixed: 'The team owner is always the owner. Transfer ownership to change it.',
} as const;

/** Who may run a team's roster (invitations and removals): its owner and its editors. */
type RosterManager = { team: TeamRow; role: 'owner' | 'editor' };

const INVITATION_LIFETIME_MS = TEAM_LIMITS.invitationLifetimeDays * DAY_MS;

/** An issued token: 160 bits, base32, never all digits (a string of digits names an invitation id). */
function newInvitationToken(): string {
  for (;;) {
    const token = randomToken(20);
    if (!/^\d+$/.test(token)) return token;
  }
}

const isIdReference = (ref: number | string): ref is number | `${number}` => typeof ref === 'number' || /^\d{1,15}$/.test(ref);

export interface TeamServiceDeps {
  db: DB;
  clock: Clock;
  mail: MailService;
  limiter: RateLimiter;
  appUrl: string;
  log: (line: string) => void;
}

/** An invitation as its creator gets it back: the one moment its link can be shown. */
export type IssuedInvitation = Invitation & { inviteUrl: string };

export function createTeamService(deps: TeamServiceDeps) {
  const { db, clock } = deps;
  const { teamInvitations, teams, users } = db.tables;
  // Every subscribed request of a team member reads its team.
  const teamForAccess = prepared(
    db
      .select({ name: teams.name, subscriptionStatus: teams.subscriptionStatus })
      .from(teams)
      .where(eq(teams.id, sql.placeholder('teamId')))
      .limit(1),
    'team_for_access',
  );

  /** Read now, not from the request's user row: a call may follow a join, a removal or a change of role. */
  async function membership(user: UserRow): Promise<{ teamId: number | null; teamRole: UserRow['teamRole'] }> {
    const [row] = await db.select({ teamId: users.teamId, teamRole: users.teamRole }).from(users).where(eq(users.id, user.id)).limit(1);
    return row ?? { teamId: null, teamRole: 'member' };
  }

  async function currentTeamId(user: UserRow): Promise<number | null> {
    return (await membership(user)).teamId;
  }

  async function teamOf(user: UserRow): Promise<TeamRow> {
    const teamId = await currentTeamId(user);
    const team = teamId != null ? await findTeam(db, teamId) : undefined;
    if (!team) fail('NOT_FOUND', TEAM_MESSAGES.notInTeam);
    return team;
  }

  async function ownedTeam(user: UserRow): Promise<TeamRow> {
    const team = await teamOf(user);
    if (team.ownerId !== user.id) fail('FORBIDDEN', TEAM_ERRORS.ownerOnly);
    return team;
  }

  async function managedTeam(user: UserRow): Promise<RosterManager> {
    const { teamId, teamRole } = await membership(user);
    const team = teamId != null ? await findTeam(db, teamId) : undefined;
    if (!team) fail('NOT_FOUND', TEAM_MESSAGES.notInTeam);
    if (team.ownerId === user.id) return { team, role: 'owner' };
    if (teamRole !== 'editor') fail('FORBIDDEN', TEAM_ERRORS.managersOnly);
    return { team, role: 'editor' };
  }

  async function inviterName(invitation: TeamInvitationRow, team: TeamRow): Promise<string> {
    const id = invitation.invitedById ?? team.ownerId;
    const [inviter] = await db.select({ username: users.username }).from(users).where(eq(users.id, id)).limit(1);
    return inviter?.username ?? team.name;
  }

  function isLive(invitation: TeamInvitationRow, now = clock()): boolean {
    return invitation.status === 'pending' && invitation.expiresAt.getTime() > now.getTime();
  }

  /** By id (the popup) or by the e-mailed token (the page). */
  async function findInvitation(ref: number | string): Promise<TeamInvitationRow | undefined> {
    // Digits past the id column's range name no row; PostgreSQL would refuse to compare them.
    if (isIdReference(ref) && Number(ref) > ROW_ID_MAX) return undefined;
    const [found] = await db
      .select()
      .from(teamInvitations)
      .where(isIdReference(ref) ? eq(teamInvitations.id, Number(ref)) : eq(teamInvitations.tokenHash, hashToken(ref)))
      .limit(1);
    return found;
  }

  async function sendInvitation(team: TeamRow, invitation: TeamInvitationRow, token: string, inviter: UserRow): Promise<IssuedInvitation> {
    const link = invitationLink(deps.appUrl, token);
    // The invitation stands even if the mail server is down: the owner can copy the link or resend.
    await deps.mail
      .send(
        invitationEmail({
          to: invitation.email,
          teamName: team.name,
          inviterName: inviter.username,
          link,
          days: TEAM_LIMITS.invitationLifetimeDays,
        }),
      )
      .catch((e: unknown) => deps.log(`mail: team invitation e-mail failed: ${e instanceof Error ? e.message : String(e)}`));
    return { ...toInvitation(invitation), inviteUrl: link };
  }

  async function takeEmailAllowance(team: TeamRow) {
    await deps.limiter.take([[`team-invitations:${team.id}`, TEAM_LIMITS.invitationEmailsPerTeam]], TEAM_MESSAGES.tooManyInvitations);
  }

  /**
   * Takes the team's row lock for the rest of the transaction, so seat checks on it run one at a
   * time: a no-op update locks the row on PostgreSQL; on SQLite the transaction already holds the
   * database's write lock.
   */
  async function lockTeam(tx: DB, teamId: number): Promise<void> {
    await tx
      .update(teams)
      .set({ maxSeats: sql`${teams.maxSeats}` })
      .where(eq(teams.id, teamId));
  }

  function seatsFull(team: TeamRow): never {
    fail('CONFLICT', TEAM_MESSAGES.seatsFull, { code: 'SEATS_FULL', maxSeats: team.maxSeats });
  }

  /** Deletes invitations with the links they replaced. */
  async function deleteInvitations(tx: DB, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.delete(teamInvitations).where(inArray(teamInvitations.replacedById, ids));
    await tx.delete(teamInvitations).where(inArray(teamInvitations.id, ids));
  }

  /** Creates the team with its owner as first member; `ownerBusy` answers an owner already in a team. */
  function insertTeam(ownerId: number, name: string, maxSeats: number, ownerBusy: string): Promise<TeamRow> {
    return db.transaction(async (tx) => {
      const [current] = await tx.select({ teamId: users.teamId }).from(users).where(eq(users.id, ownerId)).limit(1);
      if (!current) fail('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
      if (current.teamId != null) fail('CONFLICT', ownerBusy);
      const now = clock();
      const [team] = await tx.insert(teams).values({ name, ownerId, maxSeats, createdAt: now }).returning();
      await tx.update(users).set({ teamId: team!.id, teamJoinedAt: now, teamRole: 'member' }).where(eq(users.id, ownerId));
      return team!;
    });
  }

  async function inviteTo(team: TeamRow, inviter: UserRow, email: string): Promise<IssuedInvitation> {
    const address = email.toLowerCase();
    const token = newInvitationToken();
    const invitation = await db.transaction(async (tx) => {
      const [invitee] = await tx.select({ teamId: users.teamId }).from(users).where(eq(users.email, address)).limit(1);
      if (invitee?.teamId === team.id) fail('CONFLICT', TEAM_ERRORS.alreadyMember);
      await lockTeam(tx, team.id);
      const current = (await findTeam(tx, team.id)) ?? team;
      const now = clock();
      const sameAddress = and(
        eq(teamInvitations.teamId, team.id),
        eq(teamInvitations.email, address),
        eq(teamInvitations.status, 'pending'),
      );
      const [live] = await tx
        .select({ id: teamInvitations.id })
        .from(teamInvitations)
        .where(and(sameAddress, gt(teamInvitations.expiresAt, now)))
        .limit(1);
      if (live) fail('CONFLICT', TEAM_ERRORS.alreadyInvited);
      const members = await countMembers(tx, team.id);
      if (members >= current.maxSeats) seatsFull(current);
      const held = await countHeldSeats(tx, team.id, now);
      if (members + held >= current.maxSeats) {
        fail('CONFLICT', TEAM_MESSAGES.seatsHeld, { code: 'SEATS_HELD', maxSeats: current.maxSeats, pendingInvitations: held });
      }
      await takeEmailAllowance(team);
      // An expired invitation to the same address is replaced, so the owner sees one row per person.
      const expired = await tx.select({ id: teamInvitations.id }).from(teamInvitations).where(sameAddress);
      await deleteInvitations(
        tx,
        expired.map((r) => r.id),
      );
      const [inserted] = await tx
        .insert(teamInvitations)
        .values({
          teamId: team.id,
          email: address,
          tokenHash: hashToken(token),
          invitedById: inviter.id,
          createdAt: now,
          updatedAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
        })
        .returning();
      return inserted!;
    });
    return sendInvitation(team, invitation, token, inviter);
  }

  /**
   * A new token and a new week for a pending invitation. The old link is kept as a `replaced` row,
   * so it can say that a newer invitation exists.
   */
  async function reissue(team: TeamRow, invitationId: number): Promise<{ invitation: TeamInvitationRow; token: string }> {
    const token = newInvitationToken();
    const invitation = await db.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, team.id), ne(teamInvitations.status, 'replaced')))
        .limit(1);
      if (!found) fail('NOT_FOUND', TEAM_ERRORS.invitationNotFound);
      if (found.status !== 'pending') fail('BAD_REQUEST', TEAM_ERRORS.notPending);
      const now = clock();
      // Only if no one else reissued or used it since it was read.
      const [updated] = await tx
        .update(teamInvitations)
        .set({ tokenHash: hashToken(token), updatedAt: now, expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS) })
        .where(and(eq(teamInvitations.id, found.id), eq(teamInvitations.status, 'pending'), eq(teamInvitations.tokenHash, found.tokenHash)))
        .returning();
      if (!updated) fail('CONFLICT', TEAM_ERRORS.notPending);
      await tx.insert(teamInvitations).values({
        teamId: found.teamId,
        email: found.email,
        tokenHash: found.tokenHash,
        status: 'replaced',
        invitedById: found.invitedById,
        replacedById: found.id,
        createdAt: found.createdAt,
        expiresAt: found.expiresAt,
        updatedAt: now,
      });
      return updated;
    });
    return { invitation, token };
  }

  async function resendFor(team: TeamRow, inviter: UserRow, invitationId: number): Promise<IssuedInvitation> {
    await takeEmailAllowance(team);
    const { invitation, token } = await reissue(team, invitationId);
    return sendInvitation(team, invitation, token, inviter);
  }

  /** The state a token's link is in, following a replaced link to the invitation that carries it now. */
  async function linkState(
    found: TeamInvitationRow,
  ): Promise<{ invitation: TeamInvitationRow; status: InvitationPreview['status'] } | null> {
    if (found.status === 'replaced') {
      const [current] = found.replacedById
        ? await db.select().from(teamInvitations).where(eq(teamInvitations.id, found.replacedById)).limit(1)
        : [];
      if (!current) return null;
      if (current.status === 'accepted') return { invitation: current, status: 'accepted' };
      return isLive(current) ? { invitation: current, status: 'replaced' } : null;
    }
    if (found.status === 'accepted') return { invitation: found, status: 'accepted' };
    return isLive(found) ? { invitation: found, status: 'pending' } : null;
  }

  /** Why a token that names an invitation cannot be used: replaced, accepted, or simply invalid. */
  async function refuseUnusable(found: TeamInvitationRow | undefined, code: 'BAD_REQUEST' | 'NOT_FOUND'): Promise<never> {
    const state = found && (await linkState(found));
    if (state?.status === 'replaced') fail(code, TEAM_MESSAGES.invitationReplaced, { code: 'INVITATION_REPLACED' });
    if (state?.status === 'accepted') fail(code, TEAM_MESSAGES.invitationAccepted, { code: 'INVITATION_ACCEPTED' });
    fail(code, TEAM_MESSAGES.invalidInvitation);
  }

  const service = {
    /** For the access service: what a member's cover depends on, read on every request. */
    async findForAccess(teamId: number): Promise<{ name: string; subscriptionStatus: string } | undefined> {
      const [team] = await teamForAccess.execute({ teamId });
      return team;
    },

    async get(user: UserRow): Promise<Team> {
      return toTeam(db, await teamOf(user));
    },

    async members(user: UserRow): Promise<TeamMember[]> {
      return listMembers(db, await teamOf(user));
    },

    async invitations(user: UserRow): Promise<Invitation[]> {
      return listInvitations(db, (await managedTeam(user)).team.id);
    },

    /** The caller becomes the owner and first member of a team of the default seats. */
    async create(user: UserRow, name: string): Promise<Team> {
      return toTeam(db, await insertTeam(user.id, name, LIMITS.defaultTeamSeats, TEAM_ERRORS.alreadyInTeam));
    },

    async invite(user: UserRow, email: string): Promise<IssuedInvitation> {
      return inviteTo((await managedTeam(user)).team, user, email);
    },

    /** A new token and a new week; the old link says it was replaced. */
    async resend(user: UserRow, invitationId: number): Promise<IssuedInvitation> {
      return resendFor((await managedTeam(user)).team, user, invitationId);
    },

    /**
     * A new link to copy, as a resend makes, without an e-mail: only the token's hash is kept, so an
     * earlier link cannot be shown again. Counted with the team's invitation e-mails, so links cannot be churned.
     */
    async copyLink(user: UserRow, invitationId: number): Promise<IssuedInvitation> {
      const { team } = await managedTeam(user);
      await takeEmailAllowance(team);
      const { invitation, token } = await reissue(team, invitationId);
      return { ...toInvitation(invitation), inviteUrl: invitationLink(deps.appUrl, token) };
    },

    async cancel(user: UserRow, invitationId: number): Promise<{ success: true }> {
      const { team } = await managedTeam(user);
      await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ id: teamInvitations.id })
          .from(teamInvitations)
          .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, team.id), ne(teamInvitations.status, 'replaced')))
          .limit(1);
        if (!found) fail('NOT_FOUND', TEAM_ERRORS.invitationNotFound);
        await deleteInvitations(tx, [found.id]);
      });
      return { success: true };
    },

    /** Pending, unexpired invitations to the caller's e-mail, from teams they are not in. */
    async pending(user: UserRow): Promise<PendingInvitation[]> {
      const now = clock();
      const teamId = await currentTeamId(user);
      const rows = await db
        .select({ invitation: teamInvitations, team: teams })
        .from(teamInvitations)
        .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
        .where(
          and(
            eq(teamInvitations.email, user.email.toLowerCase()),
            eq(teamInvitations.status, 'pending'),
            gt(teamInvitations.expiresAt, now),
            teamId == null ? undefined : ne(teams.id, teamId),
          ),
        )
        .orderBy(teamInvitations.createdAt, teamInvitations.id);
      const pending: PendingInvitation[] = [];
      for (const { invitation, team } of rows) {
        pending.push({
          id: invitation.id,
          // Only the e-mailed token's hash is kept; the id serves the signed-in invitee (see PendingInvitation).
          token: String(invitation.id),
          teamName: team.name,
          inviterName: await inviterName(invitation, team),
          expiresAt: invitation.expiresAt.toISOString(),
        });
      }
      return pending;
    },

    /** What the public invitation page may show; only an e-mailed token opens it. */
    async preview(token: string): Promise<InvitationPreview> {
      const found = isIdReference(token) ? undefined : await findInvitation(token);
      const state = found ? await linkState(found) : null;
      const team = state ? await findTeam(db, state.invitation.teamId) : undefined;
      if (!state || !team) fail('NOT_FOUND', TEAM_MESSAGES.invalidInvitation);
      const { invitation } = state;
      const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).limit(1);
      return {
        status: state.status,
        teamName: team.name,
        inviterName: await inviterName(invitation, team),
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
        hasAccount: !!account,
        teamActive: team.subscriptionStatus === 'active',
      };
    },

    /**
     * Joins the caller to the team. The checks and the join are one transaction
     * holding the write lock, so two people racing for the last seat get one
     * success and one seats-full conflict.
     */
    async accept(user: UserRow, ref: number | string): Promise<{ team: Team }> {
      const found = await findInvitation(ref);
      const ownAddress = found?.email === user.email.toLowerCase();
      // An id names someone else's invitation only to its invitee: to anyone else it is just invalid.
      if (!found || (!ownAddress && isIdReference(ref))) fail('BAD_REQUEST', TEAM_MESSAGES.invalidInvitation);
      if (!ownAddress) fail('FORBIDDEN', TEAM_ERRORS.otherEmail);
      if (!isLive(found)) return refuseUnusable(found, 'BAD_REQUEST');
      // The list shows invitations to the account's address, which only a verified account has proven it reads;
      // the e-mailed token is that proof, and verifies the address.
      if (isIdReference(ref)) {
        if (!user.emailVerifiedAt) fail('FORBIDDEN', VERIFICATION_MESSAGES.invitationsNeedVerifiedAddress);
      } else if (!user.emailVerifiedAt && isLive(found)) {
        await db
          .update(users)
          .set(verifiedNow(clock()))
          .where(and(eq(users.id, user.id), eq(users.email, found.email)));
      }
      const team = await db.transaction(async (tx) => {
        const [invitation] = await tx.select().from(teamInvitations).where(eq(teamInvitations.id, found.id)).limit(1);
        const now = clock();
        if (!invitation || !isLive(invitation, now)) fail('BAD_REQUEST', TEAM_MESSAGES.invalidInvitation);
        const [current] = await tx.select({ teamId: users.teamId }).from(users).where(eq(users.id, user.id)).limit(1);
        if (current?.teamId != null) fail('CONFLICT', TEAM_ERRORS.alreadyInTeam);
        await lockTeam(tx, invitation.teamId);
        const row = await findTeam(tx, invitation.teamId);
        if (!row) fail('BAD_REQUEST', TEAM_MESSAGES.invalidInvitation);
        // The invitee's own words: the owner's "upgrade your subscription" is not theirs to act on.
        if ((await countMembers(tx, row.id)) >= row.maxSeats) {
          fail('CONFLICT', TEAM_MESSAGES.seatsFullForInvitee, { code: 'SEATS_FULL', maxSeats: row.maxSeats });
        }
        await tx
          .update(users)
          .set({ teamId: row.id, teamJoinedAt: now, teamRole: 'member' })
          .where(and(eq(users.id, user.id), isNull(users.teamId)));
        await tx.update(teamInvitations).set({ status: 'accepted', updatedAt: now }).where(eq(teamInvitations.id, invitation.id));
        return row;
      });
      return { team: await toTeam(db, team) };
    },

    async decline(user: UserRow, ref: number | string): Promise<{ success: true }> {
      const found = await findInvitation(ref);
      if (!found || (found.email !== user.email.toLowerCase() && isIdReference(ref))) fail('NOT_FOUND', TEAM_ERRORS.invitationNotFound);
      if (found.email !== user.email.toLowerCase()) fail('FORBIDDEN', TEAM_ERRORS.otherEmail);
      if (!isLive(found)) return refuseUnusable(found, 'BAD_REQUEST');
      await db
        .update(teamInvitations)
        .set({ status: 'declined', updatedAt: clock() })
        .where(and(eq(teamInvitations.id, found.id), eq(teamInvitations.status, 'pending')));
      return { success: true };
    },

    /** The member loses the team's cover on their next request. An editor removes members only (decision 048). */
    async removeMember(user: UserRow, memberId: number): Promise<{ success: true }> {
      const { team, role } = await managedTeam(user);
      if (memberId === user.id || memberId === team.ownerId) fail('BAD_REQUEST', TEAM_ERRORS.removeSelf);
      const gone = await db
        .update(users)
        .set({ teamId: null, teamJoinedAt: null, teamRole: 'member' })
        .where(and(eq(users.id, memberId), eq(users.teamId, team.id), role === 'editor' ? eq(users.teamRole, 'member') : undefined))
        .returning({ id: users.id });
      if (gone.length > 0) return { success: true };
      const [editor] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, memberId), eq(users.teamId, team.id)))
        .limit(1);
      if (editor) fail('FORBIDDEN', TEAM_ERRORS.editorRemovesMembersOnly);
      fail('NOT_FOUND', TEAM_ERRORS.memberNotFound);
    },

    /** Owner only: an editor runs the roster with the owner, never the billing. */
    async setMemberRole(user: UserRow, memberId: number, role: AssignableTeamRole): Promise<TeamMember> {
      const team = await ownedTeam(user);
      if (memberId === team.ownerId) fail('BAD_REQUEST', TEAM_ERRORS.ownerRoleFixed);
      const [updated] = await db
        .update(users)
        .set({ teamRole: role })
        .where(and(eq(users.id, memberId), eq(users.teamId, team.id)))
        .returning();
      if (!updated) fail('NOT_FOUND', TEAM_ERRORS.memberNotFound);
      return toTeamMember(updated, team.ownerId);
    },

    async leave(user: UserRow): Promise<{ success: true }> {
      const team = await teamOf(user);
      if (team.ownerId === user.id) fail('BAD_REQUEST', TEAM_ERRORS.ownerCannotLeave);
      await db
        .update(users)
        .set({ teamId: null, teamJoinedAt: null, teamRole: 'member' })
        .where(and(eq(users.id, user.id), eq(users.teamId, team.id)));
      return { success: true };
    },

    async transferOwnership(user: UserRow, memberId: number): Promise<Team> {
      const team = await ownedTeam(user);
      if (memberId === user.id) fail('BAD_REQUEST', TEAM_ERRORS.transferToSelf);
      const row = await db.transaction(async (tx) => {
        const [member] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, memberId), eq(users.teamId, team.id)))
          .limit(1);
        if (!member) fail('NOT_FOUND', TEAM_ERRORS.memberNotFound);
        const [updated] = await tx
          .update(teams)
          .set({ ownerId: member.id })
          .where(and(eq(teams.id, team.id), eq(teams.ownerId, user.id)))
          .returning();
        // The former owner keeps running the roster; the new owner's role is the owner's, whatever the column says.
        if (updated) await tx.update(users).set({ teamRole: 'editor' }).where(eq(users.id, user.id));
        return updated;
      });
      if (!row) fail('FORBIDDEN', TEAM_ERRORS.ownerOnly);
      return toTeam(db, row);
    },

    // What the admin console does to any team, by id. The rules are the ones above.

    /** 404 when there is no such team. */
    async find(teamId: number): Promise<TeamRow> {
      const team = await findTeam(db, teamId);
      if (!team) fail('NOT_FOUND', ADMIN_MESSAGES.teamNotFound);
      return team;
    },

    /** For an owner in no team: 409 otherwise. */
    createFor(ownerId: number, name: string, maxSeats: number): Promise<TeamRow> {
      return insertTeam(ownerId, name, maxSeats, ADMIN_MESSAGES.ownerInTeam);
    },

    membersOf: (team: TeamRow): Promise<TeamMember[]> => listMembers(db, team),
    invitationsOf: (team: TeamRow): Promise<Invitation[]> => listInvitations(db, team.id),
    inviteTo,
    resendFor,

    /** Never below the seats in use: 400 and nothing changes. Returns the team before and after. */
    update(teamId: number, change: { name: string; maxSeats: number }): Promise<{ before: TeamRow; after: TeamRow }> {
      return db.transaction(async (tx) => {
        await lockTeam(tx, teamId);
        const before = await findTeam(tx, teamId);
        if (!before) fail('NOT_FOUND', ADMIN_MESSAGES.teamNotFound);
        const used = await countMembers(tx, teamId);
        if (change.maxSeats < used) fail('BAD_REQUEST', ADMIN_MESSAGES.seatsBelowUsed(used), { usedSeats: used });
        const [after] = await tx.update(teams).set(change).where(eq(teams.id, teamId)).returning();
        return { before, after: after! };
      });
    },

    /** Members are released (trigger `teams_release_members`); invitations go with the team. */
    async remove(teamId: number): Promise<TeamRow> {
      const [gone] = await db.delete(teams).where(eq(teams.id, teamId)).returning();
      if (!gone) fail('NOT_FOUND', ADMIN_MESSAGES.teamNotFound);
      return gone;
    },

    /** Read by the access service on each member's next request. */
    setStatus(teamId: number, status: 'active' | 'suspended'): Promise<{ before: TeamRow; after: TeamRow }> {
      return db.transaction(async (tx) => {
        await lockTeam(tx, teamId);
        const before = await findTeam(tx, teamId);
        if (!before) fail('NOT_FOUND', ADMIN_MESSAGES.teamNotFound);
        const [after] = await tx.update(teams).set({ subscriptionStatus: status }).where(eq(teams.id, teamId)).returning();
        return { before, after: after! };
      });
    },
  };
  return service;
}

export type TeamService = ReturnType<typeof createTeamService>;
