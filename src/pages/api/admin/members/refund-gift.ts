import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireStaff } from '../../../../server/admin/permissions';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { refundGift } from '../../../../server/plans/gift-refunds';

const GiftInput = z.object({ giftId: z.number({ error: 'giftId must be a number' }).int('giftId must be a whole number').positive('giftId must be positive') });

/** POST /api/admin/members/refund-gift ('members:manage'): a gift's payment back in full (30-day guarantee); its access ends now. */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'members:manage');
    const { giftId } = await readJsonBody(request, GiftInput);
    return json(await refundGift(staff, giftId));
  });
export const ALL = methodNotAllowed(['POST']);
