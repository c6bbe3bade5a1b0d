import { pageCall } from '@/lib/calls';
import type { PoiRow, PoiSearch } from '../types';

/** POST /api/poi/search → PageResult<PoiRow>: by name and types; near a point (`distanceM`, nearest first) within `radius` m. */
export const searchPois = pageCall<PoiSearch, PoiRow>('/poi/search');
