import { methodNotAllowed } from '../../../../server/http';
import { reactToSpot } from '../../../../server/spot-routes';

export const POST = reactToSpot('love');
export const ALL = methodNotAllowed(['POST']);
