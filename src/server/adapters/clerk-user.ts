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
