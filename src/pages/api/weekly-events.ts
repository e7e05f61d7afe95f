import type { APIRoute } from 'astro';
import { upcomingWeekEvents } from '../../server/content/events';
import { handle, json, methodNotAllowed } from '../../server/http/responses';

export const GET: APIRoute = () => handle(async () => json(await upcomingWeekEvents()));
export const ALL = methodNotAllowed(['GET']);
