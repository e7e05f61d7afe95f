import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getTask, requireWebhookToken, withErrorField } from '../../../server/adapters/browse-ai';
import { settleTask } from '../../../server/content/event-scraping';
import { readBodyText } from '../../../server/http/body';
import { BODY_CAPS } from '../../../server/http/body-caps.mjs';
import { HttpError, handle, json, methodNotAllowed, parseInput } from '../../../server/http/responses';

const Delivery = z.object({
  event: z.string().max(100),
  task: z.looseObject({ id: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'not a Browse AI task id') }),
});

/**
 * Browse AI's report of a finished task (`?token=` must be BROWSE_AI_WEBHOOK_SECRET). The body is
 * not trusted: the task is read back from Browse AI and imported from there. Browse AI never
 * retries, so every accepted delivery is answered 200.
 */
export const POST: APIRoute = ({ request, url }) =>
  withErrorField(
    handle(async () => {
      requireWebhookToken(url.searchParams.get('token'));
      const raw = await readBodyText(request, BODY_CAPS.browseAiWebhook);
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch {
        throw new HttpError(400, 'Request body is not valid JSON.');
      }
      const delivery = parseInput(Delivery, data, 'body');
      const received = { received: true, event: delivery.event };
      try {
        return json({ ...received, ...(await settleTask(await getTask(delivery.task.id))) });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // Not imported now (Browse AI unreachable, no such task): the admin can still poll it.
        return json({ ...received, taskId: delivery.task.id, status: 'not-imported', duplicate: false, message: error.message });
      }
    }),
  );

export const ALL = methodNotAllowed(['POST']);
