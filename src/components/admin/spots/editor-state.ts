import type { EditorSpot } from '../../../features/admin/api/edit-spot';
import type { UploadedPhoto } from '../../../features/admin/api/upload-photo';
import type { OpeningHours } from '../../../lib/opening-hours';
import { hoursBody, hoursState, type HoursState } from './hours-state';

/** Every field of the editor as its inputs hold it. */
export interface EditorState {
  name: string;
  category: string;
  hook: string;
  description: string;
  bestTime: string;
  parking: string;
  bring: string;
  insiderTip: string;
  tags: string[];
  priceLevel: string;
  neighbourhood: string;
  address: string;
  mapsUrl: string;
  latitude: string;
  longitude: string;
  website: string;
  picture: 'photo' | 'link' | 'illustration';
  imageUrl: string;
  upload: UploadedPhoto | null;
  featured: boolean;
  featuredOrder: string;
  hours: HoursState;
  status: string;
  closedUntil: string;
  statusNote: string;
  movedToId: string;
}

export function editorState(spot: EditorSpot): EditorState {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    name: spot.name,
    category: spot.category,
    hook: text(spot.hook),
    description: spot.description,
    bestTime: text(spot.knowBefore?.bestTime),
    parking: text(spot.knowBefore?.parking),
    bring: text(spot.knowBefore?.bring),
    insiderTip: text(spot.insiderTip),
    tags: [...spot.tags],
    priceLevel: text(spot.priceLevel),
    neighbourhood: text(spot.neighbourhood),
    address: text(spot.address),
    mapsUrl: spot.mapsUrl,
    latitude: text(spot.latitude),
    longitude: text(spot.longitude),
    website: text(spot.website),
    picture: spot.photo ? 'photo' : spot.imageUrl ? 'link' : 'illustration',
    imageUrl: spot.photo ? '' : spot.imageUrl,
    upload: null,
    featured: spot.featured === 1,
    featuredOrder: text(spot.featuredOrder),
    hours: hoursState(spot.hours as OpeningHours | null, spot.noFixedHours === 1),
    status: spot.status,
    closedUntil: text(spot.closedUntil),
    statusNote: text(spot.statusNote),
    movedToId: text(spot.movedToId),
  };
}

/** The API's fields from the editor's (the picture only when it was changed). */
function fieldsOf(s: EditorState, currentImage: string): Record<string, unknown> {
  const anyKnow = [s.bestTime, s.parking, s.bring].some((v) => v.trim());
  const picture =
    s.upload !== null
      ? { photoKey: s.upload.key }
      : s.picture === 'illustration'
        ? { imageUrl: null }
        : s.picture === 'link'
          ? { imageUrl: s.imageUrl }
          : { imageUrl: currentImage };
  return {
    name: s.name,
    category: s.category,
    hook: s.hook,
    description: s.description,
    knowBefore: anyKnow ? { bestTime: s.bestTime, parking: s.parking, bring: s.bring } : null,
    insiderTip: s.insiderTip,
    tags: s.tags,
    priceLevel: s.priceLevel,
    neighbourhood: s.neighbourhood,
    address: s.address,
    mapsUrl: s.mapsUrl,
    latitude: s.latitude,
    longitude: s.longitude,
    website: s.website,
    ...picture,
    featured: s.featured ? 1 : 0,
    featuredOrder: s.featuredOrder,
    ...hoursBody(s.hours),
    status: s.status,
    closedUntil: s.closedUntil,
    statusNote: s.statusNote,
    movedToId: s.movedToId,
  };
}

/** Only the fields that differ from the spot as it was opened: what the PATCH sends. */
export function changedBody(initial: EditorState, current: EditorState, currentImage: string): Record<string, unknown> {
  const before = fieldsOf(initial, currentImage);
  const after = fieldsOf(current, currentImage);
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])));
}
