/**
 * A fake of the parts of Clerk's Backend API the server uses, for tests: `GET /v1/jwks` (the
 * instance's RS256 signing key as a JWK set), `GET /v1/users/{id}` (Clerk's user JSON) and
 * `DELETE /v1/users/{id}` (a deleted object, as when a member deletes their account), all
 * behind `Authorization: Bearer {secret key}` with Clerk's error bodies. It also plays Clerk's
 * Frontend API in one respect: it mints session tokens the way Clerk does (RS256, `kid` of the
 * instance key, claims sub, sid, iss, azp, exp, iat, nbf), which the browser would hold in the
 * `__session` cookie. `mintForeignToken` signs with a key Clerk never had.
 */
import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The `cat` header Clerk puts on session tokens. */
const SESSION_TOKEN_CATEGORY = 'cl_B7d4PD111AAA';
/** Clerk's session tokens live one minute; clerk-js refreshes them before that. */
const SESSION_TOKEN_SECONDS = 60;

export interface FakeClerkUserInput {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Whether Clerk has verified the primary email; true by default, as Clerk requires it at sign-up. */
  verified?: boolean;
}

export interface FakeClerkRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  status: number;
}

export interface FakeClerk {
  /** Base of the Backend API (what `CLERK_API_URL` takes). */
  url: string;
  secretKey: string;
  /** `pk_live_` + base64 of `{frontendApiHost}$`: a production instance. */
  publishableKey: string;
  frontendApiHost: string;
  /** The instance's signing key as PEM (what `CLERK_JWT_KEY` takes). */
  publicKeyPem: string;
  requests: FakeClerkRequest[];
  /** Adds a user; answers its id (`user_…`). */
  addUser(input: FakeClerkUserInput): string;
  /** A session token for the user, signed with the instance key. */
  mintSessionToken(userId: string, options?: { azp?: string; issuedAt?: number; lifetimeSeconds?: number }): string;
  /** A token shaped like Clerk's, with the instance's kid, but signed by another key. */
  mintForeignToken(userId: string, options?: { azp?: string }): string;
  stop(): Promise<void>;
}

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(14).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function signJwt(header: object, claims: object, key: KeyObject): string {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(input).sign(key);
  return `${input}.${base64url(signature)}`;
}

interface StoredUser {
  id: string;
  emailId: string;
  input: FakeClerkUserInput;
  createdAt: number;
}

/** A user as `GET /v1/users/{id}` answers it (Clerk's snake_case JSON, `object: "user"`). */
function userJson(user: StoredUser): Record<string, unknown> {
  const { id, emailId, input, createdAt } = user;
  return {
    id,
    object: 'user',
    username: null,
    first_name: input.firstName ?? null,
    last_name: input.lastName ?? null,
    image_url: `https://img.clerk.com/${base64url(id)}`,
    has_image: false,
    primary_email_address_id: emailId,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    password_enabled: true,
    two_factor_enabled: false,
    totp_enabled: false,
    backup_code_enabled: false,
    email_addresses: [
      {
        id: emailId,
        object: 'email_address',
        email_address: input.email,
        reserved: false,
        verification:
          input.verified === false
            ? { status: 'unverified', strategy: 'email_code', attempts: 0, expire_at: createdAt + 600_000 }
            : { status: 'verified', strategy: 'email_code', attempts: 1, expire_at: createdAt + 600_000 },
        linked_to: [],
        created_at: createdAt,
        updated_at: createdAt,
      },
    ],
    phone_numbers: [],
    web3_wallets: [],
    passkeys: [],
    external_accounts: [],
    saml_accounts: [],
    enterprise_accounts: [],
    public_metadata: {},
    private_metadata: {},
    unsafe_metadata: {},
    external_id: null,
    last_sign_in_at: createdAt,
    banned: false,
    locked: false,
    lockout_expires_in_seconds: null,
    verification_attempts_remaining: 100,
    created_at: createdAt,
    updated_at: createdAt,
    delete_self_enabled: true,
    create_organization_enabled: true,
    last_active_at: createdAt,
    legal_accepted_at: null,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): number {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
  return status;
}

/** Clerk's error body: a list of errors with a code, plus a trace id. */
function sendError(res: ServerResponse, status: number, code: string, message: string, longMessage: string): number {
  return sendJson(res, status, { errors: [{ message, long_message: longMessage, code }], clerk_trace_id: randomBytes(16).toString('hex') });
}

export async function startFakeClerk(options: { frontendApiHost?: string } = {}): Promise<FakeClerk> {
  const frontendApiHost = options.frontendApiHost ?? 'clerk.scottsdale.test';
  const secretKey = `sk_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
  const publishableKey = `pk_live_${Buffer.from(`${frontendApiHost}$`).toString('base64')}`;
  const kid = randomId('ins');
  const instanceKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const users = new Map<string, StoredUser>();
  const requests: FakeClerkRequest[] = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-clerk');
    const record: FakeClerkRequest = { method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization, status: 0 };
    requests.push(record);
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      record.status = sendError(
        res,
        401,
        'clerk_key_invalid',
        'The provided Clerk Secret Key is invalid.',
        'The provided Clerk Secret Key is invalid. Make sure that your Clerk Secret Key is correct.',
      );
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v1/jwks') {
      const jwk = instanceKey.publicKey.export({ format: 'jwk' });
      record.status = sendJson(res, 200, { keys: [{ use: 'sig', kty: 'RSA', kid, alg: 'RS256', n: jwk.n, e: jwk.e }] });
      return;
    }
    const userPath = /^\/v1\/users\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && userPath) {
      const user = users.get(decodeURIComponent(userPath[1]!));
      record.status = user ? sendJson(res, 200, userJson(user)) : sendError(res, 404, 'resource_not_found', 'not found', 'Resource not found');
      return;
    }
    // DELETE /v1/users/{id}: Clerk answers with a DeletedObject and ends every session of the user.
    if (req.method === 'DELETE' && userPath) {
      const id = decodeURIComponent(userPath[1]!);
      record.status = users.delete(id)
        ? sendJson(res, 200, { object: 'user', id, deleted: true })
        : sendError(res, 404, 'resource_not_found', 'not found', 'Resource not found');
      return;
    }
    record.status = sendError(res, 404, 'resource_not_found', 'not found', `No route ${req.method} ${url.pathname}`);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function claims(userId: string, azp: string | undefined, issuedAt: number, lifetime: number) {
    return {
      ...(azp ? { azp } : {}),
      exp: issuedAt + lifetime,
      fva: [0, -1],
      iat: issuedAt,
      iss: `https://${frontendApiHost}`,
      nbf: issuedAt - 10,
      sid: randomId('sess'),
      sts: 'active',
      sub: userId,
      v: 2,
    };
  }
  const header = { alg: 'RS256', cat: SESSION_TOKEN_CATEGORY, kid, typ: 'JWT' };
  const now = () => Math.floor(Date.now() / 1000);

  return {
    url: origin,
    secretKey,
    publishableKey,
    frontendApiHost,
    publicKeyPem: instanceKey.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    requests,
    addUser(input) {
      const id = randomId('user');
      users.set(id, { id, emailId: randomId('idn'), input, createdAt: Date.now() });
      return id;
    },
    mintSessionToken(userId, opts = {}) {
      return signJwt(header, claims(userId, opts.azp, opts.issuedAt ?? now(), opts.lifetimeSeconds ?? SESSION_TOKEN_SECONDS), instanceKey.privateKey);
    },
    mintForeignToken(userId, opts = {}) {
      return signJwt(header, claims(userId, opts.azp, now(), SESSION_TOKEN_SECONDS), foreignKey.privateKey);
    },
    stop: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
