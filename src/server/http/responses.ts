import { z } from 'zod';
import { releaseIfUnavailable } from '../db/database';

export const DATABASE_UNAVAILABLE = 'The database is busy or unreachable. Please try again in a moment.';

/** An error with the HTTP status the client should see and a message safe to show. */
export class HttpError extends Error {
  /** Sent as Retry-After with a 429 or 503. */
  retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    message: string,
    /** Field → message, for forms that show errors next to each input. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function json(data: unknown, init: number | ResponseInit = 200): Response {
  const base: ResponseInit = typeof init === 'number' ? { status: init } : init;
  const headers = new Headers(base.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(data), { ...base, headers });
}

export function errorJson(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return json({ message, ...extra }, status);
}

/** Readable one-line summary of zod issues, e.g. "limit: Too big: expected number to be <=100". */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

/**
 * Parses request input; a bad value becomes a 400 naming what was wrong. A body comes from a form
 * a person filled in, so its message is the schema's own sentences ("Please enter a valid email
 * address."); a query or path is a link or a program, so it names the field ("Invalid query: …").
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, what: 'query' | 'path' | 'body'): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  if (what === 'body') throw new HttpError(400, humanMessage(result.error));
  throw new HttpError(400, `Invalid ${what}: ${describeIssues(result.error)}`);
}

/** The schema's messages as sentences; zod's own generic wording is replaced by one plain sentence. */
function humanMessage(error: z.ZodError): string {
  const sentences = [...new Set(error.issues.map((issue) => issue.message))].map((message) =>
    /^(Invalid input|Expected|Unrecognized key|Too (big|small))/i.test(message) ? 'Some of the details sent were not in the expected form.' : message,
  );
  return [...new Set(sentences)].map((sentence) => (/[.!?]$/.test(sentence) ? sentence : `${sentence}.`)).join(' ');
}

/** Parses a route's query string (single values). */
export function parseQuery<T extends z.ZodType>(url: URL, schema: T): z.infer<T> {
  return parseInput(schema, Object.fromEntries(url.searchParams), 'query');
}

/** Parses route parameters. */
export function parseParams<T extends z.ZodType>(params: Record<string, string | undefined>, schema: T): z.infer<T> {
  return parseInput(schema, params, 'path');
}

/** Runs an endpoint body and turns every failure into JSON `{ message }` with the right status. */
export async function handle(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) {
      const response = errorJson(error.status, error.message, error.fields ? { fields: error.fields } : {});
      if (error.retryAfterSeconds) response.headers.set('Retry-After', String(error.retryAfterSeconds));
      return response;
    }
    if (error instanceof z.ZodError) return errorJson(400, describeIssues(error));
    if (releaseIfUnavailable(error)) return errorJson(503, DATABASE_UNAVAILABLE);
    console.error('[api] unexpected error:', error);
    return errorJson(500, 'Something went wrong on our side. Please try again.');
  }
}

/** Handler for the methods a route does not serve: 405 with an Allow header. */
export function methodNotAllowed(allowed: string[]) {
  return () => json({ message: `Method not allowed; use ${allowed.join(' or ')}` }, { status: 405, headers: { Allow: allowed.join(', ') } });
}
