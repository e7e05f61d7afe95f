import { z } from 'zod';
import { fieldErrors } from '../../lib/validation';
import { BODY_CAPS, BODY_TOO_LARGE, BODY_TOO_LARGE_MESSAGE } from './body-caps.mjs';
import { HttpError, parseInput } from './responses';

export const MAX_JSON_BODY_BYTES = BODY_CAPS.json;

/**
 * Reads a request body as text, never holding more than `cap` bytes. The server caps bodies as
 * they arrive (scripts/serve.mjs); this holds under any other server too. A body that cannot be
 * read (the client went away mid-upload) is the client's failure, a 400, never the database's.
 */
export async function readBodyText(request: Request, cap: number): Promise<string> {
  return (await readBodyBytes(request, cap)).toString('utf8');
}

/** The same, as bytes; `message` is what a body over the cap is told. */
export async function readBodyBytes(request: Request, cap: number, message = BODY_TOO_LARGE_MESSAGE): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, message);
  if (Number(request.headers.get('content-length') ?? '0') > cap) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      received += part.value.byteLength;
      if (received > cap) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(part.value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: unknown }).code === BODY_TOO_LARGE) throw tooLarge();
    throw new HttpError(400, 'The request body could not be read.');
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON request body of bounded size and validates it; every failure is a clear 4xx. */
export async function readJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const text = await readBodyText(request, MAX_JSON_BODY_BYTES);
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON.');
  }
  if (data === undefined) throw new HttpError(400, 'Request body is required.');
  return parseInput(schema, data, 'body');
}

/** A form's JSON body: a 400 names every bad field (`fields`) so the form can show each message. */
export async function readFormBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const parsed = schema.safeParse(await readJsonBody(request, z.unknown()));
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error);
  throw new HttpError(400, Object.values(fields).join(' '), fields);
}
