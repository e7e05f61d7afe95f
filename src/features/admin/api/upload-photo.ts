import { ApiError } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { savePhoto } from '../../../server/uploads/photos';

/** POST /api/admin/uploads (admin only, 201): the stored photo, to be named by `photoKey` when adding a spot. */
export type UploadedPhoto = Wire<Awaited<ReturnType<typeof savePhoto>>>;

export async function uploadPhoto(file: File): Promise<UploadedPhoto> {
  const form = new FormData();
  form.set('photo', file);
  const response = await fetch('/api/admin/uploads', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' }, body: form });
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).trim();
    throw new ApiError(response.status, body, response.statusText, null);
  }
  return (await response.json()) as UploadedPhoto;
}
