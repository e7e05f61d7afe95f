import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRERENDERED_PAGES, prerender } from '../../src/server/http/prerender.mjs';

let server: http.Server | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise((ok) => (server ? server.close(ok) : ok(undefined)));
  server = undefined;
});

/** A stand-in for the app: /api/blog answers `blog`, every page 200. */
async function appAnswering(blog: { status: number; body: string }): Promise<{ port: number; asked: string[] }> {
  const asked: string[] = [];
  server = http.createServer((req, res) => {
    asked.push(req.url!);
    if (req.url === '/api/blog') {
      res.writeHead(blog.status, { 'Content-Type': 'text/html' });
      res.end(blog.body);
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!DOCTYPE html><title>page</title>');
    }
  });
  await new Promise((ok) => server!.listen(0, '127.0.0.1', () => ok(undefined)));
  return { port: (server!.address() as AddressInfo).port, asked };
}

describe('pages rendered at start', () => {
  it('a story list that answers 200 with a body that is not JSON is reported, and the pages are still rendered', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { port, asked } = await appAnswering({ status: 200, body: '<!DOCTYPE html><p>a proxy’s error page</p>' });
    const result = await prerender(port, { host: 'guide.example', https: false });
    expect({ kept: result.kept, total: result.total }).toEqual({ kept: PRERENDERED_PAGES.length, total: PRERENDERED_PAGES.length });
    expect(asked).toEqual(['/api/blog', ...PRERENDERED_PAGES]);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toMatch(/^\[prerender\] could not list the stories: \/api\/blog answered 200 with a body that is not JSON \(/);
  });

  it('the published stories are added after the fixed pages', async () => {
    const { port, asked } = await appAnswering({ status: 200, body: JSON.stringify([{ slug: 'desert botanical' }, { slug: 7 }]) });
    const result = await prerender(port, { host: 'guide.example', https: false });
    expect(result.total).toBe(PRERENDERED_PAGES.length + 1);
    expect(asked.at(-1)).toBe('/blog/desert%20botanical');
  });
});
