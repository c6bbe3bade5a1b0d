import { postCall, useCallQuery } from '@/lib/calls';
import type { Itinerary, TrackRequest } from '@/lib/api-types';
import { tracksKey } from './keys';

/** POST /api/web/car/itinerary → Itinerary: a vehicle's fixes over a range (thinned), its distance and stops. */
export const getItinerary = postCall<TrackRequest, Itinerary>('/web/car/itinerary');

export function useItinerary(payload: TrackRequest, enabled = true) {
  return useCallQuery([...tracksKey, 'itinerary'], getItinerary, payload, enabled);
}
