/** The websocket frames of docs/live.md, parsed from text. Pure. */

import type { Message as WorkMessage } from '@/lib/api-types';
import { messageOf, type Message } from './message';
import type { Raw } from '@/features/vehicles';

export type { Raw };

/** An alarm change (the server's AlarmEvent). */
export interface LiveAlarm {
  id: number;
  vehicleId: number;
  plate: string;
  enterpriseId: number;
  /** wheel position axle*10+wheel, 0 for the vehicle */
  position: number;
  /** The vehicle's wheels per axle that name `position`; empty when the server did not know them. */
  wheelsPerAxle: number[];
  kind: number;
  /** 1 warning, 2 critical */
  level: number;
  /** 0 active, 1 acknowledged, 2 cleared */
  state: number;
  value: number | null;
  threshold: number | null;
  startedAt: number;
}

/**
 * A work-order event for this user (docs/work-orders.md "Live"): a new note in a discussion they are in, or an order
 * of theirs changing state. Its fields sit in the frame beside `type`.
 */
export type WorkEvent = { type: 'work.message'; orderId: number; message: WorkMessage } | { type: 'work.order'; orderId: number; state: number };

export type LiveFrame =
  | { type: 'hello'; seq: number; heartbeat: number }
  | { type: 'vehicle'; seq: number; data: Raw }
  | { type: 'alarm'; seq: number; data: LiveAlarm }
  | { type: 'resync'; seq: number }
  /** A push to this user (docs/push.md): numbered like the others, sent (and resumed) to the recipient alone. */
  | { type: 'message'; seq: number; data: Message }
  /** Work-order events: numbered and resumed like the others, sent to the order's members alone. */
  | { type: 'work'; seq: number; event: WorkEvent }
  | { type: 'pong' }
  | { type: 'error'; msg: string };

/** Alarm kinds 1–14 (docs/live.md, shared/reference/fleet.md): the i18n keys under `map:alarmKind`. */
export const ALARM_KINDS = [
  'highPressure',
  'lowPressure',
  'highTemp',
  'fastLeak',
  'slowLeak',
  'axleHighTemp',
  'axleTempDifference',
  'sensorLost',
  'sensorLowBattery',
  'repeaterFault',
  'deviceOffline',
  'spraySwitch',
  'sprayFault',
  'power',
  'offRoute',
  'geofence',
] as const;

export type AlarmKindKey = (typeof ALARM_KINDS)[number] | 'unknown';

export function alarmKindKey(kind: number): AlarmKindKey {
  return ALARM_KINDS[kind - 1] ?? 'unknown';
}

const isObj = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function alarmOf(d: Raw): LiveAlarm {
  return {
    id: num(d.id),
    vehicleId: num(d.vehicleId),
    plate: typeof d.plate === 'string' ? d.plate : '',
    enterpriseId: num(d.enterpriseId),
    position: num(d.position),
    wheelsPerAxle: Array.isArray(d.wheelsPerAxle) ? d.wheelsPerAxle.filter((w): w is number => typeof w === 'number') : [],
    kind: num(d.kind),
    level: num(d.level, 1),
    state: num(d.state),
    value: numOrNull(d.value),
    threshold: numOrNull(d.threshold),
    startedAt: num(d.startedAt),
  };
}

/** A note of a `work.message` frame, or null when it has no id. */
function workMessageOf(d: unknown): WorkMessage | null {
  if (!isObj(d) || typeof d.id !== 'number') return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const numbers = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
  return {
    id: d.id,
    authorId: num(d.authorId),
    authorName: str(d.authorName),
    content: str(d.content),
    images: Array.isArray(d.images) ? d.images.filter((x): x is string => typeof x === 'string') : [],
    mentions: numbers(d.mentions),
    at: str(d.at),
    mine: d.mine === true,
  };
}

/** A text frame → a frame, or null when it is not one the console knows. */
export function parseFrame(text: string): LiveFrame | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObj(v)) return null;
  const seq = num(v.seq, -1);
  switch (v.type) {
    case 'hello':
      return seq >= 0 ? { type: 'hello', seq, heartbeat: num(v.heartbeat, 20) } : null;
    case 'vehicle':
      return seq >= 0 && isObj(v.data) ? { type: 'vehicle', seq, data: v.data } : null;
    case 'alarm':
      return seq >= 0 && isObj(v.data) ? { type: 'alarm', seq, data: alarmOf(v.data) } : null;
    case 'resync':
      return seq >= 0 ? { type: 'resync', seq } : null;
    case 'message': {
      const message = messageOf(v.data);
      return seq >= 0 && message ? { type: 'message', seq, data: message } : null;
    }
    case 'work.message': {
      const message = workMessageOf(v.message);
      const orderId = numOrNull(v.orderId);
      return seq >= 0 && message && orderId !== null ? { type: 'work', seq, event: { type: 'work.message', orderId, message } } : null;
    }
    case 'work.order': {
      const orderId = numOrNull(v.orderId);
      const state = numOrNull(v.state);
      return seq >= 0 && orderId !== null && state !== null ? { type: 'work', seq, event: { type: 'work.order', orderId, state } } : null;
    }
    case 'pong':
      return { type: 'pong' };
    case 'error':
      return { type: 'error', msg: typeof v.msg === 'string' ? v.msg : '' };
    default:
      return null;
  }
}
