import { z } from 'zod';

/** An error with the HTTP status the client should see and a message safe to show. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
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

/** Parses a route's query string; a bad value becomes a 400 with the reason. */
export function parseQuery<T extends z.ZodType>(url: URL, schema: T): z.infer<T> {
  const result = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!result.success) throw new HttpError(400, `Invalid query: ${describeIssues(result.error)}`);
  return result.data;
}

/** Parses route parameters; a bad value becomes a 400 with the reason. */
export function parseParams<T extends z.ZodType>(params: Record<string, string | undefined>, schema: T): z.infer<T> {
  const result = schema.safeParse(params);
  if (!result.success) throw new HttpError(400, `Invalid path: ${describeIssues(result.error)}`);
  return result.data;
}

function isDatabaseUnavailable(error: unknown): boolean {
  const text = String((error as { code?: string })?.code ?? '') + ' ' + String((error as Error)?.message ?? '');
  return /SQLITE_BUSY|SQLITE_LOCKED|SQLITE_CANTOPEN|ECONNREFUSED|database is locked|fetch failed/i.test(text);
}

/** Runs an endpoint body and turns every failure into JSON `{ message }` with the right status. */
export async function handle(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) return errorJson(error.status, error.message);
    if (error instanceof z.ZodError) return errorJson(400, describeIssues(error));
    if (isDatabaseUnavailable(error)) {
      console.error('[db] unavailable:', (error as Error).message);
      return errorJson(503, 'The database is busy or unreachable. Please try again in a moment.');
    }
    console.error('[api] unexpected error:', error);
    return errorJson(500, 'Something went wrong on our side. Please try again.');
  }
}
