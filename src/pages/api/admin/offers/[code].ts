import type { APIRoute } from 'astro';
import { requireStaff } from '../../../../server/admin/permissions';
import { readJsonBody } from '../../../../server/http/body';
import { handle, json, methodNotAllowed } from '../../../../server/http/responses';
import { changeOffer } from '../../../../server/plans/offer-changes';
import { OfferChangeBody } from '../../../../server/plans/offer-inputs';

/** PATCH /api/admin/offers/{code} ('offers:manage'): ends an offer now, or moves its end date and cap. */
export const PATCH: APIRoute = ({ locals, params, request }) =>
  handle(async () => {
    const staff = requireStaff(locals, 'offers:manage');
    const change = await readJsonBody(request, OfferChangeBody);
    const offer = await changeOffer(staff, params.code ?? '', change);
    return json({ code: offer.code, endsAt: offer.endsAt.toISOString(), maxRedemptions: offer.maxRedemptions });
  });

export const ALL = methodNotAllowed(['PATCH']);
