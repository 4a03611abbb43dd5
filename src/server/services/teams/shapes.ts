import { and, asc, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { TeamInvitationRow, TeamRow, UserRow } from '../../../../db/schema';
import type { Invitation, InvitationStatus, Team, TeamMember, TeamRole } from '../../../shared/schemas/team';
import type { DB } from '../../db';

/** Seats in use: always counted from the members, so it cannot drift. */
export async function countMembers(db: Pick<DB, 'select' | 'tables'>, teamId: number): Promise<number> {
  const { users } = db.tables;
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.teamId, teamId));
  return row?.n ?? 0;
}

/** Seats pending invitations hold: every unexpired one, so the seats cannot be promised twice. */
export async function countHeldSeats(db: Pick<DB, 'select' | 'tables'>, teamId: number, now: Date): Promise<number> {
  const { teamInvitations } = db.tables;
  const [row] = await db
    .select({ n: count() })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending'), gt(teamInvitations.expiresAt, now)));
  return row?.n ?? 0;
}

export function teamRoleOf(u: Pick<UserRow, 'id' | 'teamRole'>, ownerId: number): TeamRole {
  return u.id === ownerId ? 'owner' : u.teamRole;
}

export async function toTeam(db: Pick<DB, 'select' | 'tables'>, row: TeamRow): Promise<Team> {
  const { users } = db.tables;
  const [owner] = await db.select({ username: users.username }).from(users).where(eq(users.id, row.ownerId)).limit(1);
  return teamShape(row, owner?.username ?? '', await countMembers(db, row.id));
}

/** API.md's Team, given what is read from other rows. */
export function teamShape(row: TeamRow, ownerUsername: string, usedSeats: number): Team {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    ownerUsername,
    subscriptionStatus: row.subscriptionStatus || 'inactive',
    subscriptionPlan: row.subscriptionPlan ?? null,
    maxSeats: row.maxSeats,
    usedSeats,
    subscriptionRenewalDate: row.subscriptionRenewalDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toTeamMember(u: UserRow, ownerId: number): TeamMember {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    createdAt: (u.teamJoinedAt ?? u.createdAt).toISOString(),
    subscriptionPlan: u.subscriptionPlan ?? null,
    subscriptionStatus: u.subscriptionStatus || 'inactive',
    role: teamRoleOf(u, ownerId),
  };
}

/** Replaced links are never listed: an invitation is one row per person. */
export function toInvitation(r: TeamInvitationRow): Invitation {
  return {
    id: r.id,
    email: r.email,
    status: r.status as InvitationStatus,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The owner first, then in joining order. */
export async function listMembers(db: DB, team: TeamRow): Promise<TeamMember[]> {
  const { users } = db.tables;
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.teamId, team.id))
    .orderBy(desc(sql`${users.id} = ${team.ownerId}`), asc(users.teamJoinedAt), asc(users.id));
  return rows.map((u) => toTeamMember(u, team.ownerId));
}

/** Pending first, then newest first. */
export async function listInvitations(db: DB, teamId: number): Promise<Invitation[]> {
  const { teamInvitations } = db.tables;
  const rows = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), ne(teamInvitations.status, 'replaced')))
    .orderBy(desc(sql`${teamInvitations.status} = 'pending'`), desc(teamInvitations.createdAt), desc(teamInvitations.id));
  return rows.map(toInvitation);
}

export async function findTeam(db: Pick<DB, 'select' | 'tables'>, teamId: number): Promise<TeamRow | undefined> {
  const { teams } = db.tables;
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  return team;
}
