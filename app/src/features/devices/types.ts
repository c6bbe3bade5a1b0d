/** Shapes of the device calls (server/domain/src/device, camelCase). */
import type { TagBrief, VersionCount } from '@/lib/api-types';

export type { TagBrief };

/** A row of POST /web/device/list (DeviceRow). */
export interface DeviceRow {
  id: number;
  imei: string;
  sn: string | null;
  partNo: string;
  version: string;
  iccid: string;
  carrier: string;
  carrierName: string;
  /** 0 receiver, 1 repeater */
  kind: number;
  parentId: number | null;
  parentImei: string | null;
  repeaters: number;
  entId: number;
  entName: string;
  vehicleId: number | null;
  plate: string | null;
  heartbeatAt: string | null;
  online: boolean;
  white: boolean;
  tags: TagBrief[];
  remark: string;
  createdAt: string;
  updatedAt: string;
}

/** A row of POST /web/device/sensor_list (SensorRow). */
export interface SensorRow {
  id: number;
  sensorNo: string;
  /** 1 tyre pressure and temperature, 2 axle temperature */
  kind: number;
  battery: number | null;
  entId: number;
  entName: string;
  deviceId: number | null;
  imei: string | null;
  vehicleId: number | null;
  plate: string | null;
  position: number | null;
  pressure: number | null;
  temp: number | null;
  readAt: string | null;
  boundAt: string | null;
  createdAt: string;
}

/** A firmware image (FirmwareRow). */
export interface FirmwareRow {
  id: number;
  /** part number the image is for */
  model: string;
  version: string;
  url: string;
  fileId: number | null;
  checksum: string;
  size: number;
  remark: string;
  openTasks: number;
  createdAt: string;
}

/** 0 queued, 1 sent, 2 downloading, 3 upgraded, 4 failed, 5 cancelled. */
export const TASK_STATUSES = [0, 1, 2, 3, 4, 5] as const;

/** An upgrade task (TaskRow). */
export interface TaskRow {
  id: number;
  deviceId: number;
  imei: string;
  entId: number;
  firmwareId: number | null;
  fromVersion: string;
  targetVersion: string;
  status: number;
  statusName: string;
  message: string;
  createdAt: string;
  updatedAt: string;
}

/** A part number with a version in use (VersionCount of /web/device/version). */
export type { VersionCount };

/** An enterprise's upgrade strategy for a part number (StrategyRow). */
export interface StrategyRow {
  id: number;
  entId: number;
  model: string;
  auto: boolean;
  firmwareId: number | null;
  windowStart: string;
  windowEnd: string;
  updatedAt: string;
}

export type TagKind = 'vehicle' | 'device' | 'label' | 'service';
export const TAG_KINDS: readonly TagKind[] = ['vehicle', 'device', 'label', 'service'];

/** A tag (TagRow). */
export interface TagRow {
  id: number;
  entId: number;
  kind: TagKind;
  name: string;
  color: string;
  vehicles: number;
  devices: number;
  createdAt: string;
}
