/** Shapes of the vehicle calls (server/domain/src/vehicle, camelCase). */
import type { DriverBrief, DriverRow, FleetStatistics, StateFilter } from '@/lib/api-types';

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
}

/** The vehicle list's state filter (fleet.rs StateFilter). */
export type { StateFilter };
export const STATE_FILTERS: readonly StateFilter[] = ['alarm', 'offline', 'online', 'driving', 'followed', 'notInstalled'];

export type { DriverBrief };

/** One wheel of POST /web/car/getSensor (WheelOut): bar, °C, %. */
export interface WheelReading {
  position: number;
  axle: number;
  tyreId?: number | null;
  sensorNo: string | null;
  /** 1 tyre pressure and temperature, 2 axle temperature; absent without a sensor */
  sensorKind?: number | null;
  pressure: number | null;
  temp: number | null;
  battery: number | null;
  status: number;
  /** ms */
  readAt: number | null;
}

/** The receiver bound to a vehicle (ReceiverBrief). */
export interface ReceiverBrief {
  id: number;
  imei: string;
  sn: string;
  partNo: string;
  version: string;
  online: boolean;
  /** ms */
  heartbeat: number | null;
}

/** A vehicle's live state (StateOut); absent before its first report. */
export interface VehicleLiveState {
  lat: number | null;
  lon: number | null;
  speed: number;
  direction: number;
  address: string;
  gpsTime: number | null;
  finalTime: number | null;
  offline: boolean;
  startoff: boolean;
  isAlarm: boolean;
  alarmType: number;
  alarmLevel: number;
  tpFlags: number;
  axleFlags: number;
  battery: number | null;
  voltage: number | null;
  close: boolean;
}

/** POST /web/car/carInfo and updateCarInfo (VehicleDetail). */
export interface VehicleInfo {
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
  tractorId: number | null;
  brandId: number | null;
  seriesId: number | null;
  classId: number | null;
  deviceTypeId: number;
  headImgUrl: string;
  axleLayout: string;
  installState: number;
  powerSupply: number;
  recharge: boolean;
  remark: string;
  attention: boolean;
  editable: boolean;
  drivers: DriverBrief[];
  memberIds: number[];
  device: ReceiverBrief | null;
  wheels: WheelReading[];
  state: VehicleLiveState | null;
  created: number;
  updated: number;
}

/** POST /web/car/statistics (FleetStatistics). */
export type { FleetStatistics };

/** A row of POST /web/car/driverList (DriverRow); the phone is masked unless asked with `edit`. */
export type { DriverRow };

/** A hitch / swap record of POST /web/car/trailerList (SwapRow); times in ms. */
export interface TrailerSwap {
  id: number;
  enterpriseId: number;
  tractorId: number;
  tractorPlate: string;
  fromTrailerId: number | null;
  fromPlate: string;
  toTrailerId: number | null;
  toPlate: string;
  operatorId: number;
  address: string;
  lat: number | null;
  lon: number | null;
  created: number;
}

/** A share link as the vehicle's people see it (ShareRow). */
export interface ShareLink {
  id: number;
  code: string;
  vehicleId: number;
  /** The page path, `/mf/P…` (with `?colony=7` for colony 7). */
  link: string;
  createdBy: number;
  createdByName: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  active: boolean;
}
