import type { TeamRow, UserRow } from '../../../../db/schema';
import { TEAM_SEAT_MESSAGES, type SeatChangePreview, type SeatChangeResult } from '../../../shared/schemas/team-seats';
import type { DB } from '../../db';
import { fail } from '../../errors';
import { changedFields, type Actor, type AuditService } from '../admin/audit';
import { countMembers, TEAM_ERRORS, type TeamService } from '../teams';
import type { BillingService } from '.';
import { TEAM_SUSPENDED_NO_SUBSCRIBE } from './messages';

interface Deps {
  db: DB;
  teams: TeamService;
  billing: BillingService;
  audit: AuditService;
}

/**
 * The owner changes the team's seats from the team page: never below the members in use, billed
 * by Stripe with proration (the amount shown first), or set directly with local billing. Either
 * way the audit log keeps a row.
 */
export function createTeamSeatService({ db, teams, billing, audit }: Deps) {
  async function ownedTeam(user: UserRow): Promise<{ team: TeamRow; usedSeats: number }> {
    const shown = await teams.get(user);
    if (shown.ownerId !== user.id) fail('FORBIDDEN', TEAM_ERRORS.ownerOnly);
    const team = await teams.find(shown.id);
    if (team.subscriptionStatus === 'suspended') fail('BAD_REQUEST', TEAM_SUSPENDED_NO_SUBSCRIBE);
    return { team, usedSeats: await countMembers(db, team.id) };
  }

  function assertEnough(seats: number, usedSeats: number) {
    if (seats < usedSeats) fail('BAD_REQUEST', TEAM_SEAT_MESSAGES.belowMembers(usedSeats), { usedSeats });
  }

  return {
    async preview(user: UserRow, seats: number): Promise<SeatChangePreview> {
      const { team, usedSeats } = await ownedTeam(user);
      assertEnough(seats, usedSeats);
      const cost = seats === team.maxSeats ? null : await billing.previewTeamSeats(team, seats);
      return {
        seats,
        currentSeats: team.maxSeats,
        usedSeats,
        billed: cost != null,
        proratedAmount: cost?.proratedAmount ?? 0,
        monthlyAmount: cost?.monthlyAmount ?? 0,
        currency: cost?.currency ?? 'usd',
        nextInvoiceDate: cost?.nextInvoiceDate ?? null,
        prorationDate: cost?.prorationDate ?? null,
      };
    },

    async change(actor: Actor, seats: number, prorationDate?: number): Promise<SeatChangeResult> {
      const { team, usedSeats } = await ownedTeam(actor.user);
      assertEnough(seats, usedSeats);
      if (seats === team.maxSeats) return { maxSeats: seats, message: TEAM_SEAT_MESSAGES.unchanged(seats) };
      const { before, after } = await teams.update(team.id, { name: team.name, maxSeats: seats });
      try {
        await billing.updateTeamSeats(after, prorationDate);
      } catch (e) {
        // Stripe did not take the change: the seats stay what the team pays for.
        await teams.update(team.id, { name: after.name, maxSeats: before.maxSeats });
        throw e;
      }
      await audit.record(actor, {
        action: 'team.seats',
        target: { type: 'team', id: after.id, label: after.name },
        changes: changedFields(before, after, ['maxSeats']),
      });
      return { maxSeats: after.maxSeats, message: TEAM_SEAT_MESSAGES.changed(after.maxSeats) };
    },
  };
}

export type TeamSeatService = ReturnType<typeof createTeamSeatService>;
