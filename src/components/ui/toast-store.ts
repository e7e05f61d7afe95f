import { TOAST_DURATION_MS } from '../../lib/constants';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

type Listener = () => void;

/** One toast at a time (spec §9): a new one replaces the current one; each lasts 5000 ms. */
let current: Toast | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(input: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }): void {
  current = { variant: 'default', ...input, id: nextId++ };
  clearTimeout(timer);
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
  emit();
}

export function dismissToast(): void {
  clearTimeout(timer);
  current = null;
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): Toast | null {
  return current;
}

/**
 * Several islands may each mount a Toaster; the first one mounted draws. An open modal dialog
 * mounts its own (`front`), which draws while it is open: a modal makes everything outside it
 * inert and hides it under its backdrop, so a toast about the dialog must live inside it.
 */
let pageOwner: symbol | null = null;
const frontOwners: symbol[] = [];

export function claimToaster(key: symbol, front = false): void {
  if (front) frontOwners.push(key);
  else pageOwner ??= key;
  emit();
}

export function releaseToaster(key: symbol): void {
  if (pageOwner === key) pageOwner = null;
  const index = frontOwners.indexOf(key);
  if (index >= 0) frontOwners.splice(index, 1);
  emit();
}

/** Whether this Toaster is the one that draws now. */
export function drawsToasts(key: symbol): boolean {
  return (frontOwners.at(-1) ?? pageOwner) === key;
}
