/** The visitor cookie a response set (`sid=<id>.<signature>`), and the session id it stands for. */
export function issuedVisitor(response: Response): { cookie: string; sessionId: string } | null {
  const pair = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((cookie) => cookie.startsWith('sid='));
  if (!pair) return null;
  const value = decodeURIComponent(pair.slice('sid='.length));
  return { cookie: pair, sessionId: value.slice(0, value.lastIndexOf('.')) };
}

/**
 * A returning visitor as the server knows them: it signs the ids it issues and replaces any other,
 * so tests get theirs from a first request instead of making one up.
 */
export async function newVisitor(baseUrl: string): Promise<{ cookie: string; sessionId: string }> {
  const response = await fetch(new URL('/api/spots/top?limit=1', baseUrl));
  await response.arrayBuffer();
  const visitor = issuedVisitor(response);
  if (!visitor) throw new Error(`no visitor cookie from ${baseUrl} (status ${response.status})`);
  return visitor;
}
