import type { z } from 'zod';
import { BODY_CAPS } from '../http/body-caps.mjs';
import { readBodyText } from '../http/body';
import { HttpError } from '../http/responses';
import { fieldErrors } from '../../lib/validation';

/** A studio form's JSON body, up to the Story cap: a 400 names every bad field (`fields`). */
export async function readStoryBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const text = await readBodyText(request, BODY_CAPS.story);
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON.');
  }
  if (data === undefined) throw new HttpError(400, 'Request body is required.');
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error);
  throw new HttpError(400, Object.values(fields).join(' '), fields);
}
