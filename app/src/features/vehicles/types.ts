/** Shapes of the vehicle calls (server/src/services/vehicle, camelCase). */

/** 0 tractor/truck, 1 trailer, 2 bus, 3 other. */
export type VehicleKind = 0 | 1 | 2 | 3;
export const VEHICLE_KINDS: readonly VehicleKind[] = [0, 1, 2, 3];
/** 0 not installed, 1 installed, 2 installing. */
export const INSTALL_STATES = [0, 1, 2] as const;

/** A row of POST /web/car/list (VehicleRow). */
export interface VehicleRow {
  carId: number;
  plate: string;
  vin: string;
  kind: number;
  enterpriseId: number;
  entName: string;
  groupId: number | null;
  groupName: string;
  trailerId: number | null;
  trailerPlate: string;
  axleLayout: string;
  deviceTypeId: number;
  installState: number;
  imei: string;
  attention: boolean;
  isAlarm: boolean;
  offline: boolean;
  speed: number;
  finalTime?: number | null;
  created: number;
  /** Also answered by carInfo (assumed): the close flag. */
  close?: boolean;
}

/** The vehicle list's state filter (fleet.rs StateFilter). */
export type StateFilter = 'alarm' | 'offline' | 'online' | 'driving' | 'followed' | 'notInstalled';
export const STATE_FILTERS: readonly StateFilter[] = ['alarm', 'offline', 'online', 'driving', 'followed', 'notInstalled'];

export interface DriverBrief {
  id: number;
  name: string;
  phone: string;
}

/** One wheel of POST /web/car/getSensor (assumed: the vehicle_wheels row with its sensor). */
export interface WheelReading {
  position: number;
  axle?: number;
  sensorNo: string | null;
  /** bar */
  pressure: number | null;
  /** °C */
  temp: number | null;
  battery: number | null;
  status: number;
  /** ms or ISO */
  readAt: number | string | null;
  /** Flags the server derives (assumed names; absent = false). */
  highTp?: boolean;
  lowTp?: boolean;
  highTemp?: boolean;
  lost?: boolean;
}

/** POST /web/car/carInfo (assumed): the list row plus drivers, device and trailer. */
export interface VehicleInfo extends VehicleRow {
  remark?: string;
  drivers?: DriverBrief[];
  iccid?: string;
  version?: string;
  brandId?: number | null;
  seriesId?: number | null;
  classId?: number | null;
}

/** POST /web/car/statistics (FleetStatistics). */
export interface FleetStatistics {
  all: number;
  alarm: number;
  offline: number;
  online: number;
  driving: number;
  parked: number;
  followed: number;
  notInstalled: number;
  closed: number;
}

export interface DriverRow {
  id: number;
  name: string;
  phone: string;
  license?: string;
  enterpriseId?: number;
  /** The vehicles the driver drives (ids and/or plates, as the server answers). */
  carIds?: number[];
  plates?: string[];
  remark?: string;
}

/** A trailer swap record (POST /web/car/trailerList). */
export interface TrailerSwap {
  id: number;
  carId: number;
  plate: string;
  oldTrailerId: number | null;
  oldTrailerPlate: string;
  trailerId: number | null;
  trailerPlate: string;
  createdAt: string;
  operator?: string;
}
