import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { trips, type Trip } from '../../../db/schema';
import { GUEST_DAYS_MESSAGE, GUEST_TRIP_DAYS, GUEST_TRIPS_MESSAGE, TRIPS_PER_OWNER, type CreateTrip, type UpdateTrip } from '../../lib/trip/input';
import { database } from '../db/database';
import { HttpError } from '../http/responses';
import { currentSubscriber, statusOf, type RequestVisitor } from '../subscriptions/subscriber';

/** Whose trips these are: a signed-in user's, or this browser's visitor session's. */
export type TripOwner = { userId: number } | { visitor: string };

export const TRIP_NOT_FOUND = 'No trip of yours has this address.';
export const TRIP_CHANGED = 'This trip was changed in another window. Reload it to see the latest, then make your change again.';

/** The owner of the request: the signed-in user, else the visitor session (started if need be). */
export function tripOwner(locals: App.Locals): TripOwner {
  if (locals.user) return { userId: locals.user.id };
  return { visitor: locals.startSession() };
}

export const SHARED_TRIP_GONE = 'This trip link does not work (any more): ask whoever sent it for a new one.';

/** The owner of a request that reads or removes a trip: a browser with no session has none (404). */
export function requireTripOwner(locals: App.Locals): TripOwner {
  const owner = existingTripOwner(locals);
  if (!owner) throw new HttpError(404, TRIP_NOT_FOUND);
  return owner;
}

/** A reading owner without starting a session: null when the browser has none yet. */
export function existingTripOwner(locals: App.Locals): TripOwner | null {
  if (locals.user) return { userId: locals.user.id };
  return locals.sessionId ? { visitor: locals.sessionId } : null;
}

function ownedBy(owner: TripOwner) {
  return 'userId' in owner ? eq(trips.ownerUserId, owner.userId) : and(eq(trips.ownerVisitor, owner.visitor), isNull(trips.ownerUserId));
}

/** A paying member plans as many trips of up to seven days as they like. */
export async function isMember(visitor: RequestVisitor): Promise<boolean> {
  const subscriber = await currentSubscriber(visitor);
  return subscriber ? (await statusOf(subscriber)).isActive : false;
}

export async function tripsOf(owner: TripOwner): Promise<Trip[]> {
  const db = await database();
  return db.select().from(trips).where(ownedBy(owner)).orderBy(desc(trips.updatedAt), desc(trips.id)).limit(TRIPS_PER_OWNER);
}

export async function tripOf(owner: TripOwner, id: number): Promise<Trip> {
  const db = await database();
  const [trip] = await db
    .select()
    .from(trips)
    .where(and(eq(trips.id, id), ownedBy(owner)));
  if (!trip) throw new HttpError(404, TRIP_NOT_FOUND);
  return trip;
}

export async function createTrip(owner: TripOwner, input: CreateTrip, member: boolean): Promise<Trip> {
  const db = await database();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(trips).where(ownedBy(owner));
  if (!member) {
    if (input.dayCount > GUEST_TRIP_DAYS) throw new HttpError(402, GUEST_DAYS_MESSAGE);
    if (n >= 1) throw new HttpError(402, GUEST_TRIPS_MESSAGE);
  }
  if (n >= TRIPS_PER_OWNER) throw new HttpError(409, `You have ${TRIPS_PER_OWNER} trips: delete one to plan another.`);
  const [trip] = await db
    .insert(trips)
    .values({
      ...input,
      ownerUserId: 'userId' in owner ? owner.userId : null,
      ownerVisitor: 'visitor' in owner ? owner.visitor : null,
    })
    .returning();
  return trip!;
}

export async function updateTrip(owner: TripOwner, id: number, change: UpdateTrip, member: boolean): Promise<Trip> {
  const current = await tripOf(owner, id);
  if (!member && change.dayCount !== undefined && change.dayCount > GUEST_TRIP_DAYS) throw new HttpError(402, GUEST_DAYS_MESSAGE);
  const { version, ...fields } = change;
  // New dates make the reader's arrangement meaningless; the plan starts afresh.
  const datesChanged = (fields.startDay !== undefined && fields.startDay !== current.startDay) || (fields.dayCount !== undefined && fields.dayCount !== current.dayCount);
  const db = await database();
  const [saved] = await db
    .update(trips)
    .set({ ...fields, ...(datesChanged && fields.layout === undefined && { layout: null }), version: current.version + 1, updatedAt: new Date() })
    .where(and(eq(trips.id, id), ownedBy(owner), eq(trips.version, version)))
    .returning();
  if (!saved) throw new HttpError(409, TRIP_CHANGED);
  return saved;
}

export async function deleteTrip(owner: TripOwner, id: number): Promise<void> {
  const db = await database();
  const gone = await db
    .delete(trips)
    .where(and(eq(trips.id, id), ownedBy(owner)))
    .returning({ id: trips.id });
  if (gone.length === 0) throw new HttpError(404, TRIP_NOT_FOUND);
}

/** Makes (or keeps) the read-only link of a trip. */
export async function shareTrip(owner: TripOwner, id: number): Promise<Trip> {
  const trip = await tripOf(owner, id);
  if (trip.shareToken) return trip;
  const db = await database();
  const [saved] = await db
    .update(trips)
    .set({ shareToken: randomBytes(32).toString('base64url'), updatedAt: new Date() })
    .where(and(eq(trips.id, id), ownedBy(owner)))
    .returning();
  return saved!;
}

/** Ends the read-only link at once: the next visit to it answers 404. */
export async function unshareTrip(owner: TripOwner, id: number): Promise<Trip> {
  await tripOf(owner, id);
  const db = await database();
  const [saved] = await db
    .update(trips)
    .set({ shareToken: null, updatedAt: new Date() })
    .where(and(eq(trips.id, id), ownedBy(owner)))
    .returning();
  return saved!;
}

export async function tripByShareToken(token: string): Promise<Trip | null> {
  const db = await database();
  const [trip] = await db.select().from(trips).where(eq(trips.shareToken, token));
  return trip ?? null;
}

/** At sign-in, the trips this browser planned become the user's (as its loves and views do). */
export function claimVisitorTrips(db: Awaited<ReturnType<typeof database>>, userId: number, visitor: string) {
  return db
    .update(trips)
    .set({ ownerUserId: userId, ownerVisitor: null })
    .where(and(eq(trips.ownerVisitor, visitor), isNull(trips.ownerUserId)));
}
