import { ApiError } from '../../lib/api-client';

/**
 * The one button of a newsletter letter page (confirm a sign-up, resubscribe): it sends the
 * page's signed token, says it is working, then shows the server's answer or its error in the
 * box's status line, and can be tried again after an error.
 */
export function wireLetterAction(selector: string, texts: { working: string; done: string }, send: (token: string | undefined) => Promise<{ message?: string }>): void {
  const box = document.querySelector<HTMLElement>(selector);
  const button = box?.querySelector<HTMLButtonElement>('button');
  const status = box?.querySelector<HTMLElement>('[role="status"]');
  if (!box || !button || !status) return;
  button.addEventListener('click', async () => {
    button.disabled = true;
    status.dataset.state = 'working';
    status.textContent = texts.working;
    try {
      const body = await send(box.dataset.token);
      status.dataset.state = 'done';
      status.textContent = body.message ?? texts.done;
      button.hidden = true;
    } catch (error) {
      status.dataset.state = 'error';
      status.textContent = (error instanceof ApiError && error.serverMessage) || 'Something went wrong. Try again.';
      button.disabled = false;
    }
  });
}
