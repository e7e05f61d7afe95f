import type { Spot } from '../../features/spots/api/get-spots';
import { SpotCard } from './SpotCard';
import { cardPropsFor, type Visitor } from './card-props';
import './spots.css';

export interface SpotCardsProps {
  spots: Spot[];
  visitor: Visitor;
  /** The visitor's free views are used up: Details offers the subscription instead. */
  locked: boolean;
  onDetails: (spot: Spot) => void;
  /** Called by a locked card's Details button. */
  onSubscribe?: () => void;
  /** Miles from the visitor by spot id ("near me"). */
  distances?: Map<number, number>;
}

const nothing = () => undefined;

/** The cards of a grid, marked with what this visitor loved and visited. */
export function SpotCards({ spots, visitor, locked, onDetails, onSubscribe = nothing, distances }: SpotCardsProps) {
  return (
    <div className="spot-grid">
      {spots.map((spot) => (
        <SpotCard key={spot.id} spot={spot} {...cardPropsFor(visitor, spot, locked)} onDetails={onDetails} onSubscribe={onSubscribe} miles={distances?.get(spot.id)} />
      ))}
    </div>
  );
}
