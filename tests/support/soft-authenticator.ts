import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A software passkey authenticator for API tests: an ES256 key pair per credential, attestation
// 'none', the authenticator data and CBOR that a real one sends, built with node:crypto only.
// It answers the JSON options the server hands out, as @simplewebauthn/browser would pass them on.

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** The few CBOR kinds WebAuthn uses: integers, byte and text strings, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** navigator.credentials.create(): a new resident ES256 credential for the RP and user. */
  register(options: CreationOptions, origin: string, overrides: { clientOrigin?: string; challenge?: string } = {}) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: SoftCredential = { id: b64url(randomBytes(32)), rpId, userHandle: options.user.id, privateKey, publicKey, counter: 0 };
    this.credentials.push(credential);
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idBytes = Buffer.from(credential.id, 'base64url');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(idBytes.length);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV | AT]), Buffer.alloc(4), Buffer.alloc(16), length, idBytes, cose]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: overrides.challenge ?? options.challenge, origin: overrides.clientOrigin ?? origin, crossOrigin: false }),
    );
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      credential,
      response: {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
      },
    };
  }

  /**
   * navigator.credentials.get() without allowCredentials: the (first, or given) resident
   * credential for the RP signs the challenge, its counter one higher than last time.
   */
  authenticate(options: RequestOptions, origin: string, overrides: { credential?: SoftCredential; clientOrigin?: string; counter?: number } = {}) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    const credential = overrides.credential ?? this.credentials.find((c) => c.rpId === rpId);
    if (!credential) throw new Error(`no passkey for ${rpId}`);
    credential.counter = overrides.counter ?? credential.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV]), counter]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: overrides.clientOrigin ?? origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  /** A passkey this site never saw, as another site's or a wiped database's would be. */
  stranger(rpId: string): SoftCredential {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return { id: b64url(randomBytes(32)), rpId, userHandle: b64url(Buffer.from('staff-999')), privateKey, publicKey, counter: 0 };
  }
}
