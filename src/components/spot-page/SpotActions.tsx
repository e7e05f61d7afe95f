import { useState, useSyncExternalStore } from 'react';
import { EMPTY_VISITOR, subscribeVisitor, visitorSnapshot } from '../../browser/visitor-store';
import { SaveButton } from '../saved/SaveButton';
import { CheckIcon, HeartIcon } from '../spots/icons';
import { useReaction, type ReactionCounts } from '../spots/use-reaction';
import { QueryRoot } from '../ui/QueryRoot';
import '../spots/spots.css';

interface Props {
  spotId: number;
  spotName: string;
  lovedCount: number;
  visitedCount: number;
}

function Actions({ spotId, spotName, lovedCount, visitedCount }: Props) {
  const [counts, setCounts] = useState<ReactionCounts>({ lovedCount, visitedCount });
  const visitor = useSyncExternalStore(subscribeVisitor, visitorSnapshot, () => EMPTY_VISITOR);
  const love = useReaction(spotId, 'love', setCounts);
  const visit = useReaction(spotId, 'visit', setCounts);
  const loved = visitor.lovedSpots.includes(spotId);
  const visited = visitor.visitedSpots.includes(spotId);
  return (
    <div className="spot-actions">
      <button type="button" className={`reaction${loved ? ' reaction--done' : ''}`} aria-pressed={loved} disabled={loved || love.isPending} onClick={() => love.mutate()}>
        <HeartIcon filled={loved} /> <span>{loved ? 'Loved' : 'Love'}</span>
        <span className="reaction__count">{counts.lovedCount}</span>
      </button>
      <button
        type="button"
        className={`reaction${visited ? ' reaction--done' : ''}`}
        aria-pressed={visited}
        disabled={visited || visit.isPending}
        onClick={() => visit.mutate()}>
        <CheckIcon /> <span>Been here</span>
        <span className="reaction__count">{counts.visitedCount}</span>
      </button>
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
