import type { APIRoute } from 'astro';
import { handle, json } from '../../../server/http';
import { featuredSpots } from '../../../server/spots';

export const GET: APIRoute = () => handle(async () => json(await featuredSpots()));
