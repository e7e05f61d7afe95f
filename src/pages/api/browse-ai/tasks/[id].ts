import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireAdmin } from '../../../../server/admin/session';
import { getTask, withErrorField } from '../../../../server/adapters/browse-ai';
import { settleTask } from '../../../../server/content/event-scraping';
import { handle, json, methodNotAllowed, parseParams } from '../../../../server/http/responses';

const Params = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'not a Browse AI task id') });

/** Polls a task: once it has finished, imports its events (once) like the webhook would. */
export const GET: APIRoute = ({ locals, params }) =>
  withErrorField(
    handle(async () => {
      requireAdmin(locals);
      const { id } = parseParams(params, Params);
      return json(await settleTask(await getTask(id)));
    }),
  );

export const ALL = methodNotAllowed(['GET']);
