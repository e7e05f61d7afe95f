import type { APIRoute } from 'astro';
import { handle, json } from '../../server/http';
import { topPlaces } from '../../server/places';

export const GET: APIRoute = () => handle(async () => json(await topPlaces('activity')));
