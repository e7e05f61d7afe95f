import { methodNotAllowed } from '../../../../server/http';
import { viewSpot } from '../../../../server/spot-routes';

export const POST = viewSpot;
export const ALL = methodNotAllowed(['POST']);
