import type { APIRoute } from 'astro';
import { handle, json, methodNotAllowed } from '../../server/http/responses';
import { topPlaces } from '../../server/spots/places';

export const GET: APIRoute = () => handle(async () => json(await topPlaces('activity')));
export const ALL = methodNotAllowed(['GET']);
