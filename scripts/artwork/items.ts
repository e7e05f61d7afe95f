import { artworkForPlace, artworkForSpot, artworkForStory, placeImage, spotImage, storyImage, type ArtworkSpec } from '../../db/seed/artwork';
import { seedPlaces } from '../../db/seed/places';
import { seedSpots } from '../../db/seed/spots';
import { seedStories } from '../../db/seed/stories';
import { renderArtwork } from './compose';

export interface ArtworkFile {
  folder: 'spots' | 'places' | 'stories';
  /** Site path, e.g. `/images/spots/toms-thumb-trail.svg`. */
  image: string;
  spec: ArtworkSpec;
  svg: string;
}

const file = (folder: ArtworkFile['folder'], image: string, spec: ArtworkSpec): ArtworkFile => ({
  folder,
  image,
  spec,
  svg: renderArtwork(`${folder}:${image}`, spec, folder === 'stories' ? 'hero' : 'card'),
});

/** Every seeded item's artwork, rendered in memory. */
export function artworkFiles(): ArtworkFile[] {
  return [
    ...seedSpots.map((s) => file('spots', spotImage(s.name), artworkForSpot(s.name))),
    ...seedPlaces.map((p) => file('places', placeImage(p.name), artworkForPlace(p.name))),
    ...seedStories.map((s) => file('stories', storyImage(s.slug), artworkForStory(s.slug))),
  ];
}
