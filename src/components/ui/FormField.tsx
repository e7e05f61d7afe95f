import type { ReactNode } from 'react';

/**
 * What a field's control carries so that a screen reader hears its error with it: its id, whether
 * it is invalid, and the error line that describes it.
 */
export function fieldAria(id: string, error: string | undefined) {
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined };
}

/** One field of a form: its label, the control (with `fieldAria`), and the error under it while there is one. */
export function FormField({ id, label, error, children }: { id: string; label: ReactNode; error: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
