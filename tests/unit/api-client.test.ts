import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiGet, apiRequest, getQueryFn } from '../../src/lib/api-client';

let base = '';
const seen: { method?: string; contentType?: string; body?: string }[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    seen.push({ method: req.method, contentType: req.headers['content-type'], body });
    const path = req.url ?? '';
    if (path === '/ok') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"hello":"desert"}');
    if (path === '/api/blog/some-slug') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"slug":"some-slug"}');
    if (path === '/text-error') return res.writeHead(400).end('{"message":"Bad email"}');
    if (path === '/empty-error') return res.writeHead(503, 'Service Unavailable').end();
    if (path === '/auth') return res.writeHead(401, 'Unauthorized').end('{"message":"Sign in"}');
    res.writeHead(404).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('fetch wrapper (spec §7/§8)', () => {
  it('reads JSON', async () => {
    expect(await apiGet(`${base}/ok`)).toEqual({ hello: 'desert' });
  });
  it('sends JSON bodies with a JSON content type', async () => {
    await apiRequest('POST', `${base}/ok`, { email: 'a@b.co' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"email":"a@b.co"}' });
  });
  it('errors read "{status}: {body}"', async () => {
    const error = await apiRequest('POST', `${base}/text-error`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"message":"Bad email"}');
    expect((error as ApiError).serverMessage).toBe('Bad email');
  });
  it('falls back to the status text when the body is empty', async () => {
    await expect(apiGet(`${base}/empty-error`)).rejects.toThrow('503: Service Unavailable');
  });
  it('treats 401 as an error by default, or as an empty result when asked', async () => {
    await expect(apiGet(`${base}/auth`)).rejects.toThrow('401: {"message":"Sign in"}');
    expect(await apiGet(`${base}/auth`, 'returnNull')).toBeNull();
  });
  it('the default query reads the path made of the query key', async () => {
    const read = getQueryFn();
    expect(await read({ queryKey: [`${base}/api/blog`, 'some-slug'] })).toEqual({ slug: 'some-slug' });
  });
});
