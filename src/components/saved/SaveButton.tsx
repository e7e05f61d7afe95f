import { BookmarkIcon } from '../spots/icons';
import { useSaved } from './use-saved';
import './saved.css';

interface Props {
  spotId: number;
  spotName: string;
  /** `overlay`: a round button on a picture; `inline`: a labelled button in a row of actions. */
  variant?: 'overlay' | 'inline';
}

/**
 * Save / Saved for one spot. Anyone may save, locked visitors too: the list shows names and pictures.
 * It works before the saved list has loaded: a save made then goes to this browser's list, which is
 * sent to the server as soon as the visitor turns out to be signed in (see useSaved).
 */
export function SaveButton({ spotId, spotName, variant = 'overlay' }: Props) {
  const saved = useSaved();
  const isSaved = saved.isSaved(spotId);
  const label = isSaved ? `Remove ${spotName} from your saved spots` : `Save ${spotName}`;
  return (
    <button
      type="button"
      className={`save-button save-button--${variant}${isSaved ? ' save-button--saved' : ''}`}
      aria-pressed={isSaved}
      aria-label={variant === 'overlay' ? label : undefined}
      title={variant === 'overlay' ? label : undefined}
      disabled={saved.pending === spotId}
      onClick={() => saved.toggle(spotId)}>
      <BookmarkIcon filled={isSaved} />
      {variant === 'inline' && <span>{isSaved ? 'Saved' : 'Save'}</span>}
    </button>
  );
}
