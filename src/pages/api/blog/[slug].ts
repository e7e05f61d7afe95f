import type { APIRoute } from 'astro';
import { z } from 'zod';
import { slugSchema } from '../../../lib/validation';
import { storyBySlug } from '../../../server/content/blog';
import { liveStoryHtml } from '../../../server/content/story-spots';
import { HttpError, handle, json, parseParams, methodNotAllowed } from '../../../server/http/responses';

const Params = z.object({ slug: slugSchema });

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const { slug } = parseParams(params, Params);
    const post = await storyBySlug(slug);
    if (!post) throw new HttpError(404, 'Post not found');
    // The body as the page shows it (spot cards drawn now); the editor's document stays in the studio.
    const { doc: _doc, ...story } = post;
    return json({ ...story, content: await liveStoryHtml(post) });
  });
export const ALL = methodNotAllowed(['GET']);
