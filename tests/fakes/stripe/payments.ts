/**
 * Payments behind paid invoices, and refunds of them, as Stripe shapes them at the endive API
 * version: an invoice reaches its PaymentIntent through `invoice_payment` objects
 * (`GET /v1/invoice_payments?invoice=…`), the PaymentIntent's `latest_charge` is the Charge, and
 * `POST /v1/refunds` gives money back, raising `refund.created` and `charge.refunded`.
 */
import { newId, type Invoice, type Metadata } from './objects';
import { invalidRequest, parameterMissing, resourceMissing } from './errors';
import type { StripeStore } from './store';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  customer: string;
  latest_charge: string;
  livemode: false;
  metadata: Metadata;
  payment_method: string | null;
  status: 'succeeded';
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string;
  captured: true;
  created: number;
  currency: string;
  customer: string;
  description: string | null;
  disputed: false;
  livemode: false;
  metadata: Metadata;
  paid: true;
  payment_intent: string;
  payment_method: string | null;
  receipt_url: string;
  refunded: boolean;
  status: 'succeeded';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  destination_details: { type: 'card'; card: { reference_status: 'pending'; reference_type: 'acquirer_reference_number'; type: 'refund' } };
  metadata: Metadata;
  payment_intent: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  transfer_reversal: null;
}

export interface InvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: true;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'paid';
  status_transitions: { canceled_at: null; paid_at: number };
}

/** The charge, PaymentIntent and invoice payment a paid invoice stands on (nothing for $0). */
export function payInvoiceAmount(store: StripeStore, invoice: Invoice, paymentMethod: string | null): void {
  if (invoice.status !== 'paid' || invoice.amount_paid <= 0) return;
  const now = store.now();
  const intentId = newId('pi_');
  const charge: Charge = {
    id: newId('ch_'),
    object: 'charge',
    amount: invoice.amount_paid,
    amount_captured: invoice.amount_paid,
    amount_refunded: 0,
    balance_transaction: newId('txn_'),
    captured: true,
    created: now,
    currency: invoice.currency,
    customer: invoice.customer,
    description: 'Subscription creation',
    disputed: false,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: intentId,
    payment_method: paymentMethod,
    receipt_url: `${store.baseUrl}/receipts/${intentId}`,
    refunded: false,
    status: 'succeeded',
  };
  store.charges.set(charge.id, charge);
  store.paymentIntents.set(intentId, {
    id: intentId,
    object: 'payment_intent',
    amount: invoice.amount_paid,
    amount_received: invoice.amount_paid,
    created: now,
    currency: invoice.currency,
    customer: invoice.customer,
    latest_charge: charge.id,
    livemode: false,
    metadata: {},
    payment_method: paymentMethod,
    status: 'succeeded',
  });
  const payment: InvoicePayment = {
    id: newId('inpay_'),
    object: 'invoice_payment',
    amount_paid: invoice.amount_paid,
    amount_requested: invoice.amount_paid,
    created: now,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: intentId },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: now },
  };
  store.invoicePayments.set(payment.id, payment);
}

/** `POST /v1/refunds` with `payment_intent` or `charge`; `amount` defaults to what is left. */
export function createRefund(
  store: StripeStore,
  input: { paymentIntent?: string; charge?: string; amount?: number; reason?: Refund['reason']; metadata: Metadata },
): Refund {
  let charge: Charge | undefined;
  if (input.charge) {
    charge = store.charges.get(input.charge);
    if (!charge) throw resourceMissing('charge', input.charge, 'charge', 400);
  } else if (input.paymentIntent) {
    const intent = store.paymentIntents.get(input.paymentIntent);
    if (!intent) throw resourceMissing('payment_intent', input.paymentIntent, 'payment_intent', 400);
    charge = store.charges.get(intent.latest_charge)!;
  } else {
    throw parameterMissing('payment_intent');
  }
  const left = charge.amount - charge.amount_refunded;
  if (left <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = input.amount ?? left;
  if (amount > left) {
    throw invalidRequest(
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
      'amount',
      'amount_too_large',
    );
  }
  const refund: Refund = {
    id: newId('re_'),
    object: 'refund',
    amount,
    balance_transaction: newId('txn_'),
    charge: charge.id,
    created: store.now(),
    currency: charge.currency,
    destination_details: { type: 'card', card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' } },
    metadata: input.metadata,
    payment_intent: charge.payment_intent,
    reason: input.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  store.refunds.set(refund.id, refund);
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  store.emit('refund.created', refund);
  store.emit('charge.refunded', charge, previous);
  return refund;
}

/** A one-time payment (Checkout in payment mode): a PaymentIntent and the Charge that paid it. */
export function payOnce(
  store: StripeStore,
  input: { amount: number; currency: string; customer: string | null; metadata: Metadata; description: string | null },
): { paymentIntent: PaymentIntent; charge: Charge } {
  const now = store.now();
  const intentId = newId('pi_');
  const charge: Charge = {
    id: newId('ch_'),
    object: 'charge',
    amount: input.amount,
    amount_captured: input.amount,
    amount_refunded: 0,
    balance_transaction: newId('txn_'),
    captured: true,
    created: now,
    currency: input.currency,
    customer: input.customer as string,
    description: input.description,
    disputed: false,
    livemode: false,
    metadata: { ...input.metadata },
    paid: true,
    payment_intent: intentId,
    payment_method: newId('pm_'),
    receipt_url: `${store.baseUrl}/receipts/${intentId}`,
    refunded: false,
    status: 'succeeded',
  };
  const paymentIntent: PaymentIntent = {
    id: intentId,
    object: 'payment_intent',
    amount: input.amount,
    amount_received: input.amount,
    created: now,
    currency: input.currency,
    customer: input.customer as string,
    latest_charge: charge.id,
    livemode: false,
    metadata: { ...input.metadata },
    payment_method: charge.payment_method,
    status: 'succeeded',
  };
  store.charges.set(charge.id, charge);
  store.paymentIntents.set(intentId, paymentIntent);
  return { paymentIntent, charge };
}
