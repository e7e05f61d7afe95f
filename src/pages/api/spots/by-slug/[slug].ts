import type { APIRoute } from 'astro';
import { z } from 'zod';
import { slugSchema } from '../../../../lib/validation';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';
import { spotReadHeaders } from '../../../../server/spots/paywall';
import { spotBySlugFor } from '../../../../server/spots/reads';

const Params = z.object({ slug: slugSchema });

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { slug } = parseParams(context.params, Params);
    const { entitled, ...page } = await spotBySlugFor(context, slug);
    return json(page, { headers: spotReadHeaders(entitled) });
  });
export const ALL = methodNotAllowed(['GET']);
