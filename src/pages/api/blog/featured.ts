import type { APIRoute } from 'astro';
import { featuredStories } from '../../../server/content/blog';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';

export const GET: APIRoute = () => handle(async () => json(await featuredStories()));
export const ALL = methodNotAllowed(['GET']);
