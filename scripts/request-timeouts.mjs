// How long a client may take to send its request. Node's defaults let a connection that sent its
// headers and part of a body hold the socket and what was read for 300 s; a few thousand such
// connections held over a hundred megabytes. A request must now keep coming in.

/** The request line and headers must be in within this. */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * The whole request, body included, must be in within this (an 8 MB photo needs about 1.1 Mbit/s);
 * past it Node answers 408 and closes the connection.
 */
export const REQUEST_TIMEOUT_MS = 60_000;
/** A body that stops arriving for this long is abandoned: 408, and the connection is closed. */
export const BODY_IDLE_TIMEOUT_MS = 10_000;
/** How often Node checks the header and request deadlines (its default, 30 s, would let them run that much over). */
export const CHECK_INTERVAL_MS = 1_000;

/** Options for http.createServer. */
export const SERVER_TIMEOUTS = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: CHECK_INTERVAL_MS,
};

/** What a client whose body stalled is told before the connection closes. */
export const BODY_TIMEOUT_MESSAGE = 'The request body stopped arriving; send it again.';

/**
 * Watches a request's body: when no byte of it arrives for BODY_IDLE_TIMEOUT_MS the client is
 * answered 408 and the connection is closed, releasing what was read. A request without a body,
 * or one fully received (the app may then take as long as it needs), is left alone.
 */
export function limitSlowBody(req, res) {
  const hasBody = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
  if (!hasBody || req.complete) return;
  const socket = req.socket;
  // Node emits the socket's timeout on the request while its body is incomplete, else on the
  // response; a listener on the latter keeps Node from closing a connection the app is still answering.
  const onIdleAnswer = () => socket.setTimeout(0);
  req.setTimeout(BODY_IDLE_TIMEOUT_MS, () => {
    if (req.complete) return socket.setTimeout(0);
    if (res.headersSent) return socket.destroy();
    const body = JSON.stringify({ message: BODY_TIMEOUT_MESSAGE });
    res.writeHead(408, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
    res.end(body, () => socket.destroy());
    // A client that does not read the answer either is not waited for.
    setTimeout(() => socket.destroy(), 1_000).unref();
  });
  res.on('timeout', onIdleAnswer);
  res.once('close', () => {
    if (!socket.destroyed) socket.setTimeout(0);
  });
}
