// Serves the built site (dist/) on PORT/HOST with the node adapter's request handler.
// Run directly (`node scripts/serve.mjs`) or through `npm start` (scripts/start.mjs), which prepares the database first.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import compression from 'compression';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { PRERENDER_HEADER, prerender, visitorOrigin } from '../src/server/http/prerender.mjs';
import { PRECOMPRESSED_TYPES } from './precompress.mjs';
import { capRequestBody } from './request-body.mjs';
import { clientAddress, forwardedProto, parseTrustProxy } from '../src/server/http/client-address.mjs';
import { acceptableHost } from '../src/server/http/request-host.mjs';
import { preferredEncoding } from '../src/server/http/content-coding.mjs';
import { responseCache } from '../src/server/http/response-cache.mjs';
import { answeredFromCache, renderThroughCache } from './cache-edge.mjs';
import { BASE_HEADERS, HSTS, isHttps, refuseFraming } from './security-headers.mjs';
import { SERVER_TIMEOUTS, limitSlowBody } from './request-timeouts.mjs';
import { missingServerSettings, serverCommand } from './server-flags.mjs';

/** A request path the router cannot read: undecodable escapes, or control and separator characters in an API path. */
function unreadablePath(url) {
  const path = (url ?? '/').split('?')[0];
  let decoded;
  try {
    decoded = decodeURIComponent(path);
    decodeURI(url ?? '/');
  } catch {
    return true;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this test looks for
  return path.startsWith('/api/') && /[\u0000-\u001f;=]/.test(decoded);
}

/** Serves a hashed asset's .br or .gz copy made at build time, when the client accepts it. */
function servePrecompressed(req, res, assets) {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith('/_astro/')) return false;
  const name = decodeURIComponent(req.url.slice('/_astro/'.length).split('?')[0]);
  const type = PRECOMPRESSED_TYPES[extname(name)];
  if (!type || name.includes('/') || name.includes('\\')) return false;
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (!encoding) return false;
  const file = normalize(join(assets, `${name}.${encoding === 'br' ? 'br' : 'gz'}`));
  if (!file.startsWith(assets) || !existsSync(file)) return false;
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': statSync(file).size,
    'Content-Encoding': encoding,
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept-Encoding',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
  return true;
}

/**
 * Astro answers a page that set its own status (a 404 story) with the reason phrase "OK"; every
 * response gets the standard phrase of its status instead.
 */
function standardReasonPhrases(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    if (typeof rest[0] !== 'string' && http.STATUS_CODES[statusCode]) this.statusMessage = http.STATUS_CODES[statusCode];
    return writeHead.call(this, statusCode, ...rest);
  };
}

function answerJson(res, status, message) {
  const body = JSON.stringify({ message });
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * X-Forwarded-Proto as far as it is believed: what a trusted proxy said (see forwardedProto), or
 * what this server's own pre-rendering asked for; anything else is removed before the cache, HSTS
 * or Astro (which builds the request URL, and so `Secure` cookies, from it) can read it.
 */
function trustedProto(req, trust) {
  const prerendering = req.headers[PRERENDER_HEADER] === responseCache().secret;
  delete req.headers[PRERENDER_HEADER];
  if (prerendering) return;
  const proto = forwardedProto(req.socket.remoteAddress, req.headers['x-forwarded-for'], req.headers['x-forwarded-proto'], trust);
  if (proto) req.headers['x-forwarded-proto'] = proto;
  else delete req.headers['x-forwarded-proto'];
}

/**
 * Wraps the adapter's handler: the Host check, the scheme and client's address as far as
 * TRUST_PROXY allows, security headers, HSTS over HTTPS, body caps and the slow-body limit,
 * gzip/brotli, and JSON for unreadable paths. `trust` comes from parseTrustProxy (TRUST_PROXY).
 */
export function withServerBasics(handler, assets, trust = { hops: 0 }) {
  const compress = compression({ threshold: 1024 });
  return (req, res) => {
    // The cache key and the URL Astro builds both come from Host: one that is not a plain
    // host[:port] (a path in it, a user, a second Host) is refused first.
    if (!acceptableHost(req)) {
      res.setHeader('Connection', 'close');
      return answerJson(res, 400, 'The Host header is not valid.');
    }
    trustedProto(req, trust);
    // A current copy of a public response is answered before anything else: it was a readable
    // path, a GET has no body to cap, and its headers were kept with it.
    const fromCache = answeredFromCache(req, res);
    if (fromCache === true) return;
    if (fromCache === false) return serve(req, res);
    // A kept copy waits for this process to learn whether it is still current.
    fromCache.then((answered) => answered || serve(req, res));
  };

  function serve(req, res) {
    // The adapter takes the first X-Forwarded-For entry as Astro's clientAddress; it gets the one we trust.
    req.headers['x-forwarded-for'] = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trust);
    for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
    if (isHttps(req)) res.setHeader('Strict-Transport-Security', HSTS);
    refuseFraming(res, req.url);
    standardReasonPhrases(res);
    if (unreadablePath(req.url)) return answerJson(res, 400, 'The request path is not valid.');
    if (capRequestBody(req, res)) return;
    limitSlowBody(req, res);
    if (servePrecompressed(req, res, assets)) return;
    renderThroughCache(req, res, () => compress(req, res, () => handler(req, res)));
  }
}

/**
 * The TypeScript the server runs beside Astro's bundle (schedulers, the confirmation outbox), as
 * compiled at build time into dist/tasks/ (scripts/build-tasks.mjs), next to the build being
 * served. A build made before the tasks were compiled loads them through tsx, as it always did.
 */
async function loadTask(entry, name, source) {
  const compiled = resolve(dirname(entry), `../tasks/${name}.mjs`);
  if (existsSync(compiled)) return import(pathToFileURL(compiled).href);
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(source, import.meta.url);
}

/** The weekly newsletter's scheduler (NEWSLETTER_SCHEDULE=on). */
async function startNewsletterScheduler(entry) {
  if ((process.env.NEWSLETTER_SCHEDULE ?? '').trim() !== 'on') return null;
  const task = await loadTask(entry, 'newsletter-scheduler', '../src/server/newsletter/scheduler-entry.ts');
  return task.startConfiguredScheduler();
}

/**
 * Confirmation emails still queued when the server last stopped go out now, not at the next
 * sign-up (src/server/newsletter/outbox-worker.ts).
 */
async function startConfirmationOutbox(entry) {
  if (!(process.env.SMTP_URL ?? '').trim()) return;
  const worker = await loadTask(entry, 'confirmation-outbox', '../src/server/newsletter/outbox-worker.ts');
  void worker.startConfirmationOutbox();
}

/** Snapshots of the database and photos every BACKUP_EVERY (src/server/backup/). */
async function startBackupScheduler(entry) {
  const every = (process.env.BACKUP_EVERY ?? '').trim();
  if (!every || every === 'off') return null;
  const task = await loadTask(entry, 'backup-scheduler', '../src/server/backup/scheduler-entry.ts');
  return task.startConfiguredBackups();
}

/** Scheduled Stories are published on time (src/server/content/stories-editorial-scheduler.ts). */
async function startStoryScheduler(entry) {
  if ((process.env.STORY_SCHEDULE ?? '').trim() === 'off') return null;
  const task = await loadTask(entry, 'story-scheduler', '../src/server/content/stories-editorial-scheduler-entry.ts');
  return task.startConfiguredStoryScheduler();
}

/** Starts the HTTP server; resolves once it listens, rejects with a readable error otherwise. */
export async function serve({ port, host, entry = resolve('dist/server/entry.mjs') }) {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  // React and other libraries render in their fast production mode unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  const trust = parseTrustProxy(process.env.TRUST_PROXY);
  const missing = missingServerSettings();
  if (missing.length > 0) {
    console.warn(
      `Started without ${missing.join(' ')}: under load the server may hold more memory than it needs. ` +
        `Start it with \`npm start\`, or as \`${serverCommand('scripts/serve.mjs')}\`.`,
    );
  }
  const { handler } = await import(pathToFileURL(entry).href);
  const server = http.createServer(SERVER_TIMEOUTS, withServerBasics(handler, resolve(dirname(entry), '../client/_astro'), trust));
  await new Promise((ok, fail) => {
    server.once('error', (error) => {
      if (error.code === 'EADDRINUSE') fail(new Error(`Port ${port} is already in use. Stop the other process or set PORT to a free port.`));
      else if (error.code === 'EACCES') fail(new Error(`No permission to listen on port ${port}. Choose a port above 1024.`));
      else fail(error);
    });
    server.listen(port, host, ok);
  });
  const scheduler = await startNewsletterScheduler(entry);
  await startConfirmationOutbox(entry);
  const backups = await startBackupScheduler(entry);
  const stories = await startStoryScheduler(entry);
  if (responseCache().enabled) {
    const origin = visitorOrigin(process.env.SITE_URL, host, server.address().port);
    void prerender(server.address().port, origin).then(({ kept, total, ms }) => console.log(`Pre-rendered ${kept} of ${total} pages for ${origin.host} in ${ms} ms`));
  }
  const shutdown = async () => {
    // Messages in flight are finished and recorded first (at most 10 s), so no reader is left in doubt.
    if (scheduler) await Promise.race([scheduler.stop(), new Promise((ok) => setTimeout(ok, 10_000))]);
    if (backups) await Promise.race([backups.stop(), new Promise((ok) => setTimeout(ok, 10_000))]);
    if (stories) await Promise.race([stories.stop(), new Promise((ok) => setTimeout(ok, 10_000))]);
    server.close(() => process.exit(0));
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  return server;
}

/** "http://localhost:4321" for the address the server actually got. */
export function displayAddress(server, host) {
  const { port } = server.address();
  const shown = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

function parsePort(value) {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}".`);
  }
  return Number(value);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const host = process.env.HOST || '0.0.0.0';
  try {
    const port = parsePort(process.env.PORT ?? '4321');
    const server = await serve({ port, host });
    console.log(`Scottsdale Local Guide is listening on ${displayAddress(server, host)}`);
  } catch (error) {
    console.error(`Could not start the server: ${error.message}`);
    process.exit(1);
  }
}
