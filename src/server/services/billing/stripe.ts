import { createHash } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import Stripe from 'stripe';
import { hasOwnSubscription } from '../../../shared/access';
import { PROFESSIONAL_PLAN, TRIAL_DAYS } from '../../../shared/plan';
import type { CreateSubscriptionResult, PromoValidation } from '../../../shared/schemas/subscription';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { fail } from '../../errors';
import { ALREADY_ACTIVE, NOTHING_TO_CANCEL } from './messages';
import { describeDiscount, PROMO_MESSAGES } from './promo-codes';
import { loadTeamPayer, saveCustomerId, savePayerState, userPayer, type Payer, isGift } from './payer';
import type { BillingProvider } from './types';

export interface StripeBillingConfig {
  secretKey: string;
  priceId?: string;
  webhookSecret?: string;
  /** Points the SDK at another host, e.g. http://127.0.0.1:12111 in tests. */
  apiBase?: string;
}

export function createStripeClient(cfg: StripeBillingConfig): Stripe {
  const base = cfg.apiBase ? new URL(cfg.apiBase) : undefined;
  return new Stripe(cfg.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const isMissing = (e: unknown, param?: string) =>
  e instanceof Stripe.errors.StripeInvalidRequestError && e.code === 'resource_missing' && (param === undefined || e.param === param);

const isRefusedDiscount = (e: unknown) =>
  e instanceof Stripe.errors.StripeInvalidRequestError && /^(discounts|promotion_code|coupon)/.test(e.param ?? '');

const unlessMissing = (e: unknown): undefined => {
  if (isMissing(e)) return undefined;
  throw e;
};

/** Names the payer on Stripe's objects, so a webhook finds it even before its ids are stored. */
const payerMetadata = (payer: Payer): Record<string, string> =>
  payer.kind === 'team' ? { teamId: String(payer.id) } : { userId: String(payer.id) };

const id = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

/**
 * Stripe's status is the truth; a trial only counts once a card is on file
 * (or the promo makes it free), so an abandoned payment form grants nothing.
 */
export function statusFromStripe(sub: Stripe.Subscription): string {
  if (sub.status === 'trialing' && !sub.default_payment_method && sub.metadata?.free !== 'true') return 'incomplete';
  return sub.status;
}

const grantsAccess = (status: string) => hasOwnSubscription({ subscriptionStatus: status, teamId: null });

/** How long the same request again is taken for a second click rather than a new attempt after an abandoned form. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/** Statuses in which no subscription is running: not yet started, or over. */
const NOT_RUNNING = new Set(['incomplete', 'incomplete_expired', 'canceled']);

function periodEnd(sub: Stripe.Subscription): Date | null {
  const end = sub.items?.data?.[0]?.current_period_end ?? sub.trial_end ?? null;
  return end ? new Date(end * 1000) : null;
}

export function createStripeBilling(db: DB, clock: Clock, cfg: StripeBillingConfig, stripe = createStripeClient(cfg)): BillingProvider {
  const { billingEvents, teams, users } = db.tables;
  const priceId = cfg.priceId ?? PROFESSIONAL_PLAN.priceId;

  async function findPromotion(code: string): Promise<Stripe.PromotionCode | undefined> {
    const list = await stripe.promotionCodes.list({ code, active: true, limit: 1, expand: ['data.promotion.coupon'] });
    return list.data[0];
  }

  function promoValidation(promo: Stripe.PromotionCode | undefined, payer: Payer): PromoValidation {
    if (!promo) return { valid: false, message: PROMO_MESSAGES.invalid };
    if (promo.customer && id(promo.customer) !== payer.billingCustomerId) return { valid: false, message: PROMO_MESSAGES.invalid };
    if (promo.expires_at && promo.expires_at * 1000 <= clock().getTime()) return { valid: false, message: PROMO_MESSAGES.expired };
    if (promo.max_redemptions != null && promo.times_redeemed >= promo.max_redemptions)
      return { valid: false, message: PROMO_MESSAGES.usedUp };
    const coupon = promo.promotion?.coupon;
    if (!coupon || typeof coupon === 'string' || coupon.valid === false) return { valid: false, message: PROMO_MESSAGES.invalid };
    return describeDiscount(coupon.percent_off ?? null, coupon.amount_off ?? null);
  }

  /** A team's subscription names the team in its metadata and is stored on it; anything else is a user's. */
  async function payerForSubscription(sub: Stripe.Subscription): Promise<Payer | undefined> {
    const customer = id(sub.customer);
    const teamId = sub.metadata?.teamId ? Number(sub.metadata.teamId) : NaN;
    const [team] = await db
      .select()
      .from(teams)
      .where(
        or(
          eq(teams.billingSubscriptionId, sub.id),
          customer ? eq(teams.billingCustomerId, customer) : undefined,
          Number.isInteger(teamId) ? eq(teams.id, teamId) : undefined,
        ),
      )
      .limit(1);
    if (team) return loadTeamPayer(db, team);
    if (sub.metadata?.teamId) return undefined;
    const userId = Number(sub.metadata?.userId);
    const [user] = await db
      .select()
      .from(users)
      .where(
        or(
          eq(users.billingSubscriptionId, sub.id),
          customer ? eq(users.billingCustomerId, customer) : undefined,
          Number.isInteger(userId) ? eq(users.id, userId) : undefined,
        ),
      )
      .limit(1);
    return user ? userPayer(user) : undefined;
  }

  async function sync(sub: Stripe.Subscription, known?: Payer): Promise<void> {
    const payer = known ?? (await payerForSubscription(sub));
    if (!payer) return;
    const status = statusFromStripe(sub);
    // Another subscription of the payer's (an abandoned or ended one) does not replace the current
    // one; only a subscription that gives access does (a payment link bought next to the app).
    if (payer.billingSubscriptionId && payer.billingSubscriptionId !== sub.id && !grantsAccess(status)) return;
    await savePayerState(db, payer, {
      subscriptionStatus: status,
      // A plan is named only while it runs, so the landing page offers it again once it ends.
      subscriptionPlan: NOT_RUNNING.has(status) ? null : PROFESSIONAL_PLAN.id,
      subscriptionRenewalDate: periodEnd(sub),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      billingSubscriptionId: sub.id,
      billingCustomerId: id(sub.customer),
      // The trial is spent once it gave access, not when a payment form was merely opened.
      ...(sub.trial_end && grantsAccess(status) && !payer.trialUsedAt ? { trialUsedAt: clock() } : {}),
      // Seats bought in Stripe (the customer portal) are the team's seats.
      ...(payer.kind === 'team' && !NOT_RUNNING.has(status) ? { quantity: sub.items?.data?.[0]?.quantity } : {}),
    });
  }

  /**
   * The payer has no access but may hold a subscription from an earlier attempt: one whose card
   * arrived meanwhile counts (the webhook may not have come yet); the same request made moments
   * ago gets its payment form again; any other that still runs or waits for a card is cancelled,
   * so nobody pays for two.
   */
  async function settlePrevious(
    payer: Payer,
    promoCode: string | undefined,
  ): Promise<{ running?: Stripe.Subscription; repeated?: Stripe.Subscription }> {
    const subscriptionId = stripeSubscriptionId(payer);
    if (!subscriptionId) return {};
    const previous = await retrieve(subscriptionId).catch(unlessMissing);
    if (!previous) return {};
    if (grantsAccess(statusFromStripe(previous))) {
      await sync(previous, payer);
      return { running: previous };
    }
    if (isRepeat(previous, payer, promoCode)) return { repeated: previous };
    if (previous.status !== 'canceled' && previous.status !== 'incomplete_expired') {
      await stripe.subscriptions.cancel(previous.id, {}, { idempotencyKey: `copydesk-replace-${previous.id}` });
    }
    return {};
  }

  /**
   * A double click, a second tab, a retry after a lost answer: a subscription still waiting for its
   * card, asked for with the same plan, seats and code within REPEAT_WINDOW_MS. Requests for one
   * payer run one at a time (one-payer-at-a-time.ts), so the second always finds the first's.
   */
  function isRepeat(previous: Stripe.Subscription, payer: Payer, promoCode: string | undefined): boolean {
    if (statusFromStripe(previous) !== 'incomplete') return false;
    const item = previous.items?.data?.[0];
    if (item?.price?.id !== priceId || (item.quantity ?? 1) !== payer.quantity) return false;
    if ((previous.metadata?.promoCode ?? '').toUpperCase() !== (promoCode ?? '').toUpperCase()) return false;
    return clock().getTime() - previous.created * 1000 < REPEAT_WINDOW_MS;
  }

  function answer(sub: Stripe.Subscription, free: boolean): CreateSubscriptionResult {
    const setupIntent = sub.pending_setup_intent;
    const invoice = sub.latest_invoice;
    const clientSecret = free
      ? undefined
      : ((setupIntent && typeof setupIntent !== 'string' ? setupIntent.client_secret : null) ??
        (invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : null) ??
        undefined);
    return {
      subscriptionId: sub.id,
      ...(clientSecret ? { clientSecret } : {}),
      is100PercentOff: free,
      message: free
        ? 'Subscription activated'
        : `Subscription created; add a payment method to start your ${sub.trial_end ? 'trial' : 'plan'}`,
    };
  }

  /** The payer's subscription at Stripe; a gifted plan has none. */
  const stripeSubscriptionId = (payer: Payer): string | null =>
    payer.billingSubscriptionId && !isGift(payer.billingSubscriptionId) ? payer.billingSubscriptionId : null;

  const retrieve = (subscriptionId: string) =>
    stripe.subscriptions.retrieve(subscriptionId, { expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'] });

  /** `replacing` names a stored customer Stripe no longer knows (the keys moved to another account or mode). */
  async function ensureCustomer(payer: Payer, replacing?: string): Promise<string> {
    if (payer.billingCustomerId && !replacing) return payer.billingCustomerId;
    const customer = await stripe.customers.create(
      { email: payer.person.email, name: payer.name, metadata: payerMetadata(payer) },
      { idempotencyKey: `copydesk-customer-${payer.key}${replacing ? `-after-${replacing}` : ''}` },
    );
    await saveCustomerId(db, payer, customer.id);
    return customer.id;
  }

  return {
    kind: 'stripe',
    describe: () => `billing: Stripe${cfg.apiBase ? ` at ${new URL(cfg.apiBase).origin}` : ''} (price ${priceId})`,

    async validatePromo(code, payer) {
      return promoValidation(await findPromotion(code), payer);
    },

    async create(payer, promoCode) {
      const { running, repeated } = await settlePrevious(payer, promoCode);
      if (running) return { subscriptionId: running.id, is100PercentOff: false, message: ALREADY_ACTIVE };
      if (repeated) return answer(repeated, false);
      let promo: Stripe.PromotionCode | undefined;
      let free = false;
      if (promoCode) {
        const found = await findPromotion(promoCode);
        const check = promoValidation(found, payer);
        if (check.valid) {
          promo = found;
          free = check.discount?.is100PercentOff ?? false;
        }
      }
      const subscribe = (customer: string) => {
        const params: Stripe.SubscriptionCreateParams = {
          customer,
          items: [{ price: priceId, ...(payer.kind === 'team' ? { quantity: payer.quantity } : {}) }],
          ...(payer.trialUsedAt ? {} : { trial_period_days: TRIAL_DAYS }),
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          ...(promo ? { discounts: [{ promotion_code: promo.id }] } : {}),
          // The code as asked for, kept or refused, so a repeated request is known (isRepeat).
          metadata: { ...payerMetadata(payer), free: String(free), ...(promoCode ? { promoCode } : {}) },
          expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
        };
        // A double click sends the same request and gets the same subscription back. The key names
        // the parameters too: Stripe refuses a key reused with others (a new price, a promo added).
        const fingerprint = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
        return stripe.subscriptions.create(params, {
          idempotencyKey: `copydesk-subscription-${payer.key}-${payer.billingSubscriptionId ?? 'first'}-${fingerprint}`,
        });
      };
      let customer = await ensureCustomer(payer);
      let sub: Stripe.Response<Stripe.Subscription> | undefined;
      for (let attempt = 0; !sub; attempt++) {
        try {
          sub = await subscribe(customer);
        } catch (e) {
          if (attempt < 2 && isMissing(e, 'customer')) customer = await ensureCustomer(payer, customer);
          // Stripe knows rules the check above does not (minimum amounts, first orders, a race for
          // the last use): like an invalid code, a refused one leaves the plan at full price.
          else if (attempt < 2 && promo && isRefusedDiscount(e)) [promo, free] = [undefined, false];
          else throw e;
        }
      }
      // This subscription is the payer's now, whatever an earlier one said.
      await sync(sub, { ...payer, billingCustomerId: customer, billingSubscriptionId: sub.id });
      return answer(sub, free);
    },

    async activate(payer) {
      const subscriptionId = stripeSubscriptionId(payer);
      if (!subscriptionId) return;
      let sub = await retrieve(subscriptionId);
      const setupIntent = sub.pending_setup_intent;
      if (
        !sub.default_payment_method &&
        setupIntent &&
        typeof setupIntent !== 'string' &&
        setupIntent.status === 'succeeded' &&
        setupIntent.payment_method
      ) {
        sub = await stripe.subscriptions.update(
          sub.id,
          { default_payment_method: id(setupIntent.payment_method)!, expand: ['pending_setup_intent'] },
          { idempotencyKey: `copydesk-default-pm-${sub.id}-${id(setupIntent.payment_method)}` },
        );
      }
      await sync(sub, payer);
    },

    async cancel(payer) {
      const subscriptionId = stripeSubscriptionId(payer);
      if (!subscriptionId) fail('BAD_REQUEST', NOTHING_TO_CANCEL);
      const sub = await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: `copydesk-cancel-${subscriptionId}` },
      );
      await sync(sub, payer);
    },

    async syncCustomer(payer) {
      if (!payer.billingCustomerId) return;
      await stripe.customers.update(payer.billingCustomerId, { email: payer.person.email, name: payer.name });
    },

    async end(payer) {
      const subscriptionId = stripeSubscriptionId(payer);
      if (!subscriptionId) return;
      const sub = await retrieve(subscriptionId).catch(unlessMissing);
      if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
      await stripe.subscriptions.cancel(sub.id, {}, { idempotencyKey: `copydesk-end-${sub.id}` });
    },

    settle: async (payer) => payer,

    async updateSeats(payer, prorationDate) {
      const subscriptionId = stripeSubscriptionId(payer);
      if (!subscriptionId) return;
      const sub = await retrieve(subscriptionId).catch(unlessMissing);
      if (!sub || NOT_RUNNING.has(sub.status)) return;
      const item = sub.items.data[0];
      if (!item || item.quantity === payer.quantity) return;
      // No idempotency key of our own: 5 -> 6 -> 5 seats must be three changes, not a replay of the
      // first (the SDK still keys its own retries of this one request).
      const updated = await stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, quantity: payer.quantity }],
        proration_behavior: 'create_prorations',
        ...(prorationDate ? { proration_date: prorationDate } : {}),
      });
      await sync(updated, payer);
    },

    /** Stripe's preview of the next invoice with the new quantity: its proration lines are the amount for the rest of the period. */
    async previewSeats(payer, quantity) {
      const subscriptionId = stripeSubscriptionId(payer);
      if (!subscriptionId) return null;
      const sub = await retrieve(subscriptionId).catch(unlessMissing);
      const item = sub?.items.data[0];
      if (!sub || !item || NOT_RUNNING.has(sub.status)) return null;
      const prorationDate = Math.floor(clock().getTime() / 1000);
      const invoice = await stripe.invoices.createPreview({
        customer: id(sub.customer) ?? undefined,
        subscription: sub.id,
        subscription_details: {
          items: [{ id: item.id, quantity }],
          proration_behavior: 'create_prorations',
          proration_date: prorationDate,
        },
      });
      const proratedAmount = invoice.lines.data
        .filter((line) => line.parent?.subscription_item_details?.proration)
        .reduce((sum, line) => sum + line.amount, 0);
      return {
        proratedAmount,
        monthlyAmount: (item.price.unit_amount ?? 0) * quantity,
        currency: invoice.currency,
        nextInvoiceDate: periodEnd(sub)?.toISOString() ?? null,
        prorationDate,
      };
    },

    async portalUrl(payer, returnUrl) {
      if (!payer.billingCustomerId) return null;
      const session = await stripe.billingPortal.sessions.create({ customer: payer.billingCustomerId, return_url: returnUrl });
      return session.url;
    },

    async handleWebhook(payload, signature) {
      if (!cfg.webhookSecret) fail('NOT_FOUND', 'Webhooks are not configured');
      let event: Stripe.Event;
      try {
        // receivedAt is in milliseconds (the SDK divides by 1000); the signature may be 300 s old at most.
        event = stripe.webhooks.constructEvent(payload, signature, cfg.webhookSecret, 300, undefined, clock().getTime());
      } catch {
        fail('BAD_REQUEST', 'Invalid webhook signature');
      }
      const [seen] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, event.id)).limit(1);
      if (seen) return { applied: false };
      // Events arrive in any order, so each one re-reads the subscription's current state from Stripe.
      const subscriptionId = subscriptionOf(event);
      if (event.type === 'checkout.session.completed') {
        const session = event.data.object;
        const userId = Number(session.client_reference_id);
        const customer = id(session.customer);
        // Only a session that bought a subscription links; a one-off payment leaves the user's customer alone.
        if (subscriptionId && Number.isInteger(userId) && userId > 0) {
          await db
            .update(users)
            .set({ billingSubscriptionId: subscriptionId, ...(customer ? { billingCustomerId: customer } : {}) })
            .where(eq(users.id, userId));
        }
      }
      if (subscriptionId) await sync(await retrieve(subscriptionId));
      await db.insert(billingEvents).values({ id: event.id, type: event.type, receivedAt: clock() }).onConflictDoNothing();
      return { applied: true };
    },
  };
}

function subscriptionOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return id(event.data.object.parent?.subscription_details?.subscription);
    case 'checkout.session.completed':
      return id(event.data.object.subscription);
    default:
      return null;
  }
}
