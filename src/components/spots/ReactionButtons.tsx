import { useState } from 'react';
import { withRecentCounts } from '../../browser/recent-counts';
import { useHydrated } from '../ui/use-hydrated';
import { CheckIcon, HeartIcon } from './icons';
import { useReaction, type ReactionCounts } from './use-reaction';

interface Props {
  spotId: number;
  loved: boolean;
  visited: boolean;
  lovedCount: number;
  visitedCount: number;
}

/** Love and Been here for one spot (spec §4): one-way, counted once, with the counts beside them. */
export function ReactionButtons({ spotId, loved, visited, lovedCount, visitedCount }: Props) {
  const [counts, setCounts] = useState<ReactionCounts>({ lovedCount, visitedCount });
  // Once hydrated (the server's HTML has the page's counts): this tab's own latest answer, if newer.
  const shown = useHydrated() ? withRecentCounts(spotId, counts) : counts;
  const love = useReaction(spotId, 'love', setCounts);
  const visit = useReaction(spotId, 'visit', setCounts);
  return (
    <>
      <button type="button" className={`reaction${loved ? ' reaction--done' : ''}`} aria-pressed={loved} disabled={loved || love.isPending} onClick={() => love.mutate()}>
        <HeartIcon filled={loved} /> <span>{loved ? 'Loved' : 'Love'}</span>
        <span className="reaction__count" data-count="loved">
          {shown.lovedCount}
        </span>
      </button>
      <button
        type="button"
        className={`reaction${visited ? ' reaction--done' : ''}`}
        aria-pressed={visited}
        disabled={visited || visit.isPending}
        onClick={() => visit.mutate()}>
        <CheckIcon /> <span>Been here</span>
        <span className="reaction__count" data-count="visited">
          {shown.visitedCount}
        </span>
      </button>
    </>
  );
}
