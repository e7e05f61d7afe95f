/** The fake's hosted pages: Checkout (`/c/pay/{id}`) and the customer portal (`/p/session/{id}`). */
import { formatAmount, type CheckoutSession, type Customer, type PortalSession, type Price, type Subscription } from './objects';

export const DECLINED_CARD = '4000000000000002';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.4rem}button{margin-top:1rem;padding:.6rem 1rem}.error{color:#b00020}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function checkoutPage(
  session: CheckoutSession | undefined,
  opts: { customer?: Customer; trialDays?: number | null; interval?: string | null; error?: string } = {},
): string {
  if (!session) {
    return layout('Checkout', `<h1>Something went wrong</h1>\n<p>The page you were looking for could not be found.</p>`);
  }
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
  if (session.status === 'expired') {
    return layout('Checkout', `<h1>This Checkout Session has expired</h1>\n${back}`);
  }
  if (session.status === 'complete') {
    return layout('Checkout', `<h1>This Checkout Session is complete</h1>\n<p>Your payment was received.</p>`);
  }
  const price =
    session.mode === 'payment'
      ? `${formatAmount(session.amount_total, session.currency)} once`
      : `${formatAmount(session.amount_total, session.currency)} per ${opts.interval ?? 'month'}`;
  const trial = opts.trialDays ? `<p data-testid="trial">${opts.trialDays} days free, then ${price}</p>` : '';
  const discount = session.total_details.amount_discount
    ? `<p data-testid="discount">${escapeHtml(formatAmount(session.amount_subtotal, session.currency))} before a discount of ${escapeHtml(formatAmount(session.total_details.amount_discount, session.currency))}</p>`
    : '';
  const code = session.allow_promotion_codes ? `<label>Promotion code <input name="promotionCode" autocomplete="off"></label>` : '';
  const fixedEmail = opts.customer?.email ?? session.customer_email;
  const email = fixedEmail
    ? `<label>Email <input type="email" name="email" value="${escapeHtml(fixedEmail)}" readonly></label>`
    : `<label>Email <input type="email" name="email" autocomplete="email" required></label>`;
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  return layout(
    'Checkout',
    `${back}
<h1>${session.mode === 'payment' ? 'Pay' : 'Subscribe to Premium'}</h1>
<p class="amount" data-testid="amount">${escapeHtml(price)}</p>
${discount}${trial}${error}
<form method="post" action="/c/pay/${escapeHtml(session.id)}">
${email}
${code}
<label>Card number <input name="cardNumber" inputmode="numeric" value="4242 4242 4242 4242"></label>
<button type="submit">${session.mode === 'payment' ? 'Pay' : 'Pay and subscribe'}</button>
</form>`,
  );
}

export function paidPage(): string {
  return layout('Checkout', `<h1>Thanks for your payment</h1>\n<p>Your subscription is active.</p>`);
}

export function portalPage(session: PortalSession | undefined, customer: Customer | undefined, subscriptions: Subscription[], prices: Price[] = []): string {
  if (!session || !customer) {
    return layout('Billing portal', `<h1>Something went wrong</h1>\n<p>This portal session could not be found.</p>`);
  }
  const date = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);
  const rows = subscriptions
    .map((sub) => {
      const item = sub.items.data[0];
      const renews =
        sub.status === 'canceled'
          ? `Canceled ${date(sub.canceled_at ?? sub.ended_at ?? sub.created)}`
          : sub.cancel_at_period_end && sub.cancel_at
            ? `Cancels ${date(sub.cancel_at)}`
            : item
              ? `Renews ${date(item.current_period_end)}`
              : '';
      const cancel =
        sub.status !== 'canceled' && !sub.cancel_at_period_end
          ? `<form method="post" action="/p/session/${escapeHtml(session.id)}/cancel"><input type="hidden" name="subscription" value="${escapeHtml(sub.id)}"><button type="submit">Cancel subscription</button></form>`
          : '';
      const amount = item ? formatAmount(item.price.unit_amount * item.quantity, sub.currency) : '';
      const per = item?.price.recurring.interval ?? 'month';
      // The portal offers each other interval once (the account's "switch plans" setting).
      const others = sub.status === 'canceled' || !item ? [] : prices.filter((p) => p.recurring.interval !== per && p.currency === item.price.currency);
      const seen = new Set<string>();
      const switches = others
        .filter((p) => !seen.has(p.recurring.interval) && seen.add(p.recurring.interval))
        .map(
          (p) =>
            `<form method="post" action="/p/session/${escapeHtml(session.id)}/switch"><input type="hidden" name="subscription" value="${escapeHtml(sub.id)}"><input type="hidden" name="price" value="${escapeHtml(p.id)}"><button type="submit">Switch to ${escapeHtml(formatAmount(p.unit_amount, p.currency))} per ${escapeHtml(p.recurring.interval)}</button></form>`,
        )
        .join('');
      return `<li data-subscription="${escapeHtml(sub.id)}"><p>Premium ${escapeHtml(amount)} per ${escapeHtml(per)} · <span class="status">${escapeHtml(sub.status)}</span> · ${escapeHtml(renews)}</p>${switches}${cancel}</li>`;
    })
    .join('\n');
  const back = session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return to ${escapeHtml(new URL(session.return_url).host)}</a></p>` : '';
  return layout(
    'Billing portal',
    `<h1>Billing portal</h1>
<p>${escapeHtml(customer.email ?? customer.id)}</p>
<ul>
${rows || '<li>No subscriptions</li>'}
</ul>
${back}`,
  );
}
