import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJsonBody } from '../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../server/http/responses';
import { redeemGift } from '../../../server/plans/gifts';
import { GIFT_TOKEN_PATTERN } from '../../../server/plans/gift-links';
import { writeSubscriber } from '../../../server/subscriptions/subscriber-cookie';
import { currentSubscriber } from '../../../server/subscriptions/subscriber';

const Body = z.object({ token: z.string().trim().max(100).regex(GIFT_TOKEN_PATTERN, 'token is not a gift link') });

/**
 * POST /api/gifts/redeem: redeems a gift once (the page's button posts here; opening the link
 * changes nothing, since mail scanners open links). Gift access unlocks this browser the way a paid
 * checkout does: its signed subscriber cookie names the gift's own stand-in customer.
 */
export const POST: APIRoute = ({ request, url, cookies, locals }) =>
  handle(async () => {
    const { token } = await readJsonBody(request, Body);
    const proof = await currentSubscriber({ cookies, locals });
    const redeemed = await redeemGift(token, proof?.verified ? proof : null);
    if (redeemed.kind === 'access') {
      writeSubscriber(cookies, { email: redeemed.email, verified: true, customer: redeemed.customer }, url.protocol === 'https:');
      return json({ email: redeemed.email, until: redeemed.until.toISOString(), extended: false });
    }
    return json({ email: redeemed.email, until: redeemed.nextCharge.toISOString(), extended: true });
  });

export const ALL = methodNotAllowed(['POST']);
