import { createServer, request, type Server } from 'node:http';

export interface RoundRobin {
  url: string;
  /** Which instance (by index) served each request, in order. */
  served: number[];
  stop: () => Promise<void>;
}

/**
 * A small load balancer: each request goes to the next instance in turn, with X-Forwarded-For set
 * to the client's address (a test can play several clients with `x-client-address`).
 */
export async function startRoundRobin(targets: string[]): Promise<RoundRobin> {
  const served: number[] = [];
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next++ % targets.length;
    served.push(index);
    const target = new URL(incoming.url ?? '/', targets[index]);
    const { 'x-client-address': client, ...headers } = incoming.headers;
    const address = (typeof client === 'string' && client) || incoming.socket.remoteAddress || '127.0.0.1';
    const forwarded = request(
      target,
      // The Host the visitor asked for goes on, as a real balancer's does.
      { method: incoming.method, headers: { ...headers, 'x-forwarded-for': address } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, served, stop: () => new Promise((ok) => server.close(() => ok())) };
}
