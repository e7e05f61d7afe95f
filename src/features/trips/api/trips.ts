import { apiGet, apiRequest, apiSend } from '../../../lib/api-client';
import type { CreateTrip, UpdateTrip } from '../../../lib/trip/input';
import type { Wire } from '../../../lib/wire';
import type { TripView } from '../../../server/trips/trip-view';

/** A trip with its plan, as GET /api/trips/{id} answers it. */
export type TripPlanView = Wire<TripView>;
export type TripList = { member: boolean; trips: TripPlanView[] };

export const TRIPS_QUERY_KEY = ['/api/trips'] as const;

export function getTrips(): Promise<TripList> {
  return apiGet<TripList>('/api/trips');
}

export function createTrip(input: CreateTrip): Promise<{ trip: TripPlanView }> {
  return apiSend('POST', '/api/trips', input);
}

export function updateTrip(id: number, change: UpdateTrip): Promise<{ trip: TripPlanView }> {
  return apiSend('PATCH', `/api/trips/${id}`, change);
}

export async function deleteTrip(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/trips/${id}`);
}

export function shareTrip(id: number): Promise<{ url: string }> {
  return apiSend('POST', `/api/trips/${id}/share`);
}

export async function unshareTrip(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/trips/${id}/share`);
}
