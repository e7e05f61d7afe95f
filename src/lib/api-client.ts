/**
 * The one way islands talk to the server (spec §7, §8): cookies on every call, JSON bodies,
 * and a non-successful response becomes an error "{status}: {body text or status text}".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    /** Seconds from a 429's or 503's Retry-After header, when it gave a number. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ message }` when the body is our JSON error, else null. */
  get serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      const message = (parsed as { message?: unknown; error?: unknown })?.message ?? (parsed as { error?: unknown })?.error;
      return typeof message === 'string' && message ? message : null;
    } catch {
      return null;
    }
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = (await response.text().catch(() => '')).trim();
  const retryAfter = Number(response.headers.get('retry-after') ?? '');
  throw new ApiError(response.status, body, response.statusText, Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : null);
}

/** A write (or any call with a method): JSON body when given, cookies included. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/** A write whose JSON answer the caller reads, as the contract's response type `T`. */
export async function apiSend<T>(method: string, url: string, body?: unknown): Promise<T> {
  return (await apiRequest(method, url, body)).json() as Promise<T>;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * A read: GET the path, parse JSON; a 401 can become `null` instead of an error. `T` is the
 * contract's response type (src/features/<domain>/api): the one place a response is taken for it.
 */
export function apiGet<T>(url: string, on401?: 'throw'): Promise<T>;
export function apiGet<T>(url: string, on401: UnauthorizedBehavior): Promise<T | null>;
export async function apiGet<T>(url: string, on401: UnauthorizedBehavior = 'throw'): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/** React Query's default read: the query key joined is the path (spec §7). */
export function getQueryFn(options: { on401: UnauthorizedBehavior } = { on401: 'throw' }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }) => apiGet(queryKey.join('/'), options.on401);
}
