import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test double at the network edge: a local HTTP server that speaks the part of
 * Stripe's REST API the billing adapter uses, in Stripe's wire format (form
 * bodies in bracket notation, JSON objects with `object` fields, errors as
 * `{error:{type,code,message}}`, Idempotency-Key replays), so the real `stripe`
 * SDK talks to it through STRIPE_API_BASE. Methods on the returned object play
 * the parts a browser or Stripe's own machinery would (a card confirmed, a
 * renewal failing) and let tests read what was asked of it.
 */

export const STRIPE_TEST_KEY = 'sk_test_copydesk_double';
export const STRIPE_TEST_PRICE = 'price_test_professional';
const PRICE_AMOUNT = 4999;
const DAY_S = 86_400;

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
  /** Answered from the idempotency store rather than executed again. */
  replayed: boolean;
  status: number;
}

export interface SeedPromotionCode {
  code: string;
  percentOff?: number;
  /** In cents. */
  amountOff?: number;
  active?: boolean;
  /** Unix seconds. */
  expiresAt?: number;
  maxRedemptions?: number;
  timesRedeemed?: number;
  /** A coupon past its redeem_by date or limit is no longer valid. */
  couponValid?: boolean;
  /** Only this customer may redeem it. */
  customer?: string;
  /** restrictions.minimum_amount in cents: Stripe refuses the code on a smaller first invoice. */
  minimumAmount?: number;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string, param?: string) =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeError(400, 'invalid_request_error', message, code, param);

/** `a[b][0][c]=v` pairs into nested objects; all-numeric keys become arrays, as Stripe reads them. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!m) throw invalid(`Invalid parameter name: ${rawKey}`);
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)];
    let node: Params = root;
    path.forEach((segment, i) => {
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Params;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const o = v as Params;
    const keys = Object.keys(o);
    const entries = keys.map((k) => [k, arrays(o[k])] as const);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, x]) => x);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Params;
}

function addMonthsUnix(seconds: number, months: number): number {
  const d = new Date(seconds * 1000);
  const day = d.getUTCDate();
  d.setUTCMonth(d.getUTCMonth() + months, 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return Math.floor(d.getTime() / 1000);
}

const bool = (v: unknown, param: string): boolean => {
  if (v === 'true' || v === true) return true;
  if (v === 'false' || v === false) return false;
  throw invalid(`Invalid boolean: ${String(v)}`, param);
};

const int = (v: unknown, param: string): number => {
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || !Number.isSafeInteger(n)) throw invalid(`Invalid integer: ${String(v)}`, param);
  return n;
};

const expandList = (params: Params): string[] => {
  const e = params.expand;
  if (e === undefined) return [];
  if (!Array.isArray(e) || !e.every((x) => typeof x === 'string')) throw invalid('Invalid array', 'expand');
  return e as string[];
};

export interface StripeServerOptions {
  /** Milliseconds; defaults to the real clock. Tests share the app's fixed clock through this. */
  now?: () => number;
  secretKey?: string;
  prices?: string[];
}

export async function startStripeServer(opts: StripeServerOptions = {}) {
  const now = () => Math.floor((opts.now ?? Date.now)() / 1000);
  const secretKey = opts.secretKey ?? STRIPE_TEST_KEY;
  const prices = new Set(opts.prices ?? [STRIPE_TEST_PRICE]);

  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const promotionCodes = new Map<string, Json>();
  const paymentMethods = new Set<string>();
  const portalSessions: Json[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const requests: RecordedRequest[] = [];

  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  function createSetupIntent(customer: string): Json {
    const id = newId('seti');
    const si: Json = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer,
      payment_method: null,
      status: 'requires_payment_method',
      usage: 'off_session',
      livemode: false,
      created: now(),
    };
    setupIntents.set(id, si);
    return si;
  }

  function createInvoice(sub: Json, amountDue: number): Json {
    const id = newId('in');
    const pi = newId('pi');
    const paid = amountDue === 0;
    const inv: Json = {
      id,
      object: 'invoice',
      customer: sub.customer,
      amount_due: amountDue,
      amount_paid: paid ? amountDue : 0,
      currency: 'usd',
      status: paid ? 'paid' : 'open',
      confirmation_secret: paid
        ? null
        : { object: 'confirmation_secret', client_secret: `${pi}_secret_${randomBytes(12).toString('hex')}`, type: 'payment_intent' },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      livemode: false,
      created: now(),
    };
    invoices.set(id, inv);
    return inv;
  }

  function promotionUsable(code: Json, customer: string, subtotal: number): StripeError | undefined {
    const coupon = coupons.get(String((code.promotion as Json).coupon))!;
    if (code.customer != null && code.customer !== customer) {
      return invalid('This promotion code cannot be redeemed by this customer.', 'discounts', 'promotion_code_customer_not_eligible');
    }
    const minimum = (code.restrictions as Json).minimum_amount as number | null;
    if (minimum != null && subtotal < minimum) {
      return invalid(
        'This promotion code cannot be applied to an amount this small.',
        'discounts',
        'promotion_code_minimum_amount_not_met',
      );
    }
    if (!code.active) return invalid(`This promotion code is inactive.`, 'discounts', 'promotion_code_invalid');
    if (code.expires_at != null && (code.expires_at as number) <= now())
      return invalid('This promotion code has expired.', 'discounts', 'promotion_code_invalid');
    if (code.max_redemptions != null && (code.times_redeemed as number) >= (code.max_redemptions as number)) {
      return invalid('This promotion code has been used up.', 'discounts', 'promotion_code_invalid');
    }
    if (!coupon.valid) return invalid('This coupon is no longer valid.', 'discounts', 'coupon_expired');
    return undefined;
  }

  /**
   * The JSON Stripe would answer for an object, with the asked-for fields expanded.
   * An invoice's `confirmation_secret` is includable: present only when asked for.
   */
  function render(
    obj: Json,
    expand: string[],
    allowed: Record<string, { load: (id: string) => Json | undefined; nested?: string[] }>,
  ): Json {
    const out: Json = structuredClone(obj);
    const byHead = new Map<string, string[]>();
    for (const path of expand) {
      const [head, ...rest] = path.split('.');
      const spec = allowed[head!];
      const nested = rest.join('.');
      if (!spec || (nested && !spec.nested?.includes(nested))) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
      byHead.set(head!, [...(byHead.get(head!) ?? []), ...(nested ? [nested] : [])]);
    }
    for (const [head, nested] of byHead) {
      const ref = out[head];
      const child = typeof ref === 'string' ? allowed[head]!.load(ref) : undefined;
      if (!child) continue;
      const copy = structuredClone(child);
      if (copy.object === 'invoice' && !nested.includes('confirmation_secret')) delete copy.confirmation_secret;
      out[head] = copy;
    }
    return out;
  }

  const renderSubscription = (sub: Json, expand: string[]) =>
    render(sub, expand, {
      pending_setup_intent: { load: (id) => setupIntents.get(id) },
      latest_invoice: { load: (id) => invoices.get(id), nested: ['confirmation_secret'] },
      customer: { load: (id) => customers.get(id) },
    });

  function renderPromotionCode(code: Json, expand: string[]): Json {
    const out = structuredClone(code);
    for (const path of expand) {
      if (path !== 'data.promotion.coupon' && path !== 'promotion.coupon')
        throw invalid(`This property cannot be expanded (${path}).`, 'expand');
      const promotion = out.promotion as Json;
      promotion.coupon = structuredClone(coupons.get(String(promotion.coupon)));
    }
    return out;
  }

  function findSubscription(id: string): Json {
    const sub = subscriptions.get(id);
    if (!sub) throw missing('subscription', id, 'id');
    return sub;
  }

  const routes: Array<{ method: string; path: RegExp; handle: (p: Params, m: string[]) => Json }> = [
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      handle(p) {
        const id = newId('cus');
        const customer: Json = {
          id,
          object: 'customer',
          email: p.email ?? null,
          name: p.name ?? null,
          metadata: (p.metadata as Json) ?? {},
          invoice_settings: { default_payment_method: null },
          livemode: false,
          created: now(),
        };
        customers.set(id, customer);
        return customer;
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/customers\/([^/]+)$/,
      handle(p, m) {
        const customer = customers.get(m[0]!);
        if (!customer) throw missing('customer', m[0]!, 'id');
        if (p.email !== undefined) customer.email = p.email;
        if (p.name !== undefined) customer.name = p.name;
        return customer;
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      handle(p) {
        const expand = expandList(p);
        const customer = String(p.customer ?? '');
        if (!customer) throw invalid('Missing required param: customer.', 'customer', 'parameter_missing');
        if (!customers.has(customer)) throw missing('customer', customer, 'customer');
        const items = p.items as Array<Json> | undefined;
        if (!Array.isArray(items) || items.length !== 1 || typeof items[0]!.price !== 'string') {
          throw invalid('Missing required param: items[0][price].', 'items', 'parameter_missing');
        }
        const price = items[0]!.price as string;
        if (!prices.has(price)) throw missing('price', price, 'items[0][price]');
        const quantity = items[0]!.quantity !== undefined ? int(items[0]!.quantity, 'items[0][quantity]') : 1;
        if (quantity < 1) throw invalid('Quantity must be at least 1.', 'items[0][quantity]');
        if (
          p.payment_behavior !== undefined &&
          !['default_incomplete', 'allow_incomplete', 'error_if_incomplete'].includes(String(p.payment_behavior))
        ) {
          throw invalid(`Invalid payment_behavior: ${String(p.payment_behavior)}`, 'payment_behavior');
        }

        let amount = PRICE_AMOUNT * quantity;
        const discounts: string[] = [];
        if (p.discounts !== undefined) {
          const list = p.discounts as Array<Json>;
          if (!Array.isArray(list)) throw invalid('Invalid array', 'discounts');
          for (const d of list) {
            const pc = promotionCodes.get(String(d.promotion_code));
            if (!pc) throw missing('promotion_code', String(d.promotion_code), 'discounts');
            const unusable = promotionUsable(pc, customer, PRICE_AMOUNT * quantity);
            if (unusable) throw unusable;
            const coupon = coupons.get(String((pc.promotion as Json).coupon))!;
            amount =
              coupon.percent_off != null
                ? Math.round(amount * (1 - (coupon.percent_off as number) / 100))
                : Math.max(0, amount - (coupon.amount_off as number));
            pc.times_redeemed = (pc.times_redeemed as number) + 1;
            discounts.push(newId('di'));
          }
        }

        const start = now();
        const trialDays = p.trial_period_days !== undefined ? int(p.trial_period_days, 'trial_period_days') : 0;
        const trialEnd = trialDays > 0 ? start + trialDays * DAY_S : null;
        const id = newId('sub');
        const sub: Json = {
          id,
          object: 'subscription',
          customer,
          status: 'incomplete',
          items: {
            object: 'list',
            data: [
              {
                id: newId('si'),
                object: 'subscription_item',
                price: {
                  id: price,
                  object: 'price',
                  unit_amount: PRICE_AMOUNT,
                  currency: 'usd',
                  recurring: { interval: 'month', interval_count: 1 },
                },
                quantity,
                current_period_start: start,
                current_period_end: trialEnd ?? addMonthsUnix(start, 1),
              },
            ],
            has_more: false,
            url: `/v1/subscription_items?subscription=${id}`,
          },
          trial_start: trialEnd ? start : null,
          trial_end: trialEnd,
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          ended_at: null,
          default_payment_method: null,
          pending_setup_intent: null,
          latest_invoice: null,
          discounts,
          metadata: (p.metadata as Json) ?? {},
          payment_settings: { save_default_payment_method: (p.payment_settings as Json | undefined)?.save_default_payment_method ?? 'off' },
          livemode: false,
          created: start,
          start_date: start,
        };
        if (trialEnd) {
          sub.status = 'trialing';
          sub.pending_setup_intent = createSetupIntent(customer).id;
          sub.latest_invoice = createInvoice(sub, 0).id;
        } else {
          const invoice = createInvoice(sub, amount);
          sub.latest_invoice = invoice.id;
          sub.status = amount === 0 ? 'active' : 'incomplete';
        }
        subscriptions.set(id, sub);
        return renderSubscription(sub, expand);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (p, [id]) => renderSubscription(findSubscription(id!), expandList(p)),
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle(p, [id]) {
        const sub = findSubscription(id!);
        const expand = expandList(p);
        const changes = Object.keys(p).filter((k) => k !== 'expand' && k !== 'metadata');
        if (sub.status === 'canceled' && changes.length > 0) {
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.', changes[0]);
        }
        if (p.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = bool(p.cancel_at_period_end, 'cancel_at_period_end');
          sub.cancel_at = sub.cancel_at_period_end ? ((sub.items as Json).data as Json[])[0]!.current_period_end : null;
        }
        if (p.default_payment_method !== undefined) {
          const pm = String(p.default_payment_method);
          if (!paymentMethods.has(pm)) throw missing('PaymentMethod', pm, 'default_payment_method');
          sub.default_payment_method = pm;
        }
        if (p.metadata !== undefined) sub.metadata = { ...(sub.metadata as Json), ...(p.metadata as Json) };
        if (p.proration_behavior !== undefined && !['create_prorations', 'none', 'always_invoice'].includes(String(p.proration_behavior))) {
          throw invalid(`Invalid proration_behavior: ${String(p.proration_behavior)}`, 'proration_behavior');
        }
        if (p.proration_date !== undefined) int(p.proration_date, 'proration_date');
        if (p.items !== undefined) {
          if (!Array.isArray(p.items)) throw invalid('Invalid array', 'items');
          const current = (sub.items as Json).data as Json[];
          (p.items as Json[]).forEach((change, i) => {
            const item = current.find((x) => x.id === change.id);
            if (!item) throw missing('subscription_item', String(change.id ?? ''), `items[${i}][id]`);
            if (change.quantity !== undefined) {
              const quantity = int(change.quantity, `items[${i}][quantity]`);
              if (quantity < 1) throw invalid('Quantity must be at least 1.', `items[${i}][quantity]`);
              item.quantity = quantity;
            }
          });
        }
        for (const k of changes) {
          if (!['cancel_at_period_end', 'default_payment_method', 'items', 'proration_behavior', 'proration_date'].includes(k)) {
            throw invalid(`Received unknown parameter: ${k}`, k);
          }
        }
        return renderSubscription(sub, expand);
      },
    },
    {
      method: 'DELETE',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle(p, [id]) {
        const sub = findSubscription(id!);
        if (sub.status === 'canceled') throw invalid(`This subscription is already canceled.`, undefined, 'resource_missing');
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
        return renderSubscription(sub, expandList(p));
      },
    },
    {
      // The next invoice as it would be with the subscription's items changed: for a new quantity,
      // a credit for the unused time at the old one and a charge at the new one, then the next period.
      method: 'POST',
      path: /^\/v1\/invoices\/create_preview$/,
      handle(p) {
        const subscriptionId = String(p.subscription ?? '');
        if (!subscriptionId) throw invalid('Missing required param: subscription.', 'subscription', 'parameter_missing');
        const sub = findSubscription(subscriptionId);
        if (p.customer !== undefined && p.customer !== sub.customer) {
          throw invalid('The subscription does not belong to this customer.', 'customer');
        }
        if (sub.status === 'canceled')
          throw invalid('No upcoming invoices for a canceled subscription.', 'subscription', 'invoice_upcoming_none');
        const details = (p.subscription_details as Json | undefined) ?? {};
        const item = ((sub.items as Json).data as Json[])[0]!;
        const price = (item.price as Json).unit_amount as number;
        let quantity = item.quantity as number;
        for (const [i, change] of ((details.items as Json[] | undefined) ?? []).entries()) {
          if (change.id !== item.id) throw missing('subscription_item', String(change.id ?? ''), `subscription_details[items][${i}][id]`);
          if (change.quantity !== undefined) quantity = int(change.quantity, `subscription_details[items][${i}][quantity]`);
        }
        if (quantity < 1) throw invalid('Quantity must be at least 1.', 'subscription_details[items][0][quantity]');
        const start = item.current_period_start as number;
        const end = item.current_period_end as number;
        const at = details.proration_date !== undefined ? int(details.proration_date, 'subscription_details[proration_date]') : now();
        const prorate = details.proration_behavior !== 'none' && sub.status !== 'trialing' && quantity !== item.quantity && at < end;
        const line = (
          amount: number,
          q: number,
          proration: boolean,
          period: { start: number; end: number },
          description: string,
        ): Json => ({
          id: newId('il_tmp'),
          object: 'line_item',
          amount,
          currency: 'usd',
          description,
          quantity: q,
          period,
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: {
              invoice_item: null,
              proration,
              proration_details: null,
              subscription: sub.id,
              subscription_item: item.id,
            },
          },
        });
        const lines: Json[] = [];
        if (prorate) {
          const unused = (end - Math.max(at, start)) / (end - start);
          const window = { start: Math.max(at, start), end };
          lines.push(line(-Math.round(price * (item.quantity as number) * unused), item.quantity as number, true, window, 'Unused time'));
          lines.push(line(Math.round(price * quantity * unused), quantity, true, window, 'Remaining time'));
        }
        lines.push(line(price * quantity, quantity, false, { start: end, end: addMonthsUnix(end, 1) }, `${quantity} × seat`));
        const total = lines.reduce((sum, l) => sum + (l.amount as number), 0);
        return {
          id: null,
          object: 'invoice',
          customer: sub.customer,
          currency: 'usd',
          amount_due: Math.max(0, total),
          total,
          lines: { object: 'list', data: lines, has_more: false, url: '/v1/invoices/upcoming/lines' },
          parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
          period_start: start,
          period_end: end,
          next_payment_attempt: end,
          livemode: false,
          created: now(),
        };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/billing_portal\/sessions$/,
      handle(p) {
        const customer = String(p.customer ?? '');
        if (!customer) throw invalid('Missing required param: customer.', 'customer', 'parameter_missing');
        if (!customers.has(customer)) throw missing('customer', customer, 'customer');
        const id = newId('bps');
        const session: Json = {
          id,
          object: 'billing_portal.session',
          configuration: 'bpc_default',
          created: now(),
          customer,
          flow: null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: p.return_url ?? null,
          url: `https://billing.stripe.com/p/session/test_${randomBytes(12).toString('hex')}`,
        };
        portalSessions.push(session);
        return session;
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/promotion_codes$/,
      handle(p) {
        const expand = expandList(p);
        const limit = p.limit !== undefined ? int(p.limit, 'limit') : 10;
        if (limit < 1 || limit > 100) throw invalid('Limit must be between 1 and 100.', 'limit');
        const active = p.active !== undefined ? bool(p.active, 'active') : undefined;
        const code = p.code !== undefined ? String(p.code).toLowerCase() : undefined;
        const matches = [...promotionCodes.values()]
          .filter((pc) => (code === undefined || String(pc.code).toLowerCase() === code) && (active === undefined || pc.active === active))
          .sort((a, b) => (b.created as number) - (a.created as number));
        return {
          object: 'list',
          data: matches.slice(0, limit).map((pc) => renderPromotionCode(pc, expand)),
          has_more: matches.length > limit,
          url: '/v1/promotion_codes',
        };
      },
    },
  ];

  function answer(method: string, path: string, params: Params): { status: number; body: Json } {
    try {
      const matching = routes.filter((r) => r.path.test(path));
      const route = matching.find((r) => r.method === method);
      if (!route) {
        throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
      }
      return { status: 200, body: route.handle(params, route.path.exec(path)!.slice(1)) };
    } catch (e) {
      if (!(e instanceof StripeError)) throw e;
      const error: Json = { type: e.type, message: e.message };
      if (e.code) error.code = e.code;
      if (e.param) error.param = e.param;
      return { status: e.status, body: { error } };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const method = req.method ?? 'GET';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const send = (status: number, body: Json, replayed = false) => {
        requests.push({ method, path: url.pathname, params, idempotencyKey, replayed, status });
        const text = JSON.stringify(body);
        res.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'request-id': newId('req'),
          'stripe-version': String(req.headers['stripe-version'] ?? ''),
          ...(idempotencyKey && method === 'POST' ? { 'idempotency-key': idempotencyKey } : {}),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        res.end(text);
      };

      let params: Params = {};
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        params = parseStripeForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : raw);
        if (method === 'POST' && raw && !/^application\/x-www-form-urlencoded\b/.test(req.headers['content-type'] ?? '')) {
          throw invalid('Stripe accepts form-encoded request bodies only.');
        }
      } catch (e) {
        if (e instanceof StripeError) return send(e.status, { error: { type: e.type, message: e.message } });
        throw e;
      }

      if (method === 'POST' && idempotencyKey) {
        const fingerprint = `${method} ${url.pathname} ${raw}`;
        const seen = idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            return send(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            });
          }
          return send(seen.status, seen.body, true);
        }
        const result = answer(method, url.pathname, params);
        idempotent.set(idempotencyKey, { fingerprint, ...result });
        return send(result.status, result.body);
      }
      const result = answer(method, url.pathname, params);
      send(result.status, result.body);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const get = <T>(map: Map<string, T>, id: string, kind: string): T => {
    const v = map.get(id);
    if (!v) throw new Error(`stripe double: no ${kind} ${id}`);
    return v;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    price: [...prices][0]!,
    requests,

    /** The environment that points the app's adapter here. */
    env(extra: Record<string, string> = {}): Record<string, string> {
      return { STRIPE_SECRET_KEY: secretKey, STRIPE_PRICE_ID: [...prices][0]!, STRIPE_API_BASE: `http://127.0.0.1:${port}`, ...extra };
    },

    seedPromotionCode(s: SeedPromotionCode): Json {
      if ((s.percentOff == null) === (s.amountOff == null)) throw new Error('stripe double: give percentOff or amountOff');
      const couponId = newId('co');
      coupons.set(couponId, {
        id: couponId,
        object: 'coupon',
        percent_off: s.percentOff ?? null,
        amount_off: s.amountOff ?? null,
        currency: s.amountOff != null ? 'usd' : null,
        duration: 'forever',
        valid: s.couponValid ?? true,
        livemode: false,
        created: now(),
      });
      const id = newId('promo');
      const pc: Json = {
        id,
        object: 'promotion_code',
        code: s.code,
        active: s.active ?? true,
        customer: s.customer ?? null,
        expires_at: s.expiresAt ?? null,
        max_redemptions: s.maxRedemptions ?? null,
        times_redeemed: s.timesRedeemed ?? 0,
        promotion: { type: 'coupon', coupon: couponId },
        restrictions: {
          first_time_transaction: false,
          minimum_amount: s.minimumAmount ?? null,
          minimum_amount_currency: s.minimumAmount != null ? 'usd' : null,
        },
        metadata: {},
        livemode: false,
        created: now(),
      };
      promotionCodes.set(id, pc);
      return structuredClone(pc);
    },

    /** The browser confirmed the setup form: the intent succeeds with a card. `setAsDefault` plays Stripe saving it on the subscription itself. */
    succeedSetupIntent(setupIntentId: string, o: { paymentMethod?: string; setAsDefault?: boolean } = {}): string {
      const si = get(setupIntents, setupIntentId, 'setup intent');
      const pm = o.paymentMethod ?? newId('pm');
      paymentMethods.add(pm);
      Object.assign(si, { status: 'succeeded', payment_method: pm });
      if (o.setAsDefault) {
        for (const sub of subscriptions.values()) {
          if (sub.pending_setup_intent === setupIntentId) Object.assign(sub, { default_payment_method: pm, pending_setup_intent: null });
        }
      }
      return pm;
    },

    /** Moves a subscription the way Stripe's billing engine would (a failed renewal, a paid invoice, a cancellation, seats changed in the customer portal). */
    updateSubscription(
      id: string,
      patch: {
        status?: string;
        currentPeriodEnd?: number;
        defaultPaymentMethod?: string | null;
        quantity?: number;
        cancelAtPeriodEnd?: boolean;
      },
    ) {
      const sub = get(subscriptions, id, 'subscription');
      if (patch.cancelAtPeriodEnd !== undefined) {
        sub.cancel_at_period_end = patch.cancelAtPeriodEnd;
        sub.cancel_at = patch.cancelAtPeriodEnd ? ((sub.items as Json).data as Json[])[0]!.current_period_end : null;
      }
      if (patch.status) {
        sub.status = patch.status;
        if (patch.status === 'canceled') Object.assign(sub, { canceled_at: now(), ended_at: now() });
      }
      if (patch.currentPeriodEnd !== undefined) ((sub.items as Json).data as Json[])[0]!.current_period_end = patch.currentPeriodEnd;
      if (patch.quantity !== undefined) ((sub.items as Json).data as Json[])[0]!.quantity = patch.quantity;
      if (patch.defaultPaymentMethod !== undefined) {
        if (patch.defaultPaymentMethod) paymentMethods.add(patch.defaultPaymentMethod);
        sub.default_payment_method = patch.defaultPaymentMethod;
      }
      return structuredClone(sub);
    },

    subscription: (id: string) => structuredClone(get(subscriptions, id, 'subscription')),
    subscriptions: () => [...subscriptions.values()].map((s) => structuredClone(s)),
    customers: () => [...customers.values()].map((c) => structuredClone(c)),
    setupIntent: (id: string) => structuredClone(get(setupIntents, id, 'setup intent')),
    invoice: (id: string) => structuredClone(get(invoices, id, 'invoice')),
    promotionCode: (id: string) => structuredClone(get(promotionCodes, id, 'promotion code')),
    /** Customer portal sessions created, oldest first. */
    portalSessions: () => portalSessions.map((x) => structuredClone(x)),

    /** An event as Stripe would deliver it, carrying a snapshot of `object` as it is now (or as given). */
    event(type: string, object: Json, o: { id?: string; created?: number } = {}): Json {
      return {
        id: o.id ?? newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: o.created ?? now(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },

    /** POST requests that reached an endpoint, in order. */
    posts: (path?: string) => requests.filter((r) => r.method === 'POST' && (path === undefined || r.path === path)),

    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;
