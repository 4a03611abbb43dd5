import type { UserRow } from '../../../../db/schema';
import type { CreateSubscriptionResult, PromoValidation } from '../../../shared/schemas/subscription';

export interface BillingProvider {
  kind: 'stripe' | 'local';
  describe(): string;
  validatePromo(code: string, user: UserRow): Promise<PromoValidation>;
  /** Starts the plan for a user who has none. */
  create(user: UserRow, promoCode: string | undefined): Promise<CreateSubscriptionResult>;
  /** Brings the user's status up to date with the provider (after a payment form, or on demand). */
  activate(user: UserRow): Promise<void>;
  /** Cancels at the end of the period; access lasts until then. */
  cancel(user: UserRow): Promise<void>;
  /** Rolls periods forward by the clock (local billing); Stripe keeps time itself. */
  settle(user: UserRow): UserRow;
  handleWebhook?(payload: string, signature: string): Promise<{ applied: boolean }>;
}
