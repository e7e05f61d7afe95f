import { SITE_NAME } from '../../lib/constants';
import { DATABASE_UNAVAILABLE } from './responses';

/**
 * What a page answers while the database is busy or unreachable: a 503 that needs nothing from
 * the database, with the same message the API gives and a link that reloads the page.
 */
export function databaseUnavailablePage(): Response {
  const html = plainPage('Back in a moment', `<p>${DATABASE_UNAVAILABLE}</p><p><a href="">Try again</a></p>`);
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' },
  });
}

/**
 * What a back-office page answers a member of staff whose role does not open it: a readable 403
 * in the site's colours (an API answers the same refusal as JSON), with the way back.
 */
export function staffForbiddenPage(message: string): Response {
  const html = plainPage('Not part of your role', `<p>${message} Ask the Owner if you need this page.</p><p><a href="/admin">Back to the back office</a></p>`, 'noindex');
  return new Response(html, { status: 403, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** A page that needs nothing from the database or the layout's data, in the site's colours. */
function plainPage(title: string, body: string, robots?: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${robots ? `<meta name="robots" content="${robots}">` : ''}<title>${title} · ${SITE_NAME}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px;box-sizing:border-box;background:#f7f1e8;color:#2b2118;font:16px/1.6 ui-sans-serif,system-ui,-apple-system,'Segoe UI',sans-serif}
main{max-width:32rem;background:#fff;border:1px solid #ede3d3;border-radius:22px;padding:32px;box-shadow:0 10px 30px rgb(43 33 24 / .08)}
h1{margin:0 0 8px;font:700 1.9rem/1.2 Georgia,'Times New Roman',serif}
p{margin:0 0 16px;color:#4a3d31}
p:last-child{margin:0}
a{display:inline-block;padding:10px 22px;border-radius:999px;background:#a8461f;color:#fff;font-weight:700;text-decoration:none}
a:focus-visible{outline:3px solid #e8a33d;outline-offset:2px}
</style></head>
<body><main><h1>${title}</h1>${body}</main></body>
</html>
`;
}
