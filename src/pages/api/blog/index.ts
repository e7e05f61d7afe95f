import type { APIRoute } from 'astro';
import { publishedStories } from '../../../server/blog';
import { handle, json , methodNotAllowed } from '../../../server/http';

export const GET: APIRoute = () => handle(async () => json(await publishedStories()));
export const ALL = methodNotAllowed(['GET']);
