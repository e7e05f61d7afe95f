/** The fake's state and the things that happen to it, independent of HTTP. */
import {
  addMonths,
  currentPeriod,
  customerDetails,
  makeCustomer,
  makePrice,
  newId,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type LineItemInput,
  type Metadata,
  type PortalSession,
  type Price,
  type StripeEvent,
  type Subscription,
  type SubscriptionStatus,
  toUnix,
} from './objects';
import { invalidRequest, resourceMissing } from './errors';
import { payInvoiceAmount, payOnce, type Charge, type InvoicePayment, type PaymentIntent, type Refund } from './payments';
import { discountApplies, discountOn, unusable, type Coupon, type Discount, type PromotionCode } from './promotions';

/** A price's unit amount (monthly), or its amount and billing interval. */
export type PriceOption = number | { amount: number; interval: 'day' | 'week' | 'month' | 'year'; intervalCount?: number; currency?: string };

export interface StoreOptions {
  prices: Record<string, PriceOption>;
  now: () => Date;
  apiVersion: string;
  subscriptionStartDate?: Date;
}

/** A payment-mode line: `price_data` makes a one-time price with its own amount and product name. */
export interface OneTimeLine {
  amount: number;
  currency: string;
  name: string;
  quantity: number;
}

interface SessionExtras {
  lineItems: (LineItemInput & { id: string })[];
  oneTime: (OneTimeLine & { id: string })[];
  subscriptionMetadata: Metadata;
  paymentMetadata: Metadata;
  trialDays: number | null;
  /** The coupon the session applies, and the promotion code it came through. */
  discount: { coupon: string; promotionCode: string | null } | null;
}

export interface PaymentCompletion {
  session: CheckoutSession;
  paymentIntent: PaymentIntent;
  charge: Charge;
}

export interface Completion {
  session: CheckoutSession;
  customer: Customer;
  subscription: Subscription;
  invoice: Invoice;
}

const clone = <T>(value: T): T => structuredClone(value);

export class StripeStore {
  readonly prices = new Map<string, Price>();
  readonly customers = new Map<string, Customer>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly portalSessions = new Map<string, PortalSession>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly invoicePayments = new Map<string, InvoicePayment>();
  readonly coupons = new Map<string, Coupon>();
  readonly promotionCodes = new Map<string, PromotionCode>();
  readonly discounts = new Map<string, Discount>();
  private readonly extras = new Map<string, SessionExtras>();
  /** Events raised since the last drain; the server delivers them. */
  private outbox: StripeEvent[] = [];
  /** Every event raised, in order. */
  readonly events: StripeEvent[] = [];
  /** The API request being handled (for `event.request`), null for test controls and hosted pages. */
  request: { id: string | null; idempotency_key: string | null } | null = null;
  baseUrl = '';
  subscriptionStartDate: Date | undefined;

  constructor(private readonly options: StoreOptions) {
    this.subscriptionStartDate = options.subscriptionStartDate;
    for (const [id, option] of Object.entries(options.prices)) {
      this.prices.set(id, typeof option === 'number' ? makePrice(id, option, this.now()) : makePrice(id, option.amount, this.now(), option));
    }
  }

  now(): number {
    return toUnix(this.options.now());
  }

  get apiVersion(): string {
    return this.options.apiVersion;
  }

  buildEvent<T>(
    type: string,
    object: T,
    extra: {
      previous_attributes?: Record<string, unknown>;
      created?: number;
      api_version?: string;
      request?: { id: string | null; idempotency_key: string | null };
      id?: string;
    } = {},
  ): StripeEvent<T> {
    return {
      id: extra.id ?? newId('evt_'),
      object: 'event',
      api_version: extra.api_version ?? this.options.apiVersion,
      created: extra.created ?? this.now(),
      data: {
        object: clone(object),
        ...(extra.previous_attributes ? { previous_attributes: clone(extra.previous_attributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: extra.request ?? this.request ?? { id: null, idempotency_key: null },
      type,
    };
  }

  emit(type: string, object: unknown, previous?: Record<string, unknown>): StripeEvent {
    const event = this.buildEvent(type, object, previous ? { previous_attributes: previous } : {});
    this.outbox.push(event);
    this.events.push(event);
    return event;
  }

  drain(): StripeEvent[] {
    const events = this.outbox;
    this.outbox = [];
    return events;
  }

  // --- lookups (404 resource_missing like Stripe) ---

  price(id: string, param = 'id'): Price {
    const price = this.prices.get(id);
    if (!price) throw resourceMissing('price', id, param, param === 'id' ? 404 : 400);
    return price;
  }

  /** A missing id in the URL is a 404; one referenced by a parameter is a 400 unless `status` says otherwise. */
  customer(id: string, param = 'id', status = param === 'id' ? 404 : 400): Customer {
    const customer = this.customers.get(id);
    if (!customer) throw resourceMissing('customer', id, param, status);
    return customer;
  }

  session(id: string): CheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw resourceMissing('checkout.session', id);
    if (session.status === 'open' && session.expires_at <= this.now()) this.expireSession(id);
    return session;
  }

  subscription(id: string): Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw resourceMissing('subscription', id);
    return subscription;
  }

  invoice(id: string): Invoice {
    const invoice = this.invoices.get(id);
    if (!invoice) throw resourceMissing('invoice', id);
    return invoice;
  }

  portalSession(id: string): PortalSession {
    const session = this.portalSessions.get(id);
    if (!session) throw resourceMissing('billing_portal.session', id);
    return session;
  }

  // --- customers ---

  createCustomer(fields: { email: string | null; name: string | null; phone?: string | null; description?: string | null; metadata: Metadata }): Customer {
    const customer = makeCustomer({ ...fields, created: this.now() });
    this.customers.set(customer.id, customer);
    return customer;
  }

  // --- checkout ---

  createSession(input: {
    mode?: 'subscription' | 'payment';
    lineItems: LineItemInput[];
    oneTime?: OneTimeLine[];
    discount?: { coupon: string; promotionCode: string | null } | null;
    paymentMetadata?: Metadata;
    customer: string | null;
    customerEmail: string | null;
    successUrl: string | null;
    cancelUrl: string | null;
    metadata: Metadata;
    clientReferenceId: string | null;
    subscriptionMetadata: Metadata;
    trialDays: number | null;
    allowPromotionCodes: boolean | null;
    locale: string | null;
    billingAddressCollection: string | null;
    paymentMethodCollection: 'always' | 'if_required';
  }): CheckoutSession {
    const created = this.now();
    const id = newId('cs_test_');
    const oneTime = input.oneTime ?? [];
    const amount =
      input.lineItems.reduce((sum, item) => sum + this.price(item.price).unit_amount * item.quantity, 0) +
      oneTime.reduce((sum, line) => sum + line.amount * line.quantity, 0);
    const coupon = input.discount ? this.coupons.get(input.discount.coupon)! : null;
    const off = coupon ? discountOn(amount, coupon) : 0;
    const mode = input.mode ?? 'subscription';
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: input.allowPromotionCodes,
      amount_subtotal: amount,
      amount_total: amount - off,
      billing_address_collection: input.billingAddressCollection,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      client_secret: null,
      created,
      currency: input.lineItems[0] ? this.price(input.lineItems[0].price).currency : (oneTime[0]?.currency ?? 'usd'),
      customer: input.customer,
      // Payment mode makes a customer only when asked (`customer_creation=always`); the guide does not ask.
      customer_creation: input.customer ? null : mode === 'payment' ? 'if_required' : 'always',
      customer_details: null,
      customer_email: input.customerEmail,
      expires_at: created + 86_400,
      invoice: null,
      livemode: false,
      locale: input.locale,
      metadata: input.metadata,
      mode,
      payment_intent: null,
      discounts: input.discount ? [{ coupon: input.discount.promotionCode ? null : input.discount.coupon, promotion_code: input.discount.promotionCode }] : [],
      payment_link: null,
      payment_method_collection: input.paymentMethodCollection,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      setup_intent: null,
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: input.successUrl,
      total_details: { amount_discount: off, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${this.baseUrl}/c/pay/${id}`,
    };
    this.sessions.set(id, session);
    this.extras.set(id, {
      lineItems: input.lineItems.map((item) => ({ ...item, id: newId('li_') })),
      oneTime: oneTime.map((line) => ({ ...line, id: newId('li_') })),
      subscriptionMetadata: input.subscriptionMetadata,
      paymentMetadata: input.paymentMetadata ?? {},
      trialDays: input.trialDays,
      discount: input.discount ?? null,
    });
    return session;
  }

  /** The session's billing interval (null in payment mode), for the hosted page's wording. */
  interval(sessionId: string): string | null {
    const first = this.extras.get(sessionId)?.lineItems[0];
    return first ? this.price(first.price).recurring.interval : null;
  }

  trialDays(sessionId: string): number | null {
    return this.extras.get(sessionId)?.trialDays ?? null;
  }

  lineItems(sessionId: string) {
    const session = this.session(sessionId);
    const extras = this.extras.get(sessionId)!;
    return {
      object: 'list' as const,
      data: [
        ...extras.lineItems.map((item) => {
          const price = this.price(item.price);
          const total = price.unit_amount * item.quantity;
          return {
            id: item.id,
            object: 'item',
            amount_discount: session.total_details.amount_discount,
            amount_subtotal: total,
            amount_tax: 0,
            amount_total: total - session.total_details.amount_discount,
            currency: session.currency,
            description: 'Premium',
            price: clone(price) as unknown,
            quantity: item.quantity,
          };
        }),
        ...extras.oneTime.map((line) => ({
          id: line.id,
          object: 'item',
          amount_discount: 0,
          amount_subtotal: line.amount * line.quantity,
          amount_tax: 0,
          amount_total: line.amount * line.quantity,
          currency: line.currency,
          description: line.name,
          price: { id: newId('price_'), object: 'price', type: 'one_time', recurring: null, unit_amount: line.amount, currency: line.currency } as unknown,
          quantity: line.quantity,
        })),
      ],
      has_more: false,
      url: `/v1/checkout/sessions/${sessionId}/line_items`,
    };
  }

  /** Pays an open session: customer (created from the email if none), active subscription, paid invoice. */
  completeSession(id: string, opts: { email?: string; startDate?: Date } = {}): Completion {
    const session = this.session(id);
    if (session.status !== 'open') throw new Error(`Checkout Session ${id} is ${session.status}, not open`);
    if (session.mode !== 'subscription') throw new Error(`Checkout Session ${id} is in ${session.mode} mode: use completePayment`);
    const extras = this.extras.get(id)!;
    const email = session.customer_email ?? opts.email ?? null;
    let customer: Customer;
    if (session.customer) customer = this.customer(session.customer);
    else {
      if (!email) throw new Error(`Checkout Session ${id} has no customer and no email to create one`);
      customer = this.createCustomer({ email, name: null, metadata: {} });
    }
    const now = this.now();
    const start = toUnix(opts.startDate ?? this.subscriptionStartDate ?? this.options.now());
    const trialEnd = extras.trialDays ? start + extras.trialDays * 86_400 : null;
    const yearly = extras.lineItems.some((item) => this.price(item.price).recurring.interval === 'year');
    const period = trialEnd ? { start, end: trialEnd } : yearly ? { start, end: addMonths(start, 12) } : currentPeriod(start, Math.max(now, start));
    const subscriptionId = newId('sub_');
    const paymentMethod = newId('pm_');
    const subscription: Subscription = {
      id: subscriptionId,
      object: 'subscription',
      application: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: trialEnd ?? start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: session.currency,
      customer: customer.id,
      default_payment_method: paymentMethod,
      description: null,
      discounts: [],
      ended_at: null,
      items: {
        object: 'list',
        data: extras.lineItems.map((item) => ({
          id: newId('si_'),
          object: 'subscription_item' as const,
          created: start,
          current_period_end: period.end,
          current_period_start: period.start,
          discounts: [] as [],
          metadata: {},
          price: clone(this.price(item.price)),
          quantity: item.quantity,
          subscription: subscriptionId,
          tax_rates: [] as [],
        })),
        has_more: false,
        total_count: extras.lineItems.length,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: clone(extras.subscriptionMetadata),
      pause_collection: null,
      start_date: start,
      status: trialEnd ? 'trialing' : 'active',
      test_clock: null,
      trial_end: trialEnd,
      trial_start: trialEnd ? start : null,
    };
    this.subscriptions.set(subscriptionId, subscription);
    const discount = this.redeem(extras.discount, { customer: customer.id, subscription: subscriptionId, session: id, start });
    if (discount) subscription.discounts = [discount.id];
    const invoice = this.createInvoice(subscription, {
      status: 'paid',
      billingReason: 'subscription_create',
      amount: trialEnd ? 0 : session.amount_total,
      subtotal: trialEnd ? 0 : session.amount_subtotal,
      period,
    });
    if (discount?.source.coupon.duration === 'once' && !trialEnd) this.dropDiscount(subscription);
    subscription.latest_invoice = invoice.id;
    customer.invoice_settings.default_payment_method = paymentMethod;
    payInvoiceAmount(this, invoice, paymentMethod);

    session.status = 'complete';
    session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
    session.customer = customer.id;
    session.customer_details = customerDetails(customer.email ?? email, customer.name);
    session.subscription = subscriptionId;
    session.invoice = invoice.id;
    session.url = null;

    this.emit('checkout.session.completed', session);
    this.emit('customer.subscription.created', subscription);
    if (invoice.amount_paid > 0) this.emit('invoice.paid', invoice);
    return { session, customer, subscription, invoice };
  }

  expireSession(id: string): StripeEvent {
    const session = this.sessions.get(id);
    if (!session) throw resourceMissing('checkout.session', id);
    if (session.status !== 'open') {
      throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    }
    session.status = 'expired';
    session.url = null;
    session.expires_at = Math.min(session.expires_at, this.now());
    return this.emit('checkout.session.expired', session);
  }

  // --- subscriptions and invoices ---

  private createInvoice(
    subscription: Subscription,
    opts: { status: 'paid' | 'open'; billingReason: Invoice['billing_reason']; amount: number; subtotal?: number; period: { start: number; end: number } },
  ): Invoice {
    const customer = this.customer(subscription.customer);
    const now = this.now();
    const id = newId('in_');
    const item = subscription.items.data[0]!;
    const invoice: Invoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      amount_due: opts.amount,
      amount_paid: opts.status === 'paid' ? opts.amount : 0,
      amount_remaining: opts.status === 'paid' ? 0 : opts.amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: opts.billingReason,
      collection_method: 'charge_automatically',
      created: now,
      currency: subscription.currency,
      customer: customer.id,
      customer_email: customer.email,
      hosted_invoice_url: `${this.baseUrl}/i/${id}`,
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il_'),
            object: 'line_item',
            amount: opts.amount,
            currency: subscription.currency,
            description: `${item.quantity} × Premium (at $${(item.price.unit_amount / 100).toFixed(2)} / ${item.price.recurring.interval})`,
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: { invoice_item: null, proration: false, subscription: subscription.id, subscription_item: item.id },
            },
            period: { start: opts.period.start, end: opts.period.end },
            pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: item.price.unit_amount_decimal },
            quantity: item.quantity,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: opts.status === 'paid' ? null : now + 3 * 86_400,
      number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: clone(subscription.metadata), subscription: subscription.id },
      },
      period_end: opts.period.end,
      period_start: opts.period.start,
      status: opts.status,
      status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: opts.status === 'paid' ? now : null, voided_at: null },
      subtotal: opts.subtotal ?? opts.amount,
      total: opts.amount,
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  /** `canceled` raises `customer.subscription.deleted`; other changes `.updated` with `previous_attributes`. */
  setSubscriptionStatus(id: string, status: SubscriptionStatus): StripeEvent | undefined {
    const subscription = this.subscription(id);
    if (subscription.status === status) return undefined;
    if (subscription.status === 'canceled') throw new Error(`Subscription ${id} is canceled; Stripe cannot reactivate it`);
    const previous = subscription.status;
    if (status === 'canceled') return this.cancelSubscription(id, 'cancellation_requested');
    subscription.status = status;
    return this.emit('customer.subscription.updated', subscription, { status: previous });
  }

  cancelSubscription(id: string, reason: string): StripeEvent {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw invalidRequest(`A canceled subscription can only update its cancellation_details and metadata.`, undefined, 'resource_missing');
    }
    const now = this.now();
    subscription.status = 'canceled';
    subscription.canceled_at = now;
    subscription.ended_at = now;
    subscription.cancel_at_period_end = false;
    subscription.cancellation_details = { comment: null, feedback: null, reason };
    return this.emit('customer.subscription.deleted', subscription);
  }

  updateSubscription(id: string, changes: { cancelAtPeriodEnd?: boolean; metadata?: Record<string, string | null> }): Subscription {
    const subscription = this.subscription(id);
    const previous: Record<string, unknown> = {};
    if (changes.cancelAtPeriodEnd !== undefined && changes.cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      previous.cancel_at = subscription.cancel_at;
      previous.canceled_at = subscription.canceled_at;
      previous.cancellation_details = clone(subscription.cancellation_details);
      const now = this.now();
      subscription.cancel_at_period_end = changes.cancelAtPeriodEnd;
      subscription.cancel_at = changes.cancelAtPeriodEnd ? subscription.items.data[0]!.current_period_end : null;
      subscription.canceled_at = changes.cancelAtPeriodEnd ? now : null;
      subscription.cancellation_details = { comment: null, feedback: null, reason: changes.cancelAtPeriodEnd ? 'cancellation_requested' : null };
    }
    if (changes.metadata) {
      previous.metadata = clone(subscription.metadata);
      for (const [key, value] of Object.entries(changes.metadata)) {
        if (value === null) delete subscription.metadata[key];
        else subscription.metadata[key] = value;
      }
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  /** A renewal charge fails: open invoice, `past_due`; raises `invoice.payment_failed` then `.updated`. */
  failInvoice(subscriptionId: string): StripeEvent {
    const subscription = this.subscription(subscriptionId);
    const item = subscription.items.data[0]!;
    const invoice = this.createInvoice(subscription, {
      status: 'open',
      billingReason: 'subscription_cycle',
      amount: item.price.unit_amount * item.quantity,
      period: { start: item.current_period_start, end: item.current_period_end },
    });
    const previous: Record<string, unknown> = { latest_invoice: subscription.latest_invoice };
    subscription.latest_invoice = invoice.id;
    if (subscription.status !== 'past_due') {
      previous.status = subscription.status;
      subscription.status = 'past_due';
    }
    const event = this.emit('invoice.payment_failed', invoice);
    this.emit('customer.subscription.updated', subscription, previous);
    return event;
  }

  /** A renewal succeeds: the period moves on a month, status `active`; raises `invoice.paid` then `.updated`. */
  payInvoice(subscriptionId: string): StripeEvent {
    const subscription = this.subscription(subscriptionId);
    if (subscription.status === 'canceled') throw new Error(`Subscription ${subscriptionId} is canceled`);
    const previous: Record<string, unknown> = { items: clone(subscription.items), latest_invoice: subscription.latest_invoice };
    for (const item of subscription.items.data) {
      item.current_period_start = item.current_period_end;
      const months = item.price.recurring.interval === 'year' ? 12 : 1;
      item.current_period_end = addMonths(subscription.billing_cycle_anchor, monthsBetween(subscription.billing_cycle_anchor, item.current_period_start) + months);
    }
    const item = subscription.items.data[0]!;
    const full = item.price.unit_amount * item.quantity;
    const discount = this.activeDiscount(subscription, item.current_period_start);
    const invoice = this.createInvoice(subscription, {
      status: 'paid',
      billingReason: 'subscription_cycle',
      amount: full - (discount ? discountOn(full, discount.source.coupon) : 0),
      subtotal: full,
      period: { start: item.current_period_start, end: item.current_period_end },
    });
    if (discount?.source.coupon.duration === 'once') this.dropDiscount(subscription);
    subscription.latest_invoice = invoice.id;
    payInvoiceAmount(this, invoice, subscription.default_payment_method);
    if (subscription.status !== 'active') {
      previous.status = subscription.status;
      subscription.status = 'active';
    }
    const event = this.emit('invoice.paid', invoice);
    this.emit('customer.subscription.updated', subscription, previous);
    return event;
  }

  // --- coupons, promotion codes, discounts ---

  /** An active promotion code by its customer-facing code (compared without case, like Stripe). */
  promotionCodeByCode(code: string): PromotionCode | undefined {
    return [...this.promotionCodes.values()].find((promo) => promo.active && promo.code.toLowerCase() === code.toLowerCase());
  }

  /** Why a promotion code cannot be used now, or null. */
  promotionProblem(promo: PromotionCode): string | null {
    return unusable(promo, this.coupons.get(promo.promotion.coupon)!, this.now());
  }

  /** A code typed on the hosted page (`allow_promotion_codes`): applies it or says why not. */
  applyTypedCode(sessionId: string, code: string): string | null {
    const session = this.session(sessionId);
    const extras = this.extras.get(sessionId)!;
    const promo = this.promotionCodeByCode(code);
    if (!session.allow_promotion_codes || !promo) return 'This code is invalid.';
    const problem = this.promotionProblem(promo);
    if (problem) return problem;
    const coupon = this.coupons.get(promo.promotion.coupon)!;
    extras.discount = { coupon: coupon.id, promotionCode: promo.id };
    const off = discountOn(session.amount_subtotal, coupon);
    session.amount_total = session.amount_subtotal - off;
    session.total_details.amount_discount = off;
    session.discounts = [{ coupon: null, promotion_code: promo.id }];
    return null;
  }

  /** The session's discount, counted as redeemed and attached to the new subscription. */
  private redeem(chosen: SessionExtras['discount'], at: { customer: string; subscription: string; session: string; start: number }): Discount | null {
    if (!chosen) return null;
    const coupon = this.coupons.get(chosen.coupon)!;
    const promo = chosen.promotionCode ? this.promotionCodes.get(chosen.promotionCode)! : null;
    coupon.times_redeemed++;
    if (promo) promo.times_redeemed++;
    const discount: Discount = {
      id: newId('di_'),
      object: 'discount',
      checkout_session: at.session,
      customer: at.customer,
      customer_account: null,
      end: coupon.duration === 'repeating' ? addMonths(at.start, coupon.duration_in_months ?? 1) : null,
      invoice: null,
      invoice_item: null,
      promotion_code: promo?.id ?? null,
      source: { type: 'coupon', coupon: clone(coupon) },
      start: at.start,
      subscription: at.subscription,
      subscription_item: null,
    };
    this.discounts.set(discount.id, discount);
    return discount;
  }

  private activeDiscount(subscription: Subscription, at: number): Discount | null {
    const discount = subscription.discounts.map((id) => this.discounts.get(id)).find((d) => d !== undefined);
    if (!discount) return null;
    if (discountApplies(discount, at) || discount.source.coupon.duration === 'once') return discount;
    // A repeating discount past its months leaves the subscription, as Stripe removes it.
    this.dropDiscount(subscription);
    return null;
  }

  private dropDiscount(subscription: Subscription): void {
    subscription.discounts = [];
  }

  /** Pays a payment-mode session: a PaymentIntent and its Charge; raises `checkout.session.completed`. */
  completePayment(id: string, opts: { email?: string } = {}): PaymentCompletion {
    const session = this.session(id);
    if (session.status !== 'open') throw new Error(`Checkout Session ${id} is ${session.status}, not open`);
    if (session.mode !== 'payment') throw new Error(`Checkout Session ${id} is in ${session.mode} mode`);
    const extras = this.extras.get(id)!;
    const email = session.customer_email ?? opts.email ?? null;
    if (!email) throw new Error(`Checkout Session ${id} has no email`);
    const { paymentIntent, charge } = payOnce(this, {
      amount: session.amount_total,
      currency: session.currency,
      customer: session.customer,
      metadata: extras.paymentMetadata,
      description: extras.oneTime[0]?.name ?? null,
    });
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = paymentIntent.id;
    session.customer_details = customerDetails(email);
    session.url = null;
    this.emit('charge.succeeded', charge);
    this.emit('payment_intent.succeeded', paymentIntent);
    this.emit('checkout.session.completed', session);
    return { session, paymentIntent, charge };
  }

  /** A plan switch from the portal or `POST /v1/subscriptions/{id}` with `items[0][price]`: no proration, new period from now. */
  switchPrice(id: string, priceId: string): Subscription {
    const subscription = this.subscription(id);
    const item = subscription.items.data[0]!;
    if (item.price.id === priceId) return subscription;
    const previous = { items: clone(subscription.items) };
    const price = this.price(priceId);
    item.price = clone(price);
    if (price.recurring.interval !== previous.items.data[0]!.price.recurring.interval) {
      // A change of interval starts a new billing period now and bills it (Stripe resets the anchor).
      const now = this.now();
      item.current_period_start = now;
      item.current_period_end = addMonths(now, price.recurring.interval === 'year' ? 12 : 1);
      subscription.billing_cycle_anchor = now;
      const invoice = this.createInvoice(subscription, {
        status: 'paid',
        billingReason: 'subscription_update',
        amount: price.unit_amount * item.quantity,
        period: { start: item.current_period_start, end: item.current_period_end },
      });
      subscription.latest_invoice = invoice.id;
      payInvoiceAmount(this, invoice, subscription.default_payment_method);
      this.emit('invoice.paid', invoice);
    }
    this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  /** `trial_end` set on a running subscription: nothing is charged until then (`trialing`). */
  setTrialEnd(id: string, trialEnd: number): Subscription {
    const subscription = this.subscription(id);
    const previous = { trial_end: subscription.trial_end, status: subscription.status, items: clone(subscription.items) };
    subscription.trial_end = trialEnd;
    subscription.trial_start ??= this.now();
    subscription.status = 'trialing';
    for (const item of subscription.items.data) item.current_period_end = trialEnd;
    subscription.billing_cycle_anchor = trialEnd;
    this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  // --- billing portal ---

  createPortalSession(customerId: string, returnUrl: string | null, locale: string | null): PortalSession {
    this.customer(customerId, 'customer', 404);
    const id = newId('bps_');
    const session: PortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_fake_default',
      created: this.now(),
      customer: customerId,
      flow: null,
      livemode: false,
      locale,
      on_behalf_of: null,
      return_url: returnUrl,
      url: `${this.baseUrl}/p/session/${id}`,
    };
    this.portalSessions.set(id, session);
    return session;
  }

  // --- expansion ---

  /** Resolves an id for `expand`, or undefined when it is not an expandable id. */
  private resolve(id: string): unknown {
    if (id.startsWith('cus_')) return this.customers.get(id);
    if (id.startsWith('sub_')) return this.subscriptions.get(id);
    if (id.startsWith('in_')) return this.invoices.get(id);
    if (id.startsWith('price_')) return this.prices.get(id);
    if (id.startsWith('di_')) return this.discounts.get(id);
    if (id.startsWith('promo_')) return this.promotionCodes.get(id);
    return undefined;
  }

  /** Applies `expand[]` paths (`subscription`, `subscription.latest_invoice`, `data.customer`, `line_items`) to a copy. */
  expand<T>(object: T, paths: string[]): T {
    const copy = clone(object) as unknown;
    for (const path of paths) this.expandPath(copy, path.split('.'), path);
    return copy as T;
  }

  private expandPath(target: unknown, segments: string[], path: string): void {
    if (target === null || typeof target !== 'object') return;
    const record = target as Record<string, unknown>;
    const [head, ...rest] = segments;
    if (head === undefined) return;
    if (head === 'data' && (record.object === 'list' || record.object === 'search_result')) {
      for (const item of record.data as unknown[]) this.expandPath(item, rest, path);
      return;
    }
    let value = record[head];
    if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) {
      // A list of ids (a subscription's `discounts`) expands entry by entry.
      record[head] = value.map((entry: string) => {
        const resolved = this.resolve(entry);
        if (resolved === undefined) throw invalidRequest(`This property cannot be expanded (${path}).`);
        return clone(resolved);
      });
      return;
    }
    if (head === 'line_items' && record.object === 'checkout.session') {
      value = this.lineItems(record.id as string);
    } else if (typeof value === 'string') {
      const resolved = this.resolve(value);
      if (resolved === undefined) throw invalidRequest(`This property cannot be expanded (${path}).`);
      value = clone(resolved);
    } else if (!(head in record) || (value !== null && (typeof value !== 'object' || !('id' in value)))) {
      // Only ids (or a null that could have held one, or an object already expanded) expand.
      throw invalidRequest(`This property cannot be expanded (${path}).`);
    }
    record[head] = value;
    if (rest.length > 0) this.expandPath(value, rest, path);
  }
}

function monthsBetween(anchor: number, at: number): number {
  let k = 0;
  while (addMonths(anchor, k + 1) <= at) k++;
  return k;
}
