import type { Spot } from '../../features/spots/api/get-spots';
import { LinkIcon, PinIcon } from './icons';

/**
 * A spot's ways out: its map and its own website, each opened in a new tab and only when the spot
 * has one. A card shows them small under More; the Details dialog shows the map as its main action.
 */
export function SpotLinks({ spot, compact = false }: { spot: Pick<Spot, 'mapsUrl' | 'website'>; compact?: boolean }) {
  const mapClass = compact ? 'btn btn--ghost btn--small' : 'btn btn--primary';
  const websiteClass = compact ? 'btn btn--ghost btn--small' : 'btn btn--secondary';
  return (
    <>
      {spot.mapsUrl && (
        <a className={mapClass} href={spot.mapsUrl} target="_blank" rel="noopener noreferrer">
          <PinIcon /> View Map
        </a>
      )}
      {spot.website && (
        <a className={websiteClass} href={spot.website} target="_blank" rel="noopener noreferrer">
          <LinkIcon /> Visit Website
        </a>
      )}
    </>
  );
}
