import type { APIRoute } from 'astro';
import { z } from 'zod';
import { emailSchema } from '../../lib/email';
import { readJsonBody } from '../../server/body';
import { handle, json, methodNotAllowed } from '../../server/http';
import { subscribeToNewsletter } from '../../server/newsletter';

const Body = z.object({ email: emailSchema });

export const POST: APIRoute = ({ request }) =>
  handle(async () => {
    const { email } = await readJsonBody(request, Body);
    await subscribeToNewsletter(email);
    return json({ message: "You're subscribed to Scottsdale Weekly." });
  });

export const ALL = methodNotAllowed(['POST']);
