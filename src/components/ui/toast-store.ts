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

/** Several islands may each mount a Toaster; only the first one mounted draws. */
let owner: symbol | null = null;
export function claimToaster(key: symbol): boolean {
  owner ??= key;
  return owner === key;
}
export function releaseToaster(key: symbol): void {
  if (owner === key) owner = null;
}
