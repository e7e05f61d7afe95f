import { artworkForPlace, artworkForSpot, placeImage, spotImage, storyImage, storyPanels, type ArtworkSpec } from '../../db/seed/artwork';
import { seedPlaces } from '../../db/seed/places';
import { seedSpots } from '../../db/seed/spots';
import { seedStories } from '../../db/seed/stories';
import { renderArtwork } from './compose';
import { renderStoryCover } from './story-cover';

export interface ArtworkFile {
  folder: 'spots' | 'places' | 'stories';
  /** Site path, e.g. `/images/spots/toms-thumb-trail.svg`. */
  image: string;
  spec: ArtworkSpec;
  svg: string;
}

const file = (folder: ArtworkFile['folder'], image: string, spec: ArtworkSpec, svg = renderArtwork(`${folder}:${image}`, spec, 'card')): ArtworkFile => ({
  folder,
  image,
  spec,
  svg,
});

/** Every seeded item's artwork, rendered in memory. */
export function artworkFiles(): ArtworkFile[] {
  return [
    ...seedSpots.map((s) => file('spots', spotImage(s.name), artworkForSpot(s.name))),
    ...seedPlaces.map((p) => file('places', placeImage(p.name), artworkForPlace(p.name, p))),
    ...seedStories.map((s) => {
      const image = storyImage(s.slug);
      const panels = storyPanels(s.slug);
      return file('stories', image, panels[0]!, renderStoryCover(`stories:${image}`, panels, s.category));
    }),
  ];
}
