import { useBrowseAiStatus } from '../../features/admin/api/get-browse-ai-status';
import { useTriggerBrowseAi } from '../../features/admin/api/trigger-browse-ai';
import { ApiError } from '../../lib/api-client';
import { EVENT_SCRAPE_LIMIT } from '../../lib/constants';
import { toast } from '../ui/toast-store';

/** Browse AI Event Automation (spec §2): shows the robot and starts a scraping task. */
export function BrowseAiPanel() {
  const status = useBrowseAiStatus();
  const trigger = useTriggerBrowseAi({
    mutationConfig: {
      onSuccess: () => toast({ title: 'Browse AI Task Created', description: 'New events will appear in the calendar when the task finishes.' }),
      onError: (error) => {
        let message: string | null = null;
        if (error instanceof ApiError) {
          try {
            const body = JSON.parse(error.body) as { error?: string; message?: string };
            message = body.error ?? body.message ?? null;
          } catch {
            message = null;
          }
        }
        toast({ title: 'Failed to Trigger Browse AI', description: message ?? 'Please check the API key configuration.', variant: 'destructive' });
      },
    },
  });

  return (
    <div className="browse-ai">
      <dl className="browse-ai__facts">
        <dt>Robot ID</dt>
        <dd>
          <code>{status.data?.robotId ?? (status.isPending ? '…' : 'Not configured')}</code>
        </dd>
        <dt>Source</dt>
        <dd>{status.data?.source ?? (status.isPending ? '…' : '—')}</dd>
        <dt>Event limit</dt>
        <dd>{status.data?.limit ?? EVENT_SCRAPE_LIMIT}</dd>
      </dl>
      <button type="button" className="btn btn--primary" disabled={trigger.isPending} onClick={() => trigger.mutate()}>
        {trigger.isPending ? 'Starting…' : 'Trigger Event Scraping'}
      </button>
    </div>
  );
}
