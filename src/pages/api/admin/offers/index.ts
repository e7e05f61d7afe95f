import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { createOffer } from '../../../../server/plans/offers';
import { OfferBody } from '../../../../server/plans/offer-inputs';
import { requireStripe } from '../../../../server/adapters/stripe';
import { config } from '../../../../server/config';

/** POST /api/admin/offers ('offers:manage'): creates an offer (and its Stripe coupon and promotion code). */
export const POST: APIRoute = ({ locals, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'offers:manage');
    const input = await readJsonBody(request, OfferBody);
    // An amount off is in the currency of the price it comes off.
    const price = input.kind === 'amount' ? await requireStripe().prices.retrieve(config().STRIPE_PRICE_ID[0]!) : null;
    const offer = await createOffer(staff, input, price?.currency ?? 'usd');
    return json({ code: offer.code, name: offer.name }, 201);
  });

export const ALL = methodNotAllowed(['POST']);
