import { QueryRoot } from '../ui/QueryRoot';
import { AddSpotForm } from './AddSpotForm';
import { BrowseAiPanel } from './BrowseAiPanel';
import { SuggestionReview } from './SuggestionReview';
import './admin.css';

const AREAS = { 'add-spot': AddSpotForm, suggestions: SuggestionReview, 'browse-ai': BrowseAiPanel } as const;
export type AdminAreaName = keyof typeof AREAS;

/** One of the back office's working areas, as an island inside its server-rendered card. */
export default function AdminArea({ area }: { area: AdminAreaName }) {
  const Area = AREAS[area];
  return (
    <QueryRoot>
      <Area />
    </QueryRoot>
  );
}
