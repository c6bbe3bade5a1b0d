import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { Incident } from '../types';

export interface IncidentParams {
  kind?: number;
  level?: number;
  /** 0 active, 1 acknowledged, 2 cleared */
  state?: number;
  /** Active and acknowledged (no `state`). */
  open?: boolean;
  /** `severity`: critical before warning, then newest (the map's panel); default newest first. */
  order?: 'newest' | 'severity';
  vehicleId?: number;
  /** RFC 3339; on the start time, at most 31 days apart */
  start?: string;
  end?: string;
}

/** POST /api/web/log/incidents → PageResult<Incident>: alarms of the vehicles in scope, newest (or most severe) first. */
export const getIncidents = pageCall<IncidentParams, Incident>('/web/log/incidents');

export const incidentsKey = ['reports', 'incidents'] as const;

export function useIncidents(params: IncidentParams & Paging) {
  return usePageQuery(incidentsKey, getIncidents, params);
}
