import { z } from 'zod';
import { fieldErrors } from '../lib/validation';
import { HttpError, parseInput } from './http';

export const MAX_JSON_BODY_BYTES = 16 * 1024;

/** Reads a JSON request body of bounded size and validates it; every failure is a clear 4xx. */
export async function readJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_JSON_BODY_BYTES) throw new HttpError(413, 'Request body is too large.');
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_JSON_BODY_BYTES) throw new HttpError(413, 'Request body is too large.');
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
