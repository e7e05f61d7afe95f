import type { APIRoute } from 'astro';
import { publishedStories } from '../../../server/content/blog';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';

export const GET: APIRoute = () => handle(async () => json(await publishedStories()));
export const ALL = methodNotAllowed(['GET']);
