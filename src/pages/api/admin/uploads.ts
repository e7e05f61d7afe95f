import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../server/admin/session';
import { BODY_CAPS, BODY_TOO_LARGE_MESSAGES } from '../../../server/http/body-caps.mjs';
import { readBodyBytes } from '../../../server/http/body';
import { HttpError, handle, json, methodNotAllowed } from '../../../server/http/responses';
import { savePhoto } from '../../../server/uploads/photos';

/** POST /api/admin/uploads: one photo as multipart field `photo`; answers the stored photo. */
export const POST: APIRoute = ({ request, locals }) =>
  handle(async () => {
    requireAdmin(locals);
    const body = await readBodyBytes(request, BODY_CAPS.imageUpload, BODY_TOO_LARGE_MESSAGES.imageUpload);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
    } catch {
      throw new HttpError(400, 'The upload could not be read as a form. Send the photo as multipart/form-data.');
    }
    const photo = form.get('photo');
    if (!(photo instanceof File)) throw new HttpError(400, 'Choose a photo to upload (form field "photo").');
    return json(await savePhoto(new Uint8Array(await photo.arrayBuffer())), { status: 201 });
  });
export const ALL = methodNotAllowed(['POST']);
