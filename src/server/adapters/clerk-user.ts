/** The signed-in Clerk user as the rest of the server sees it. */
export interface ClerkUser {
  id: string;
  /** The primary email address, when the user has one. */
  email: string | null;
  /** Clerk has verified the primary email (a code or link sent to it). */
  emailVerified: boolean;
  firstName: string | null;
  /** First and last name together, when set. */
  name: string | null;
}

/** The fields of Clerk's Backend API user (as `@clerk/backend`'s User exposes them) that we read. */
export interface ClerkApiUser {
  id: string;
  primaryEmailAddressId: string | null;
  emailAddresses: readonly { id: string; emailAddress: string; verification: { status: string } | null }[];
  firstName: string | null;
  lastName: string | null;
}

export function toClerkUser(user: ClerkApiUser): ClerkUser {
  const primary = user.emailAddresses.find((address) => address.id === user.primaryEmailAddressId) ?? null;
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    id: user.id,
    email: primary ? primary.emailAddress.trim().toLowerCase() : null,
    emailVerified: primary?.verification?.status === 'verified',
    firstName: user.firstName?.trim() || null,
    name: name || null,
  };
}

/** How long a deleted user's session tokens are refused here: longer than Clerk's 60-second tokens live. */
const DELETED_FOR_MS = 10 * 60_000;
const deleted = new Map<string, number>();

/** Marks a Clerk user as deleted in this process, so a session token they still hold signs nobody in. */
export function forgetClerkUser(id: string, now = Date.now()): void {
  for (const [each, at] of deleted) if (now - at > DELETED_FOR_MS) deleted.delete(each);
  deleted.set(id, now);
}

export function isDeletedClerkUser(id: string, now = Date.now()): boolean {
  const at = deleted.get(id);
  return at !== undefined && now - at <= DELETED_FOR_MS;
}

/**
 * Deletes the user in Clerk through its Backend API, which ends every Clerk session they have. A
 * user Clerk no longer has counts as deleted. Returns false when Clerk could not be reached or refused.
 */
export async function deleteClerkUser(id: string, settings: { secretKey: string; apiUrl?: string | undefined }): Promise<boolean> {
  const base = (settings.apiUrl ?? 'https://api.clerk.com').replace(/\/+$/, '');
  try {
    const response = await fetch(`${base}/v1/users/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${settings.secretKey}` },
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok || response.status === 404;
  } catch {
    return false;
  }
}
