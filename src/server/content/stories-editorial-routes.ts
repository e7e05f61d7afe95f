import type { APIRoute } from 'astro';
import { z } from 'zod';
import type { Permission } from '../../lib/staff-roles';
import { idParamSchema } from '../../lib/validation';
import { requireStaff } from '../admin/permissions';
import { handle, json, methodNotAllowed, parseParams } from '../http/responses';
import { readStoryBody } from './stories-editorial-http';
import { ScheduleBody, transitionStory, TransitionBody, type StoryTransition } from './stories-editorial-states';

const Params = z.object({ id: idParamSchema });

/** The endpoint of one state change: 404 unknown Story, 409 wrong state or stale version. */
export function transitionRoute(transition: StoryTransition, permission: Permission): { POST: APIRoute; ALL: APIRoute } {
  const Body = (transition === 'schedule' ? ScheduleBody : TransitionBody).strict();
  return {
    POST: ({ locals, params, request }) =>
      handle(async () => {
        const staff = requireStaff(locals, permission);
        const { id } = parseParams(params, Params);
        const input = await readStoryBody(request, Body);
        return json({ story: await transitionStory(staff, id, transition, input as { version: number; at?: Date }) });
      }),
    ALL: methodNotAllowed(['POST']),
  };
}
