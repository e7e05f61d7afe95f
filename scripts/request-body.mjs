// Request bodies are capped at the edge, before the node adapter turns the request into a web
// Request (it hands undici the IncomingMessage, or `req.body` when set, as an async iterable that
// is only read when the app reads the body). See docs/decisions/009.
import { BODY_TOO_LARGE, BODY_TOO_LARGE_MESSAGE, bodyCapFor } from '../src/server/body-caps.mjs';

function refuse(res) {
  res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
  res.end(JSON.stringify({ message: BODY_TOO_LARGE_MESSAGE }));
}

/** Counts the body as it streams and fails the read the moment it passes the cap. */
async function* cappedBody(req, res, cap) {
  let received = 0;
  // Not destroyed on the way out: the socket must stay open to carry the app's 413.
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    received += chunk.length;
    if (received > cap) {
      // The rest of the body is never read, so the connection cannot serve another request.
      if (!res.headersSent) res.setHeader('Connection', 'close');
      req.pause();
      throw Object.assign(new Error(BODY_TOO_LARGE_MESSAGE), { code: BODY_TOO_LARGE, status: 413 });
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
  if (Number(declared) > cap) {
    refuse(res);
    return true;
  }
  req.body = cappedBody(req, res, cap);
  return false;
}
