import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';

// What a browser sends back from navigator.credentials, checked for shape before the WebAuthn
// library reads it; the library then checks what it means.
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const common = {
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

export const PasskeyName = z
  .string({ error: 'Name your passkey, for example “Work laptop”.' })
  .trim()
  .min(1, 'Name your passkey, for example “Work laptop”.')
  .max(60, 'Keep the name to 60 characters or fewer.');

export const RegistrationBody = z.object({
  name: PasskeyName,
  response: z.object({
    ...common,
    response: z.object({
      clientDataJSON: b64url(4000).min(1),
      attestationObject: b64url(8000).min(1),
      authenticatorData: b64url(4000).optional(),
      transports: z.array(z.enum(TRANSPORTS)).max(7).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(4000).optional(),
    }),
  }),
});

export const SignInBody = z.object({
  response: z.object({
    ...common,
    response: z.object({
      clientDataJSON: b64url(4000).min(1),
      authenticatorData: b64url(4000).min(1),
      signature: b64url(1000).min(1),
      userHandle: b64url(200).optional(),
    }),
  }),
});

export const asRegistration = (body: z.infer<typeof RegistrationBody>) => body.response as RegistrationResponseJSON;
export const asAuthentication = (body: z.infer<typeof SignInBody>) => body.response as AuthenticationResponseJSON;
