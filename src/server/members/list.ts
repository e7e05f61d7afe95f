import { inArray, sql, type SQL } from 'drizzle-orm';
import { memberLabels } from '../../../db/schema';
import { z } from 'zod';
import { database } from '../db/database';

/**
 * Everyone who gave us an email, in one view: Stripe subscriptions, complimentary access,
 * newsletter readers and signed-in people, joined by the address in lower case. A person's state
 * is the best one they hold: complimentary, paying, past due, cancelled, then newsletter-only and
 * signed-in only.
 */
// `gift` comes last in the filter (a later addition); a person's state is still picked in the order of the query below.
export const MEMBER_STATES = ['complimentary', 'paid', 'past_due', 'cancelled', 'newsletter', 'signed_in', 'gift'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];
export const STATE_LABELS: Record<MemberState, string> = {
  complimentary: 'Complimentary',
  paid: 'Paying',
  gift: 'Gift',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  newsletter: 'Newsletter only',
  signed_in: 'Signed in only',
};

export const MembersQuery = z.object({
  q: z.string().trim().max(200).optional(),
  state: z.enum(MEMBER_STATES).optional(),
  label: z.string().trim().min(1).max(40).optional(),
  /** Keyset paging: the email after which the page starts. */
  after: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(50),
});
export type MembersQuery = z.infer<typeof MembersQuery>;

export interface MemberRow {
  email: string;
  state: MemberState;
  amount: number | null;
  currency: string | null;
  interval: string | null;
  since: number | null;
  newsletter: 'confirmed' | 'pending' | 'unsubscribed' | null;
  signedIn: boolean;
  labels: string[];
}

/**
 * The SQL of the one-row-per-person view, `now` in epoch ms (complimentary access ends then). With
 * `page`, only the people that query picks (from `people`) get their state worked out: a page of
 * the list filtered by email or label costs its 50 rows, not the whole list.
 */
function peopleSql(now: number, page: SQL | null = null) {
  return sql`WITH people AS (
      SELECT lower(email) AS email FROM subscribers
      UNION SELECT lower(email) FROM newsletter_subscribers
      UNION SELECT lower(email) FROM users WHERE email IS NOT NULL AND email <> ''
    ),
    picked AS (${page ?? sql`SELECT email FROM people`}),
    subs AS (
      SELECT lower(email) AS email,
        max(stripe_subscription_id IS NULL AND coalesce(stripe_status, '') <> 'gift' AND comp_until > ${now}) AS comp,
        max(stripe_status = 'gift' AND comp_until > ${now}) AS gift,
        max(stripe_subscription_id IS NOT NULL AND subscription_status = 'active') AS paid,
        max(stripe_status IN ('past_due', 'unpaid')) AS past_due,
        max(subscription_status = 'canceled' OR (stripe_subscription_id IS NULL AND comp_until <= ${now})) AS cancelled,
        max(CASE WHEN subscription_status = 'active' AND stripe_subscription_id IS NOT NULL THEN amount END) AS amount,
        max(CASE WHEN subscription_status = 'active' AND stripe_subscription_id IS NOT NULL THEN currency END) AS currency,
        max(CASE WHEN subscription_status = 'active' AND stripe_subscription_id IS NOT NULL THEN interval END) AS interval,
        min(coalesce(started_at, created_at)) AS since
      FROM subscribers ${page ? sql`WHERE lower(email) IN (SELECT email FROM picked)` : sql``} GROUP BY lower(email)
    ),
    rows AS (
      SELECT p.email,
        CASE WHEN s.comp THEN 'complimentary' WHEN s.paid THEN 'paid' WHEN s.gift THEN 'gift' WHEN s.past_due THEN 'past_due' WHEN s.cancelled THEN 'cancelled'
          WHEN n.email IS NOT NULL THEN 'newsletter' ELSE 'signed_in' END AS state,
        s.amount, s.currency, s.interval, s.since,
        CASE WHEN n.is_active THEN 'confirmed' WHEN n.confirmation_requested_at IS NOT NULL THEN 'pending' WHEN n.email IS NOT NULL THEN 'unsubscribed' END AS newsletter,
        EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = p.email) AS signed_in
      FROM picked p
      LEFT JOIN subs s ON s.email = p.email
      LEFT JOIN newsletter_subscribers n ON lower(n.email) = p.email
    )`;
}

/** One page of the list, ordered by email, with its filter. */
export async function listMembers(query: MembersQuery, now = new Date()): Promise<{ members: MemberRow[]; next: string | null }> {
  const db = await database();
  const search = query.q ? `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const byEmail = sql`(${search} IS NULL OR email LIKE ${search} ESCAPE '\\')
      AND (${query.after ?? null} IS NULL OR email > ${query.after ?? null})
      AND (${query.label ?? null} IS NULL OR email IN (SELECT email FROM member_labels WHERE label = ${query.label ?? null}))`;
  // Without a state filter the page is picked by email alone, before any state is worked out; a
  // plain page (no search, no label) walks the three lower(email) indexes from `after`.
  const limit = query.limit + 1;
  const after = query.after ?? '';
  const picked = query.state
    ? null
    : search || query.label
      ? sql`SELECT email FROM people WHERE ${byEmail} ORDER BY email LIMIT ${limit}`
      : sql`SELECT email FROM (
          SELECT * FROM (SELECT lower(email) AS email FROM subscribers WHERE lower(email) > ${after} ORDER BY lower(email) LIMIT ${limit})
          UNION SELECT * FROM (SELECT lower(email) FROM newsletter_subscribers WHERE lower(email) > ${after} ORDER BY lower(email) LIMIT ${limit})
          UNION SELECT * FROM (SELECT lower(email) FROM users WHERE email IS NOT NULL AND email <> '' AND lower(email) > ${after} ORDER BY lower(email) LIMIT ${limit})
        ) ORDER BY email LIMIT ${limit}`;
  const rows = await db.all<{
    email: string;
    state: MemberState;
    amount: number | null;
    currency: string | null;
    interval: string | null;
    since: number | null;
    newsletter: MemberRow['newsletter'];
    signed_in: number;
  }>(
    sql`${peopleSql(now.getTime(), picked)}
    SELECT * FROM rows
    WHERE ${byEmail} AND (${query.state ?? null} IS NULL OR state = ${query.state ?? null})
    ORDER BY email LIMIT ${query.limit + 1}`,
  );
  const shown = rows.slice(0, query.limit);
  const labels = await labelsOf(shown.map((row) => row.email));
  const page = shown.map(({ signed_in, ...row }) => ({ ...row, signedIn: Boolean(signed_in), labels: labels.get(row.email) ?? [] }));
  return { members: page, next: rows.length > query.limit ? (page.at(-1)?.email ?? null) : null };
}

/** How many people are in each state (the filter's counts). */
export async function memberStateCounts(now = new Date()): Promise<Record<MemberState, number>> {
  const db = await database();
  const rows = await db.all<{ state: MemberState; n: number }>(sql`${peopleSql(now.getTime())} SELECT state, count(*) AS n FROM rows GROUP BY state`);
  const counts = Object.fromEntries(MEMBER_STATES.map((state) => [state, 0])) as Record<MemberState, number>;
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/** The labels of these people (lower-cased emails), each list in alphabetical order. */
export async function labelsOf(emails: string[]): Promise<Map<string, string[]>> {
  const byEmail = new Map<string, string[]>();
  if (!emails.length) return byEmail;
  const db = await database();
  const rows = await db
    .select({ email: memberLabels.email, label: memberLabels.label })
    .from(memberLabels)
    .where(inArray(memberLabels.email, emails))
    .orderBy(memberLabels.email, memberLabels.label);
  for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.label]);
  return byEmail;
}

/** Every label in use, with how many people carry it (the list's label filter). */
export async function labelCounts(): Promise<{ label: string; n: number }[]> {
  const db = await database();
  return db
    .select({ label: memberLabels.label, n: sql<number>`count(*)` })
    .from(memberLabels)
    .groupBy(memberLabels.label)
    .orderBy(memberLabels.label);
}
