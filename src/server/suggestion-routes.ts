import type { APIContext } from 'astro';
import { z } from 'zod';
import { idParamSchema } from '../lib/validation';
import { requireAdmin } from './admin-session';
import { handle, json, parseParams } from './http';
import { decideSuggestion } from './suggestions';

const Params = z.object({ id: idParamSchema });

/** POST /api/suggestions/{id}/approve and /reject, admin only. */
export function decideRoute(decision: 'approved' | 'rejected') {
  return (context: APIContext): Promise<Response> =>
    handle(async () => {
      requireAdmin(context.cookies);
      const { id } = parseParams(context.params, Params);
      return json(await decideSuggestion(id, decision));
    });
}
