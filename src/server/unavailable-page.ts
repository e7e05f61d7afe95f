import { SITE_NAME } from '../lib/constants';
import { DATABASE_UNAVAILABLE } from './http';

/**
 * What a page answers while the database is busy or unreachable: a 503 that needs nothing from
 * the database, with the same message the API gives and a link that reloads the page.
 */
export function databaseUnavailablePage(): Response {
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Back in a moment · ${SITE_NAME}</title></head>
<body><main><h1>Back in a moment</h1><p>${DATABASE_UNAVAILABLE}</p><p><a href="">Try again</a></p></main></body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' },
  });
}
