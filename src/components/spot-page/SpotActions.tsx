import { EMPTY_VISITOR, subscribeVisitor, visitorSnapshot } from '../../browser/visitor-store';
import { SaveButton } from '../saved/SaveButton';
import { ReactionButtons } from '../spots/ReactionButtons';
import { QueryRoot } from '../ui/QueryRoot';
import '../spots/spots.css';
import { useExternalStore } from '../ui/use-hydrated';

interface Props {
  spotId: number;
  spotName: string;
  lovedCount: number;
  visitedCount: number;
  /** False while the spot is closed: loves and visits are not counted then, so their buttons are not shown. */
  reactions?: boolean;
}

function Actions({ spotId, spotName, lovedCount, visitedCount, reactions = true }: Props) {
  const visitor = useExternalStore(subscribeVisitor, visitorSnapshot, () => EMPTY_VISITOR);
  return (
    <div className="spot-actions">
      {reactions && (
        <ReactionButtons
          spotId={spotId}
          loved={visitor.lovedSpots.includes(spotId)}
          visited={visitor.visitedSpots.includes(spotId)}
          lovedCount={lovedCount}
          visitedCount={visitedCount}
        />
      )}
      <SaveButton spotId={spotId} spotName={spotName} variant="inline" />
    </div>
  );
}

/** Love, Been here and Save on a spot page. */
export default function SpotActions(props: Props) {
  return (
    <QueryRoot>
      <Actions {...props} />
    </QueryRoot>
  );
}
