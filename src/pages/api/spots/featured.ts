import type { APIRoute } from 'astro';
import { handle, json , methodNotAllowed } from '../../../server/http';
import { featuredSpots } from '../../../server/spots';

export const GET: APIRoute = () => handle(async () => json(await featuredSpots()));
export const ALL = methodNotAllowed(['GET']);
