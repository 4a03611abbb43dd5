import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { TeamRow } from '../../../../db/schema';
import type { AdminCreateTeamInput, AdminListQuery, AdminTeam, AdminUpdateTeamInput, Page } from '../../../shared/schemas/admin';
import type { Invitation, TeamMember } from '../../../shared/schemas/team';
import type { DB } from '../../db';
import type { BillingService } from '../billing';
import { teamShape, toTeam, type IssuedInvitation, type TeamService } from '../teams';
import { changedFields, type Actor, type AuditService } from './audit';
import { likeEscaped } from './users';
import { keysetPage } from '../keyset-page';

const AUDITED_TEAM_FIELDS = ['name', 'ownerId', 'maxSeats', 'subscriptionStatus', 'subscriptionPlan'] as const;

interface Deps {
  db: DB;
  teams: TeamService;
  billing: BillingService;
  audit: AuditService;
}

export function createAdminTeamService({ db, teams: teamService, billing, audit }: Deps) {
  const { teams, users } = db.tables;
  const target = (t: TeamRow) => ({ type: 'team' as const, id: t.id, label: t.name });
  const owner = alias(users, 'owner');
  /** Invitations name the team's owner as the inviter: the invitee joins the owner's team (the audit log names the admin). */
  const ownerOf = async (team: TeamRow, actor: Actor) =>
    (await db.select().from(users).where(eq(users.id, team.ownerId)).limit(1))[0] ?? actor.user;
  const usedSeats = sql<number>`(SELECT count(*) FROM ${users} WHERE ${users.teamId} = ${teams.id})`;

  return {
    /** Newest first, in one query; `search` matches part of the team's name or its owner's username or e-mail. */
    async list(query: AdminListQuery): Promise<Page<AdminTeam>> {
      const matches = query.search
        ? or(likeEscaped(teams.name, query.search), likeEscaped(owner.username, query.search), likeEscaped(owner.email, query.search))
        : undefined;
      const [counted] = await db.select({ n: count() }).from(teams).innerJoin(owner, eq(owner.id, teams.ownerId)).where(matches);
      const rows = await db
        .select({ team: teams, ownerUsername: owner.username, usedSeats })
        .from(teams)
        .innerJoin(owner, eq(owner.id, teams.ownerId))
        .where(and(matches, query.cursor ? lt(teams.id, Number(query.cursor)) : undefined))
        .orderBy(desc(teams.id))
        .limit(query.limit + 1);
      const page = keysetPage(
        rows,
        query.limit,
        (r) => teamShape(r.team, r.ownerUsername, r.usedSeats),
        (r) => String(r.team.id),
      );
      return { ...page, total: counted?.n ?? 0 };
    },

    async create(actor: Actor, input: AdminCreateTeamInput): Promise<AdminTeam> {
      const team = await teamService.createFor(input.ownerId, input.name, input.maxSeats);
      await audit.record(actor, { action: 'team.create', target: target(team), changes: changedFields(null, team, AUDITED_TEAM_FIELDS) });
      return toTeam(db, team);
    },

    /** Stripe bills the new number of seats from now on. */
    async update(actor: Actor, input: AdminUpdateTeamInput): Promise<AdminTeam> {
      const { before, after } = await teamService.update(input.id, { name: input.name, maxSeats: input.maxSeats });
      const changes = changedFields(before, after, AUDITED_TEAM_FIELDS);
      if (Object.keys(changes).length) await audit.record(actor, { action: 'team.update', target: target(after), changes });
      if (before.maxSeats !== after.maxSeats) await billing.updateTeamSeats(after);
      if (before.name !== after.name) await billing.syncCustomers(null, after);
      return toTeam(db, after);
    },

    /** The provider stops billing the team, then it goes and its members are released. */
    async delete(actor: Actor, id: number): Promise<{ success: true }> {
      const team = await teamService.find(id);
      const members = (await teamService.membersOf(team)).length;
      await billing.endTeam(team);
      const gone = await teamService.remove(id);
      await audit.record(actor, {
        action: 'team.delete',
        target: target(gone),
        changes: { ...changedFields(gone, null, AUDITED_TEAM_FIELDS), usedSeats: { before: members, after: 0 } },
      });
      return { success: true };
    },

    members: async (id: number): Promise<TeamMember[]> => teamService.membersOf(await teamService.find(id)),
    invitations: async (id: number): Promise<Invitation[]> => teamService.invitationsOf(await teamService.find(id)),

    async invite(actor: Actor, id: number, email: string): Promise<IssuedInvitation> {
      const team = await teamService.find(id);
      const invitation = await teamService.inviteTo(team, await ownerOf(team, actor), email);
      await audit.record(actor, {
        action: 'team.invite',
        target: target(team),
        changes: { invitation: { before: null, after: `${invitation.email} (#${invitation.id})` } },
      });
      return invitation;
    },

    async resendInvitation(actor: Actor, id: number, invitationId: number): Promise<IssuedInvitation> {
      const team = await teamService.find(id);
      const previous = (await teamService.invitationsOf(team)).find((i) => i.id === invitationId);
      const invitation = await teamService.resendFor(team, await ownerOf(team, actor), invitationId);
      await audit.record(actor, {
        action: 'team.resend_invitation',
        target: target(team),
        changes: {
          expiresAt: { before: previous?.expiresAt ?? null, after: invitation.expiresAt },
          invitation: { before: null, after: invitation.email },
        },
      });
      return invitation;
    },

    /** Takes effect on each member's next request: access reads the team's status every time. */
    async setSubscription(actor: Actor, id: number, status: 'active' | 'suspended'): Promise<AdminTeam> {
      const { before, after } = await teamService.setStatus(id, status);
      const changes = changedFields(before, after, AUDITED_TEAM_FIELDS);
      if (Object.keys(changes).length) await audit.record(actor, { action: 'team.subscription', target: target(after), changes });
      return toTeam(db, after);
    },
  };
}

export type AdminTeamService = ReturnType<typeof createAdminTeamService>;
