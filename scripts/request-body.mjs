// Request bodies are capped at the edge, before the node adapter turns the request into a web
// Request (it hands undici the IncomingMessage, or `req.body` when set, as an async iterable that
// is only read when the app reads the body). See docs/decisions/009.
import { BODY_TOO_LARGE } from '../src/server/http/body-caps.mjs';
import { bodyCapFor, bodyTooLargeMessageFor } from '../src/server/http/route-policy.mjs';

/**
 * How long the rest of a refused body is read and dropped before the connection is closed. Closing
 * at once would reset the connection under a client that is still sending, and it would lose the
 * 413 before reading it.
 */
const LINGER_MS = 2000;

/** A connection whose body was refused serves no other request: it closes once the answer is out. */
function closeAfterAnswer(req, res) {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  // Node ends such a connection with destroySoon() as soon as the answer is written.
  req.socket.destroySoon = function lingeringClose() {
    if (this.writable) this.end();
    req.resume();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

/** Counts the body as it streams and fails the read the moment it passes the cap. */
async function* cappedBody(req, res, cap, message) {
  let received = 0;
  // Not destroyed on the way out: the socket must stay open to carry the app's 413.
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    received += chunk.length;
    if (received > cap) {
      req.pause();
      closeAfterAnswer(req, res);
      throw Object.assign(new Error(message), { code: BODY_TOO_LARGE, status: 413 });
    }
    yield chunk;
  }
}

/**
 * Applies the route's body cap: a declared length over it is answered 413 here without reading a
 * byte (returns true); any other body is handed on capped.
 */
export function capRequestBody(req, res) {
  const declared = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (declared === undefined && !chunked) return false;
  const cap = bodyCapFor(req.url);
  const message = bodyTooLargeMessageFor(req.url);
  if (Number(declared) > cap) {
    closeAfterAnswer(req, res);
    res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message }));
    return true;
  }
  req.body = cappedBody(req, res, cap, message);
  return false;
}
