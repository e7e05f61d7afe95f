/**
 * An uploaded photo: stored once per content hash under `/uploads/<key>/`, as AVIF, WebP and JPEG
 * at each of `widths` (never wider than the original), with a tiny blurred placeholder shown while
 * the real file loads. The server makes these (src/server/uploads); pages and islands only read them.
 */
export interface Photo {
  key: string;
  /** Pixel size of the largest stored copy, after the camera's orientation was applied. */
  width: number;
  height: number;
  /** Ascending. */
  widths: number[];
  /** `data:image/webp;base64,…`, a few hundred bytes. */
  placeholder: string;
}

export const PHOTO_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The widths every upload is stored at (those not wider than the original). */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;

export const PHOTO_KEY_PATTERN = /^[a-f0-9]{32}$/;

export function photoUrl(photo: Pick<Photo, 'key'>, width: number, format: PhotoFormat): string {
  return `/uploads/${photo.key}/${width}.${format}`;
}

export function photoSrcSet(photo: Photo, format: PhotoFormat): string {
  return photo.widths.map((width) => `${photoUrl(photo, width, format)} ${width}w`).join(', ');
}

/** The JPEG that stands for the photo where one address is needed (emails, link previews, `imageUrl`). */
export function photoMainUrl(photo: Photo): string {
  return photoUrl(photo, photo.widths.at(-1)!, 'jpg');
}

/** The copy closest above `width`: card thumbnails. */
export function photoUrlFor(photo: Photo, width: number, format: PhotoFormat = 'jpg'): string {
  return photoUrl(photo, photo.widths.find((w) => w >= width) ?? photo.widths.at(-1)!, format);
}
