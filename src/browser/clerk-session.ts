import { STORAGE_KEYS, clearStoredUser, readStoredUser, writeStoredUser, type StoredUser } from './browser-storage';
import { forgetSubscriberEmail, rememberSubscriberEmail, visitorSnapshot } from './visitor-store';

/** What the server tells the page about the Clerk user (SiteHeader's data-clerk-user). */
export interface ClerkProfile {
  email: string | null;
  firstName: string | null;
  name: string | null;
}

function sameUser(a: StoredUser | null, b: StoredUser): boolean {
  return a?.provider === b.provider && a?.email === b.email && a?.firstName === b.firstName && a?.name === b.name;
}

/**
 * Keeps this browser's stored user in step with the Clerk session the server saw, so the rest of
 * the site (greeting, account page, free views) treats a Clerk user like any signed-in user, with
 * their primary email as the subscriber email. A Clerk user who has signed out (here or anywhere
 * else) is forgotten; a demo user is left alone.
 */
export function syncClerkUser(profile: ClerkProfile | null): void {
  const stored = readStoredUser();
  let changed = false;
  if (profile) {
    const user: StoredUser = { provider: 'clerk', email: profile.email ?? undefined, firstName: profile.firstName ?? undefined, name: profile.name ?? undefined };
    if (!sameUser(stored, user)) {
      writeStoredUser(user);
      changed = true;
    }
    if (profile.email && visitorSnapshot().subscriberEmail !== profile.email) rememberSubscriberEmail(profile.email);
  } else if (stored?.provider === 'clerk') {
    clearStoredUser();
    changed = true;
    if (stored.email && visitorSnapshot().subscriberEmail === stored.email) forgetSubscriberEmail();
  }
  // Islands on this page listen for the storage event, which a tab never gets for its own writes.
  if (changed) window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user }));
}

/** Clerk's browser SDK (the integration loads it on every page and sets window.Clerk). */
interface ClerkBrowser {
  loaded?: boolean;
  signOut(options?: { redirectUrl?: string }): Promise<unknown>;
}

/** window.Clerk once loaded; a click can come before the script has arrived. */
async function loadedClerk(timeoutMs = 5000): Promise<ClerkBrowser | undefined> {
  const clerk = () => (window as unknown as { Clerk?: ClerkBrowser }).Clerk;
  for (let waited = 0; !clerk()?.loaded && waited < timeoutMs; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return clerk();
}

/** Signs out of Clerk (its session cookies are Clerk's to clear), then forgets the stored user. */
export async function signOutOfClerk(): Promise<void> {
  const clerk = await loadedClerk();
  try {
    await clerk?.signOut();
  } catch (error) {
    console.error('Clerk sign-out failed:', error);
  }
  syncClerkUser(null);
}
