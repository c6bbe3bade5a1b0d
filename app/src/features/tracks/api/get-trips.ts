import { pageCall } from '@/lib/calls';
import type { TripRequest, TripRow } from '@/lib/api-types';
import { tracksKey } from './keys';

/** POST /api/web/car/trip_management → a page of TripRow: trips that started in the range, newest first. */
export const getTrips = pageCall<TripRequest, TripRow>('/web/car/trip_management', { noSupersede: true });

export const tripsKey = [...tracksKey, 'trips'] as const;
