import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Toaster } from './Toaster';
import './ui.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Visually hide the title (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  size?: 'small' | 'large';
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the page behind is inert, focus stays inside, Escape closes it,
 * and focus returns to what opened it.
 */
export function Dialog({ open, onClose, title, hideTitle = false, size = 'small', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a backdrop click is a mouse shortcut; the keyboard has Escape and the Close button
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}>
      {open && (
        <div className="dialog__panel">
          <div className="dialog__header">
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
              {title}
            </h2>
            <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
          <Toaster front />
        </div>
      )}
    </dialog>
  );
}
