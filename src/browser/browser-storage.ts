/** Keys of the visitor's local browser storage (spec §3). */
export const STORAGE_KEYS = {
  viewCount: 'viewCount',
  subscriberEmail: 'subscriberEmail',
  lovedSpots: 'lovedSpots',
  visitedSpots: 'visitedSpots',
  /** Spots saved before signing in; sent to the server and cleared at sign-in. */
  savedSpots: 'savedSpots',
  user: 'user',
  installPromptDismissed: 'installPromptDismissed',
} as const;

/** The signed-in user remembered in the browser. */
export interface StoredUser {
  email?: string;
  firstName?: string;
  name?: string;
  /** Set when the user signed in through Clerk rather than the demo sign-in. */
  provider?: 'clerk';
}

/** "Hi, {first name, else name, else User}" of the header. */
export function greetingName(user: StoredUser | null | undefined): string {
  return user?.firstName?.trim() || user?.name?.trim() || 'User';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredUser(): StoredUser | null {
  const raw = storage()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

/** Calls back when another tab signs in or out (the storage event). */
export function subscribeStoredUser(listener: () => void): () => void {
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

export function clearStoredUser(): void {
  storage()?.removeItem(STORAGE_KEYS.user);
}

export function writeStoredUser(user: StoredUser): void {
  storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}
