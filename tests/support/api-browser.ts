import { CookieJar } from './cookie-jar';
import type { TestServer } from './server';

/** The answer of one JSON call: its status, headers and parsed body (checked field by field by the tests). */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * A browser for API tests: keeps the cookies the server sets and sends them back, with Origin on
 * writes. `send` answers the raw Response (its cookies already kept); `call` reads it as JSON.
 */
export function apiBrowser(server: TestServer) {
  const jar = new CookieJar();
  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method !== 'GET') headers.origin = server.url;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (jar.header()) headers.cookie = jar.header();
    const response = await server.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    jar.store(response);
    return response;
  }
  async function call(method: string, path: string, body?: unknown): Promise<JsonAnswer> {
    const response = await send(method, path, body);
    return { status: response.status, headers: response.headers, body: await response.json() };
  }
  return { jar, send, call };
}
