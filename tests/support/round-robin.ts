import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface RoundRobin {
  url: string;
  /** Which instance (by index) served each request, in order. */
  served: number[];
  /** Each request handed to an instance (a refused one again to the next), in order. */
  dispatched: { id: number; target: number }[];
  /** The ids of the requests handed to an instance that have not had their whole answer yet (see `failover`). */
  inFlight: (index: number) => Set<number>;
  /** Requests answered 502 because their instance failed while they were in flight on it. */
  failed: { id: number; target: number }[];
  /** Instances taken out of the rotation after a failure. */
  down: Set<number>;
  stop: () => Promise<void>;
}

/**
 * A small load balancer: each request goes to the next instance in turn, with X-Forwarded-For set
 * to the client's address (a test can play several clients with `x-client-address`).
 *
 * With `failover`, it behaves as a production balancer does when an instance dies: each request
 * gets a connection of its own, so one the instance refused was never sent and goes to the next
 * instance, which is safe even for a write; a request whose instance fails after it was sent is
 * answered 502 (it may or may not have been done) and recorded in `failed`; an instance that
 * failed is taken out of the rotation.
 */
export async function startRoundRobin(targets: string[], options: { failover?: boolean } = {}): Promise<RoundRobin> {
  const served: number[] = [];
  const dispatched: { id: number; target: number }[] = [];
  const failed: { id: number; target: number }[] = [];
  const down = new Set<number>();
  const inFlight = targets.map(() => new Set<number>());
  let next = 0;
  let ids = 0;
  const nextTarget = (): number | null => {
    for (let tries = 0; tries < targets.length; tries++) {
      const index = next++ % targets.length;
      if (!down.has(index)) return index;
    }
    return null;
  };

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer | null, id: number) => {
    const index = nextTarget();
    if (index === null) return void outgoing.writeHead(502).end();
    const target = new URL(incoming.url ?? '/', targets[index]);
    const { 'x-client-address': client, ...headers } = incoming.headers;
    const address = (typeof client === 'string' && client) || incoming.socket.remoteAddress || '127.0.0.1';
    inFlight[index]!.add(id);
    dispatched.push({ id, target: index });
    let connected = false;
    const forwarded = request(
      target,
      // The Host the visitor asked for goes on, as a real balancer's does.
      { method: incoming.method, headers: { ...headers, 'x-forwarded-for': address }, ...(options.failover ? { agent: false } : {}) },
      (answer) => {
        served.push(index);
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.once('end', () => inFlight[index]!.delete(id));
        answer.once('error', () => {
          inFlight[index]!.delete(id);
          failed.push({ id, target: index });
          down.add(index);
          outgoing.destroy();
        });
      },
    );
    // Each failover request has a fresh socket of its own, so its 'connect' tells whether anything could be sent.
    if (options.failover) forwarded.once('socket', (socket) => socket.once('connect', () => (connected = true)));
    forwarded.on('error', () => {
      inFlight[index]!.delete(id);
      if (options.failover) down.add(index);
      // Refused before anything was sent: the next instance takes it.
      if (options.failover && !connected && body) return forward(incoming, outgoing, body, id);
      if (options.failover) failed.push({ id, target: index });
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    });
    if (body) forwarded.end(body);
    else incoming.pipe(forwarded);
  };

  const server: Server = createServer((incoming, outgoing) => {
    const id = ids++;
    if (!options.failover) return forward(incoming, outgoing, null, id);
    // The body is read first, so a request an instance refused can be sent again as it came.
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, outgoing, Buffer.concat(chunks), id));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    dispatched,
    inFlight: (index) => new Set(inFlight[index]),
    failed,
    down,
    stop: () =>
      new Promise((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
