import { useEffect } from 'react';
import { toast, type Toast } from '../ui/toast-store';

const KEY = 'admin-flash';

/**
 * A toast that outlives a page change: signing in or out moves to another server-rendered page,
 * where the message is shown once.
 */
export function flashToast(message: Pick<Toast, 'title' | 'description'>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(message));
  } catch {
    // Storage off: the next page simply shows no message.
  }
}

/** Shows the toast left by the previous page, once. */
export function useFlashToast(): void {
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = sessionStorage.getItem(KEY);
      sessionStorage.removeItem(KEY);
    } catch {
      return;
    }
    if (!stored) return;
    try {
      const message = JSON.parse(stored) as Pick<Toast, 'title' | 'description'>;
      if (typeof message.title === 'string') toast({ title: message.title, description: typeof message.description === 'string' ? message.description : undefined });
    } catch {
      // A damaged entry is dropped.
    }
  }, []);
}
