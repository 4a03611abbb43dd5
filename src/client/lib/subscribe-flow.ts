import { PAYMENT_MESSAGES } from '~/shared/payment-messages';
import { promoCodeField, type CreateSubscriptionResult, type PromoValidation } from '~/shared/schemas/subscription';

export const ALREADY_ACTIVE_MESSAGE = 'Subscription already active';

/** The code to send: trimmed by the shared field, and none when empty. */
export function normalisePromoCode(raw: string): string | undefined {
  const parsed = promoCodeField.safeParse(raw);
  const code = parsed.success ? parsed.data : raw.trim();
  return code === '' ? undefined : code;
}

export interface PromoDecision {
  /** The code to create the subscription with; an invalid code is left out. */
  promoCode: string | undefined;
  /** A 100%-off code: the subscription is created without a payment form. */
  fullDiscount: boolean;
  /** Set when the code was refused: shown to the user, and the trial still starts. */
  invalidMessage?: string;
}

export function decidePromo(promoCode: string, validation: PromoValidation): PromoDecision {
  if (!validation.valid) return { promoCode: undefined, fullDiscount: false, invalidMessage: validation.message };
  return { promoCode, fullDiscount: validation.discount?.is100PercentOff === true };
}

export type AfterCreate =
  { kind: 'already-active' } | { kind: 'activate' } | { kind: 'payment'; clientSecret: string } | { kind: 'failed'; message: string };

/** What follows a create call: straight to the editor, activation, or the payment form. */
export function decideAfterCreate(result: CreateSubscriptionResult, fullDiscount: boolean): AfterCreate {
  if (result.message === ALREADY_ACTIVE_MESSAGE) return { kind: 'already-active' };
  if (fullDiscount || result.is100PercentOff) return { kind: 'activate' };
  if (result.clientSecret) return { kind: 'payment', clientSecret: result.clientSecret };
  if (result.subscriptionId) return { kind: 'activate' };
  return { kind: 'failed', message: PAYMENT_MESSAGES.missingClientSecret };
}

export type TeamCheck = 'no-team' | 'team-active' | 'team-inactive';

/** The 'I have a team' answer for the team the query found (null: none). */
export function decideTeamCheck(team: { subscriptionStatus: string | null } | null | undefined): TeamCheck {
  if (!team) return 'no-team';
  return team.subscriptionStatus === 'active' ? 'team-active' : 'team-inactive';
}

export const TEAM_MESSAGES = {
  noTeam: 'No team found',
  checking: 'Checking team status',
  inactive: 'Team subscription inactive. Contact your team owner or subscribe individually.',
} as const;
