import type { APIRoute } from 'astro';
import { z } from 'zod';
import { STORY_CATEGORIES, parseStoryCategory } from '../../../../lib/catalog';
import { storiesInCategory } from '../../../../server/content/blog';
import { handle, json, parseParams, methodNotAllowed } from '../../../../server/http/responses';

const Params = z.object({
  category: z
    .string()
    .max(60)
    .transform((value, ctx) => {
      const category = parseStoryCategory(value);
      if (!category) {
        ctx.addIssue({ code: 'custom', message: `Unknown category; use one of: ${STORY_CATEGORIES.join(', ')}` });
        return z.NEVER;
      }
      return category;
    }),
});

export const GET: APIRoute = ({ params }) =>
  handle(async () => {
    const { category } = parseParams(params, Params);
    return json(await storiesInCategory(category));
  });
export const ALL = methodNotAllowed(['GET']);
