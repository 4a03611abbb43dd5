import type { CreateSubscriptionResult, PromoValidation } from '../../../shared/schemas/subscription';
import type { SeatChangePreview } from '../../../shared/schemas/team-seats';
import type { Payer } from './payer';

/** What a seat change costs at the provider. */
export type SeatCost = Pick<SeatChangePreview, 'proratedAmount' | 'monthlyAmount' | 'currency' | 'nextInvoiceDate' | 'prorationDate'>;

/** One lifecycle for every payer, a user or a team: the provider never asks which. */
export interface BillingProvider {
  kind: 'stripe' | 'local';
  describe(): string;
  validatePromo(code: string, payer: Payer): Promise<PromoValidation>;
  /** Starts the plan for a payer who has none. */
  create(payer: Payer, promoCode: string | undefined): Promise<CreateSubscriptionResult>;
  /** Brings the payer's status up to date with the provider (after a payment form, or on demand). */
  activate(payer: Payer): Promise<void>;
  /** Cancels at the end of the period; access lasts until then. */
  cancel(payer: Payer): Promise<void>;
  /** Tells the provider the payer's current e-mail (the person's) and name, for receipts and the portal. */
  syncCustomer(payer: Payer): Promise<void>;
  /** Stops the payer's provider subscription now, nothing billed after (before a gift, or when the payer is deleted). */
  end(payer: Payer): Promise<void>;
  /** Rolls periods forward by the clock (local billing); Stripe keeps time itself. */
  settle<P extends Payer>(payer: P): Promise<P>;
  /** Bills the payer's current `quantity` (a team's seats) from now on; `prorationDate` is the preview's. */
  updateSeats(payer: Payer, prorationDate?: number): Promise<void>;
  /** What billing `quantity` seats would cost; null when the provider bills nothing for them. */
  previewSeats(payer: Payer, quantity: number): Promise<SeatCost | null>;
  /** Where the payer manages card, invoices and cancellation at the provider; null when it has no such page. */
  portalUrl(payer: Payer, returnUrl: string): Promise<string | null>;
  handleWebhook?(payload: string, signature: string): Promise<{ applied: boolean }>;
}
