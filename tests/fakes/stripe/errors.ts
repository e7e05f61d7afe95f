/** Stripe's v1 error body: `{"error":{"type","code"?,"message","param"?,"doc_url"?}}`. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  code?: string;
  message: string;
  param?: string;
  doc_url?: string;
  request_log_url?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export function invalidRequest(message: string, param?: string, code?: string, status = 400): ApiError {
  return new ApiError(status, {
    type: 'invalid_request_error',
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    message,
    ...(param ? { param } : {}),
  });
}

/** 404 `resource_missing`, message `No such customer: 'cus_x'`. */
export function resourceMissing(resource: string, id: string, param = 'id', status = 404): ApiError {
  return invalidRequest(`No such ${resource}: '${id}'`, param, 'resource_missing', status);
}

export function parameterMissing(param: string): ApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function parameterUnknown(param: string): ApiError {
  return invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
}

export function invalidParam(param: string, message: string, code = 'parameter_invalid_string'): ApiError {
  return invalidRequest(message, param, code);
}

/** Masks a key the way Stripe does: `sk_test_********************abcd`. */
export function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  return prefix + '*'.repeat(Math.max(rest.length - 4, 0)) + rest.slice(-4);
}

export function authenticationError(authorization: string | undefined, key: string | undefined): ApiError {
  const headers = { 'WWW-Authenticate': 'Bearer realm="Stripe"' };
  if (!authorization || key === undefined || key === '') {
    return new ApiError(
      401,
      {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      },
      headers,
    );
  }
  return new ApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(key)}` }, headers);
}

/** The body a failing Stripe answers with, by status (for `failNextRequests`). */
export function outageError(status: number): ApiError {
  switch (status) {
    case 400:
      return invalidRequest('Simulated invalid request.');
    case 401:
      return authenticationError('Bearer', 'sk_test_simulated');
    case 402:
      return new ApiError(402, {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
        doc_url: docUrl('card_declined'),
      });
    case 403:
      return invalidRequest('The provided key does not have the required permissions for this endpoint.', undefined, undefined, 403);
    case 404:
      return invalidRequest('Unrecognized request URL.', undefined, undefined, 404);
    case 409:
      return invalidRequest(
        'This object cannot be accessed right now because another API request or Stripe process is currently accessing it.',
        undefined,
        'lock_timeout',
        409,
      );
    case 429:
      return invalidRequest('Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.', undefined, 'rate_limit', 429);
    default:
      return new ApiError(status, {
        type: 'api_error',
        message: 'An unknown error occurred',
      });
  }
}
