import type { APIRoute } from 'astro';
import { handle, json , methodNotAllowed } from '../../server/http';
import { topPlaces } from '../../server/places';

export const GET: APIRoute = () => handle(async () => json(await topPlaces('restaurant')));
export const ALL = methodNotAllowed(['GET']);
