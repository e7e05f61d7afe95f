import type { APIRoute } from 'astro';
import { weeklyEventsResponse } from '../../server/content/events';
import { handle, json, methodNotAllowed } from '../../server/http/responses';

export const GET: APIRoute = () => handle(async () => json(await weeklyEventsResponse()));
export const ALL = methodNotAllowed(['GET']);
