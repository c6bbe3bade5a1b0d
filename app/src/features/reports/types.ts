/** The report area's rows (server: services/report). Pressures bar, temperatures °C, as stored. */

/** An alarm with its timings (IncidentRow). */
export interface Incident {
  id: number;
  vehicleId: number;
  plate: string;
  enterpriseId: number;
  /** `axle * 10 + wheel`, 0 for the vehicle */
  position: number;
  /** The vehicle's wheels per axle (front first) that name `position`; empty when unknown. */
  wheelsPerAxle: number[];
  kind: number;
  /** 1 warning, 2 critical */
  level: number;
  /** 0 active, 1 acknowledged, 2 cleared */
  state: number;
  value: number | null;
  threshold: number | null;
  startedAt: string;
  ackedAt: string | null;
  ackedByName: string;
  note: string;
  clearedAt: string | null;
  clearedByName: string;
  durationS: number;
  ackAfterS: number | null;
}
