import { methodNotAllowed } from '../../../../server/http';
import { decideRoute } from '../../../../server/suggestion-routes';

export const POST = decideRoute('approved');
export const ALL = methodNotAllowed(['POST']);
