import type { APIRoute } from 'astro';
import { z } from 'zod';
import { calendarEvents, defaultEventWindow } from '../../server/content/events';
import { HttpError, handle, json, parseQuery, methodNotAllowed } from '../../server/http/responses';

const isoDate = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((v) => new Date(v));
const Query = z.object({ from: isoDate.optional(), to: isoDate.optional() });

export const GET: APIRoute = ({ url }) =>
  handle(async () => {
    const query = parseQuery(url, Query);
    const window = defaultEventWindow();
    const from = query.from ?? window.from;
    const to = query.to ?? window.to;
    if (to <= from) throw new HttpError(400, 'Invalid query: to must be after from');
    return json(await calendarEvents(from, to));
  });
export const ALL = methodNotAllowed(['GET']);
