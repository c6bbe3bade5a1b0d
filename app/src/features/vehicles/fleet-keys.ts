/**
 * watchList4 answers each vehicle with short keys (docs/fleet-data.md); this maps an entry back to the vehicle
 * fields of console-spec §3 once. Flags are omitted by the server when 0/false/null/empty: absent = the default.
 * Pure.
 */

export interface FleetGps {
  created: number;
  lat: number;
  lon: number;
  speed: number;
  address: string;
  direction: number;
}

export interface TpAbnormal {
  highTp: boolean;
  lowTp: boolean;
  highTemp: boolean;
  repeaters: boolean;
  sensorLoss: boolean;
  spraySwitch: boolean;
  sprayFault: boolean;
}

export interface FleetVehicle {
  carId: number;
  plate: string;
  trailerPlate: string;
  trailerId: number | null;
  headImgUrl: string;
  deviceTypeId: number;
  attention: boolean;
  enterprise_id: number;
  group_id: number | null;
  isAlarm: boolean;
  alarmType: number;
  alarmLevel: number;
  tag: string;
  startoff: boolean;
  table: boolean;
  close: boolean;
  repeaters: number;
  recharge: boolean;
  heartbeat: number | null;
  carPowerSupply: number;
  axleAbnormal: boolean;
  axleNull: boolean;
  axleLose: boolean;
  axleJump: boolean;
  axleEfficacy: boolean;
  tempDifference_24h: boolean;
  highTemp_24h: boolean;
  notInstalled: boolean;
  vehicleLow: boolean;
  imei: string;
  sn: string;
  partNo: string;
  version: string;
  created: number | null;
  finalTime: number | null;
  date: number | null;
  battery: number | null;
  offline: boolean;
  gps: FleetGps | null;
  tp_abnormal: TpAbnormal;
}

export type Raw = Record<string, unknown>;

const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const flag = (v: unknown): boolean => v === 1 || v === true;
const obj = (v: unknown): Raw | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : null);

function gpsOf(raw: Raw | null): FleetGps | null {
  if (!raw) return null;
  return {
    created: num(raw.t, 0),
    lat: num(raw.la, 0),
    lon: num(raw.lo, 0),
    speed: num(raw.s, 0),
    address: str(raw.ad),
    direction: num(raw.di, 0),
  };
}

function tpOf(raw: Raw | null): TpAbnormal {
  const r = raw ?? {};
  return {
    highTp: flag(r.hp),
    lowTp: flag(r.lp),
    highTemp: flag(r.ht),
    repeaters: flag(r.r),
    sensorLoss: flag(r.sl),
    spraySwitch: flag(r.ss),
    sprayFault: flag(r.sf),
  };
}

/** One watchList4 entry → the vehicle of console-spec §3. */
export function fromWatchEntry(raw: Raw): FleetVehicle {
  return {
    carId: num(raw.i, 0),
    plate: str(raw.p),
    trailerPlate: str(raw.tp),
    trailerId: numOrNull(raw.ti),
    headImgUrl: str(raw.h),
    deviceTypeId: num(raw.dt, 0),
    attention: flag(raw.at),
    enterprise_id: num(raw.e, 0),
    group_id: numOrNull(raw.g),
    isAlarm: flag(raw.a),
    alarmType: num(raw.ay, 0),
    alarmLevel: num(raw.al, 0),
    tag: str(raw.tg),
    startoff: flag(raw.so),
    table: flag(raw.tb),
    close: flag(raw.c),
    repeaters: num(raw.r, 0),
    recharge: flag(raw.rc),
    heartbeat: numOrNull(raw.hb),
    carPowerSupply: num(raw.ps, 0),
    axleAbnormal: flag(raw.xa),
    axleNull: flag(raw.xn),
    axleLose: flag(raw.xl),
    axleJump: flag(raw.xj),
    axleEfficacy: flag(raw.xe),
    tempDifference_24h: flag(raw.td),
    highTemp_24h: flag(raw.ht),
    notInstalled: flag(raw.ni),
    vehicleLow: flag(raw.vl),
    imei: str(raw.im),
    sn: str(raw.sn),
    partNo: str(raw.pn),
    version: str(raw.v),
    created: numOrNull(raw.cr),
    finalTime: numOrNull(raw.ft),
    date: numOrNull(raw.d),
    battery: numOrNull(raw.b),
    offline: flag(raw.o),
    gps: gpsOf(obj(raw.gp)),
    tp_abnormal: tpOf(obj(raw.ta)),
  };
}

/**
 * The raw entries of a watchList4 answer `{deviceList, followed, version, total, at}` (entries that are not objects are
 * dropped); the caller's follows (`followed`, ids) become each entry's `at` flag.
 */
export function watchEntries(data: unknown): Raw[] {
  const answer = obj(data);
  const list = answer?.deviceList;
  const followed = new Set(Array.isArray(answer?.followed) ? answer.followed : []);
  if (!Array.isArray(list)) return [];
  return list
    .map(obj)
    .filter((r): r is Raw => r !== null)
    .map((r) => (followed.has(r.i) ? { ...r, at: 1 } : r));
}

/** A watchList4 answer as the live map merges it: a whole feed, or the changes since a version it held. */
export interface WatchAnswer {
  entries: Raw[];
  /** Send back as `since` to get only what changed. */
  version: string | null;
  /** The entries are only the changed vehicles; `removed` are to be dropped. */
  delta: boolean;
  removed: number[];
  /** Followed vehicle ids (all of them, in a delta too). */
  followed: number[];
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

export function watchAnswer(data: unknown): WatchAnswer {
  const answer = obj(data);
  return {
    entries: watchEntries(data),
    version: typeof answer?.version === 'string' ? answer.version : null,
    delta: answer?.delta === true,
    removed: ids(answer?.removed),
    followed: ids(answer?.followed),
  };
}

/** The watchList4 answer → vehicles. */
export function fromWatchList(data: unknown): FleetVehicle[] {
  return watchEntries(data).map(fromWatchEntry);
}
