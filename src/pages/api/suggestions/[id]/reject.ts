import { methodNotAllowed } from '../../../../server/http';
import { decideRoute } from '../../../../server/suggestion-routes';

export const POST = decideRoute('rejected');
export const ALL = methodNotAllowed(['POST']);
