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
 * A returning visitor as the server knows them: it signs the ids it issues and ignores any other,
 * so tests get theirs from a first write instead of making one up. A plain read issues no session;
 * signing out when nobody is signed in is a write that changes nothing and spends no rate limit.
 */
export async function newVisitor(baseUrl: string): Promise<{ cookie: string; sessionId: string }> {
  const response = await fetch(new URL('/api/session', baseUrl), { method: 'DELETE', headers: { Origin: new URL(baseUrl).origin } });
  await response.arrayBuffer();
  const visitor = issuedVisitor(response);
  if (!visitor) throw new Error(`no visitor cookie from ${baseUrl} (status ${response.status})`);
  return visitor;
}
