/** Minor units as people read money: 299 usd → "$2.99". */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: (currency || 'usd').toUpperCase() }).format(amount / 100);
}

/** "$2.99 / month", "$29.90 / year". */
export function formatPlan(amount: number | null | undefined, currency: string | null | undefined, interval: string | null | undefined): string {
  const money = formatMoney(amount, currency);
  return money && interval ? `${money} / ${interval}` : money;
}
