import { useEffect, useState } from 'react';
import { claimToaster, currentToast, dismissToast, drawsToasts, releaseToaster, subscribeToasts } from './toast-store';
import './ui.css';
import { useExternalStore } from './use-hydrated';

/**
 * Shows the current toast in a polite live region. Safe to mount in every island; `front` is the
 * one inside an open modal dialog, which draws above the backdrop while the dialog is open.
 */
export function Toaster({ front = false }: { front?: boolean }) {
  const [key] = useState(() => Symbol('toaster'));
  const toast = useExternalStore(subscribeToasts, currentToast, () => null);
  // Claimed after mount, never during render: the server render and hydration draw no toaster.
  const active = useExternalStore(
    subscribeToasts,
    () => drawsToasts(key),
    () => false,
  );

  useEffect(() => {
    claimToaster(key, front);
    return () => releaseToaster(key);
  }, [key, front]);

  if (!active) return null;
  return (
    <div className="toaster" role="region" aria-label="Notifications">
      <div aria-live="polite" aria-atomic="true">
        {toast && (
          <div className={`toast toast--${toast.variant}`} role={toast.variant === 'destructive' ? 'alert' : 'status'} key={toast.id}>
            <div className="toast__text">
              <p className="toast__title">{toast.title}</p>
              {toast.description && <p className="toast__description">{toast.description}</p>}
            </div>
            <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={dismissToast}>
              ×
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
