import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | null = null;

/**
 * sharp and libvips, loaded the first time a photo or a share card is made: every page that lists
 * spots imports the photo helpers, and loading libvips with them would keep it in memory in every
 * server that never processes an image.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
