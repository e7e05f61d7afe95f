import { createServer, type Server } from 'node:http';
import sharp from 'sharp';

export interface FakeTileServer {
  url: string;
  /** MAP_TILES_URL for this server. */
  template: string;
  /** Paths asked for, in order (`/12/773/1636.png`). */
  requests: string[];
  /** The next `count` tile requests answer 503. */
  failNext(count: number): void;
  stop(): Promise<void>;
}

const tiles = new Map<string, Promise<Buffer>>();

/** A 256 px tile in sand or sage, with a grid line and its coordinates as the pattern: each tile differs. */
function tileImage(z: number, x: number, y: number): Promise<Buffer> {
  const key = `${z}/${x}/${y}`;
  let tile = tiles.get(key);
  if (!tile) {
    const fill = (x + y) % 2 === 0 ? '#efe6d6' : '#dfe9dc';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="${fill}"/><path d="M0 0H256V256" fill="none" stroke="#c8b89c" stroke-width="2"/><circle cx="${((x * 37) % 200) + 28}" cy="${((y * 53) % 200) + 28}" r="${6 + z}" fill="#9fb8c8"/></svg>`;
    tile = sharp(Buffer.from(svg)).png().toBuffer();
    tiles.set(key, tile);
  }
  return tile;
}

/** Speaks the {z}/{x}/{y}.png convention of OpenStreetMap-compatible tile servers. */
export async function startFakeTileServer(): Promise<FakeTileServer> {
  const requests: string[] = [];
  let failing = 0;
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(path);
    if (failing > 0) {
      failing--;
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end('busy');
      return;
    }
    if (!match || req.method !== 'GET') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such tile');
      return;
    }
    void tileImage(Number(match[1]), Number(match[2]), Number(match[3])).then((png) =>
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length }).end(png),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    template: `${url}/{z}/{x}/{y}.png`,
    requests,
    failNext: (count) => void (failing = count),
    stop: () => new Promise((ok) => server.close(() => ok())),
  };
}
