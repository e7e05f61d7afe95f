import { z } from 'zod';

/**
 * zod's fast path compiles parsers with `new Function`, probing for eval on the first parse. The
 * site's Content-Security-Policy allows no eval, so in the browser that probe is a CSP violation
 * in the console; the plain interpreter is fast enough for our forms and filters.
 */
z.config({ jitless: true });

export { z };
