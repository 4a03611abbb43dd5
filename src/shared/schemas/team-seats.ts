import { z } from 'zod';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from './admin';

export const TEAM_SEAT_MESSAGES = {
  seatsWhole: 'Seats must be a whole number.',
  belowMembers: (members: number) =>
    `Your team has ${members} ${members === 1 ? 'member' : 'members'}, so it needs at least ${members} ${members === 1 ? 'seat' : 'seats'}. Remove a member first to go lower.`,
  unchanged: (seats: number) => `Your team already has ${seats} ${seats === 1 ? 'seat' : 'seats'}.`,
  changed: (seats: number) => `Your team now has ${seats} ${seats === 1 ? 'seat' : 'seats'}.`,
} as const;

const seatCount = z
  .number({ error: TEAM_SEAT_MESSAGES.seatsWhole })
  .int(TEAM_SEAT_MESSAGES.seatsWhole)
  .min(1, ADMIN_MESSAGES.seatsMin)
  .max(ADMIN_LIMITS.seatsMax, ADMIN_MESSAGES.seatsMax);

/** The owner asks what a new seat count would cost. */
export const seatChangePreviewInput = z.object({ seats: seatCount });

/** `prorationDate` comes from the preview, so Stripe bills exactly the amount the owner saw. */
export const changeSeatsInput = z.object({
  seats: seatCount,
  prorationDate: z
    .number()
    .int()
    .positive()
    .max(2 ** 40)
    .optional(),
});

/** What a seat change means for the bill, shown before the owner confirms it. */
export interface SeatChangePreview {
  seats: number;
  currentSeats: number;
  usedSeats: number;
  /** False when Copydesk bills nothing itself (local billing, or no running paid subscription). */
  billed: boolean;
  /** Cents added to (or, below zero, taken off) the next invoice for the rest of this period. */
  proratedAmount: number;
  /** Cents a month for the new seats, from the next period. */
  monthlyAmount: number;
  currency: string;
  /** When the next invoice is drawn up; null without a billed subscription. */
  nextInvoiceDate: string | null;
  /** Seconds since the epoch: pass it back to changeSeats. */
  prorationDate: number | null;
}

export interface SeatChangeResult {
  maxSeats: number;
  message: string;
}
