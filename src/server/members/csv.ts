import { emailSchema } from '../../lib/email';
import { newsletterSubscribers } from '../../../db/schema';
import { historyEntry, type Actor } from '../admin/history';
import { database } from '../db/database';
import { enqueueConfirmation } from '../newsletter/outbox';
import { listMembers, type MembersQuery } from './list';

export const CSV_COLUMNS = ['email', 'state', 'amount', 'currency', 'interval', 'member_since', 'newsletter', 'signed_in', 'labels'] as const;

/**
 * One cell as RFC 4180 wants it; a value a spreadsheet would run as a formula (=, +, -, @, tab,
 * return) is given a leading apostrophe so it stays text.
 */
function cell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The filtered members list as CSV (UTF-8 with a byte-order mark, so spreadsheets read it as UTF-8). */
export async function membersCsv(filter: Pick<MembersQuery, 'q' | 'state' | 'label'>): Promise<string> {
  const lines = [CSV_COLUMNS.join(',')];
  let after: string | undefined;
  for (;;) {
    const page = await listMembers({ ...filter, after, limit: 5000 });
    for (const member of page.members) {
      lines.push(
        [
          member.email,
          member.state,
          member.amount === null ? '' : (member.amount / 100).toFixed(2),
          member.currency?.toUpperCase() ?? '',
          member.interval ?? '',
          member.since ? new Date(member.since).toISOString().slice(0, 10) : '',
          member.newsletter ?? '',
          member.signedIn ? 'yes' : 'no',
          member.labels.join('; '),
        ]
          .map(cell)
          .join(','),
      );
    }
    if (!page.next) break;
    after = page.next;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Parses CSV text (RFC 4180: quoted cells, doubled quotes, CRLF or LF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        value += '"';
        i++;
      } else if (char === '"') quoted = false;
      else value += char;
    } else if (char === '"' && value === '') quoted = true;
    else if (char === ',') {
      row.push(value);
      value = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
    } else value += char;
  }
  if (value !== '' || row.length) {
    row.push(value);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((c) => c.trim() !== ''));
}

export interface ImportRow {
  line: number;
  email: string;
  outcome: 'add' | 'already-listed' | 'error';
  error?: string;
}

export const MAX_IMPORT_ROWS = 5000;

/**
 * A newsletter list from CSV: a column named `email` (any other columns are ignored, so our own
 * export re-imports). Each address is checked with the sign-up rule; the preview says per row what
 * would happen, and `commit` adds the new ones as pending, so each gets the double opt-in email.
 */
export async function importNewsletterCsv(actor: Actor, text: string, options: { commit: boolean; siteUrl: string; now?: Date }) {
  const rows = parseCsv(text);
  const header = rows[0]?.map((h) => h.trim().toLowerCase()) ?? [];
  const column = header.indexOf('email');
  if (column === -1) return { error: 'The first line must name the columns, one of them "email".', rows: [] as ImportRow[] };
  if (rows.length - 1 > MAX_IMPORT_ROWS) return { error: `At most ${MAX_IMPORT_ROWS} rows at a time; split the file.`, rows: [] as ImportRow[] };
  const db = await database();
  const known = new Set((await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map((row) => row.email.toLowerCase()));
  const seen = new Set<string>();
  const result: ImportRow[] = rows.slice(1).map((cells, index) => {
    const raw = (cells[column] ?? '').trim();
    const line = index + 2;
    const parsed = emailSchema.safeParse(raw);
    if (!parsed.success) return { line, email: raw, outcome: 'error', error: raw ? 'Not a valid email address.' : 'No email on this row.' };
    const email = parsed.data;
    if (seen.has(email)) return { line, email, outcome: 'error', error: 'This address is already on an earlier row.' };
    seen.add(email);
    return { line, email, outcome: known.has(email) ? 'already-listed' : 'add' };
  });
  if (!options.commit) return { error: null, rows: result };
  const now = options.now ?? new Date();
  const adding = result.filter((row) => row.outcome === 'add');
  if (adding.length) {
    for (let start = 0; start < adding.length; start += 200) {
      const chunk = adding.slice(start, start + 200);
      await db.batch([
        db
          .insert(newsletterSubscribers)
          .values(chunk.map((row) => ({ email: row.email, isActive: false, confirmationRequestedAt: now, createdAt: now })))
          .onConflictDoNothing(),
        ...chunk.map((row) => db.run(enqueueConfirmation(row.email, options.siteUrl, now))),
        historyEntry(db, actor, {
          kind: 'member',
          subjectId: 'newsletter-import',
          subjectLabel: `Newsletter import (${chunk.length} addresses)`,
          event: 'imported',
          after: { added: chunk.map((row) => row.email) },
        }),
      ]);
    }
  }
  return { error: null, rows: result, added: adding.length };
}
