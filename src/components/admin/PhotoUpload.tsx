import { useId, useState } from 'react';
import { uploadPhoto, type UploadedPhoto } from '../../features/admin/api/upload-photo';
import { ApiError } from '../../lib/api-client';
import { Picture } from '../ui/Picture';

const MAX_BYTES = 8 * 1024 * 1024;
const TOO_LARGE = 'The photo is larger than 8 MB. Choose a smaller photo, or export it at a lower resolution.';

interface Props {
  photo: UploadedPhoto | null;
  onChange: (photo: UploadedPhoto | null) => void;
  /** A problem the server found with the photo when the spot was sent. */
  error?: string;
}

/**
 * The spot's photo: chosen from the device, sent at once, and shown as it will appear. The server
 * re-encodes it (and refuses anything that is not a photo); a refusal is said under the field.
 */
export function PhotoUpload({ photo, onChange, error }: Props) {
  const id = useId();
  const [state, setState] = useState<{ uploading: boolean; problem: string | null }>({ uploading: false, problem: null });
  const problem = state.problem ?? error ?? null;

  async function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BYTES) return setState({ uploading: false, problem: TOO_LARGE });
    setState({ uploading: true, problem: null });
    try {
      onChange(await uploadPhoto(file));
      setState({ uploading: false, problem: null });
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.serverMessage : null;
      setState({ uploading: false, problem: message ?? 'The photo could not be uploaded. Please try again.' });
    }
  }

  return (
    <div className="field photo-upload">
      <label htmlFor={id}>Photo</label>
      {photo ? (
        <div className="photo-upload__preview">
          <Picture photo={photo} width={600} height={400} sizes="320px" fallback={{ title: 'Photo' }} alt="The uploaded photo" />
          <div>
            <p className="photo-upload__done">
              Photo ready: {photo.width} × {photo.height}, stored as AVIF, WebP and JPEG.
            </p>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => onChange(null)}>
              Remove photo
            </button>
          </div>
        </div>
      ) : (
        <input
          id={id}
          className="input"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif"
          disabled={state.uploading}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      )}
      <p id={`${id}-hint`} className="field__hint">
        {state.uploading
          ? 'Uploading and preparing the photo…'
          : photo
            ? 'Location and camera data were removed. Remove the photo to give an Image URL instead.'
            : 'JPEG, PNG, WebP, AVIF or HEIC, up to 8 MB. Location and camera data are removed. Or give an Image URL below.'}
      </p>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
